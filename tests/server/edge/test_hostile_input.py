"""Hostile names and oversized requests: limits hold, and names come out inert everywhere.

Rules: a name is at most 32 visible characters; a request body is at most 64 KiB; the
number of live pods is capped; a name full of markup, quotes or spreadsheet formulas is
stored as text and every export carries it escaped (XML), prefixed (CSV) or as plain text;
a name in any script downloads fine (the attachment filename is ASCII).
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from draft.cards import load_set
from pods.deck import Deck
from pods.formats.csv_format import FORMULA_START
from pods.formats.csv_format import read as read_csv
from pods.formats.csv_format import write as write_csv
from pods.formats.names import CardLookup
from tests.server.support.builders import bearer, draft_until_done, join, me, new_pod, start

SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

HOSTILE = '<script>alert("x")</script>'
FORMULA = "=HYPERLINK(\"http://x\")"
NAMES = [HOSTILE[:32], FORMULA, "Zoë 李 ⚔", "'; DROP TABLE pod;--", "&amp;<b>B</b>"]


@SQLITE
def test_name_limits(client: TestClient) -> None:
    pod = new_pod(client)
    """Too long or blank is `invalid`; a control or direction character is named as such
    (`bad_characters`), what a season file's names get too."""
    for name, status, code in (("x" * 32, 201, None), ("x" * 33, 422, "invalid"),
                               ("a\u0000b", 422, "bad_characters"),
                               ("a\nb", 422, "bad_characters"),
                               ("\u202eevil", 422, "bad_characters"),
                               ("   ", 422, "invalid"), ("", 422, "invalid")):
        response = client.post(pod.url("/seats"), json={"name": name})
        assert response.status_code == status, (name, response.text)
        if code is not None:
            assert response.json()["error"]["code"] == code, (name, response.text)


@SQLITE
def test_a_huge_body_is_413_before_it_is_read(client: TestClient) -> None:
    pod = new_pod(client)
    body = json.dumps({"name": "x" * 200_000})
    response = client.post(pod.url("/seats"), content=body,
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"

    def chunks() -> Any:  # no Content-Length: counted as it streams
        for _ in range(100):
            yield b" " * 1024

    streamed = client.post(pod.url("/seats"), content=chunks(),
                           headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413


@SQLITE
@pytest.mark.parametrize(("language", "sentence"), [("ru", "Запрос слишком большой."),
                                                    ("it", "La richiesta è troppo grande.")],
                         ids=["ru", "it"])
def test_a_huge_body_is_refused_in_the_readers_language(client: TestClient, language: str,
                                                        sentence: str) -> None:
    pod = new_pod(client)
    response = client.post(pod.url("/seats"), content=json.dumps({"name": "x" * 200_000}),
                           headers={"Content-Type": "application/json",
                                    "Accept-Language": language})
    assert response.status_code == 413
    assert response.json() == {"error": {"code": "too_large", "message": sentence}}


@SQLITE
def test_the_number_of_live_pods_is_capped(make_settings: Any, app_client: Any) -> None:
    with app_client(make_settings(max_pods=3)) as client:
        pods = [new_pod(client) for _ in range(3)]
        refused = client.post("/api/pods", json={"set": "CMR", "seats": 8})
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "too_many_pods"
        client.post(pods[0].url("/end"), headers=pods[0].host)
        assert client.post("/api/pods", json={"set": "CMR", "seats": 8}).status_code == 201


@SQLITE
def test_hostile_names_come_out_inert_in_every_export(client: TestClient) -> None:
    pod = new_pod(client, seats=len(NAMES), seed=5, replay_visibility="after_draft")
    seats = [join(client, pod, name) for name in NAMES]
    start(client, pod)
    assert [p["name"] for p in client.get(pod.url()).json()["players"]] == NAMES
    draft_until_done(client, seats)
    for seat in seats:
        pool = [c["id"] for c in me(client, seat)["pool"]]
        put = client.put(pod.url("/deck"), headers=seat.auth, json={"main": pool[:40]})
        assert put.status_code == 200
        for what in ("pool", "deck"):
            for fmt in ("arena", "mtgo", "cockatrice", "forge", "text", "csv", "json"):
                response = client.get(pod.url("/export"), headers=seat.auth,
                                      params={"what": what, "format": fmt})
                assert response.status_code == 200, (seat.name, what, fmt, response.text)
                disposition = response.headers["content-disposition"]
                assert disposition.isascii() and '"' not in disposition.split('"')[1]
                check_inert(fmt, response.text, seat.name)
        for fmt in ("mtgo", "json"):
            log = client.get(pod.url("/export"), headers=seat.auth,
                             params={"what": "log", "format": fmt})
            assert log.status_code == 200
            check_inert(fmt, log.text, seat.name)
    archive = client.get(pod.url("/export.zip"), headers=pod.host)
    assert archive.status_code == 200
    names = zipfile.ZipFile(io.BytesIO(archive.content)).namelist()
    assert all(name.isascii() and ".." not in name and not name.startswith("/")
               for name in names)


def check_inert(fmt: str, text: str, name: str) -> None:
    if fmt == "cockatrice":
        root = ET.fromstring(text)  # well-formed: the name cannot open or close a tag
        assert root.tag == "cockatrice_deck"
        assert "<script>" not in text
    elif fmt == "csv":
        for row in csv.reader(io.StringIO(text)):
            assert not any(cell.startswith(FORMULA_START) for cell in row), row
    elif fmt == "json":
        json.loads(text)


def test_csv_cells_that_look_like_formulas_are_prefixed_and_read_back() -> None:
    card = dataclasses.replace(load_set("CMR").cards[0], name="=cmd|' /C calc'!A0")
    text = write_csv(Deck(main=(card,)))
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][2] == "'=cmd|' /C calc'!A0"
    assert all(not cell.startswith(FORMULA_START) for row in rows for cell in row)
    read_back = read_csv(text, CardLookup())
    assert [problem.card for problem in read_back.problems] == ["=cmd|' /C calc'!A0"]


@SQLITE
def test_seat_views_carry_names_as_data(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    ann = join(client, pod, HOSTILE[:32])
    view = client.get(pod.url("/me"), headers=bearer(ann.token))
    assert view.headers["content-type"] == "application/json"
    assert view.json()["me"]["name"] == HOSTILE[:32]


@SQLITE
def test_pages_never_carry_a_name_or_a_path_as_markup(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    join(client, pod, HOSTILE[:32])
    urls = ["/", f"/pods/{pod.pod_id}/join", f"/pods/{pod.pod_id}/host",
            f"/pods/{pod.pod_id}/seat", "/pods/%3Cscript%3Ealert(1)%3C%2Fscript%3E/join",
            "/pods/x%22onload%3D%22alert(1)/seat"]
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 404), (url, response.status_code)
        assert "<script>alert" not in response.text, url
        assert '"onload="' not in response.text, url


UNSAFE_DOM = ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(")


def test_the_web_ui_writes_text_never_markup() -> None:
    """Names reach pages only through the JSON API, and the UI's scripts put them in the
    DOM with textContent; templates never switch autoescaping off."""
    frontend = Path(__file__).resolve().parents[3] / "frontend"
    for script in (frontend / "static").rglob("*.js"):
        code = "\n".join(line for line in script.read_text().splitlines()
                         if not line.lstrip().startswith("//"))
        assert not [word for word in UNSAFE_DOM if word in code], script.name
    for template in (frontend / "templates").rglob("*.html"):
        text = template.read_text()
        assert "|safe" not in text.replace(" ", "") and "autoescape false" not in text
