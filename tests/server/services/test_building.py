"""After the draft: decks with a legality report, exports, and the table split."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    draft_until_done,
    join,
    me,
    new_pod,
    start,
)
from tests.server.support.databases import SQLITE_ONLY


def mono_red_piper(view: dict[str, Any]) -> dict[str, Any]:
    """A Piper (red) deck: red and colorless non-land pool cards, then Mountains to 60."""
    main = [c["id"] for c in view["pool"]
            if set(c["color_identity"]) <= {"R"} and "Land" not in c["type_line"]
            and not c["can_be_commander"]][:30]
    return {"commanders": [{"piper": True, "color": "R"}], "main": main,
            "basics": {"Mountain": 59 - len(main)}}


def test_finished_draft_moves_to_building(client: TestClient,
                                          built: tuple[PodHandle, list[SeatHandle]]) -> None:
    _pod, seats = built
    assert me(client, seats[0])["phase"] == "building"


def test_deck_gets_a_report_and_can_be_resubmitted(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, seats = built
    ann = seats[0]
    bad = client.put(pod.url("/deck"), headers=ann.auth, json={"main": []})
    assert bad.status_code == 200
    assert bad.json()["report"]["legal"] is False
    assert bad.json()["report"]["problems"]
    good = client.put(pod.url("/deck"), headers=ann.auth, json=mono_red_piper(me(client, ann)))
    assert good.status_code == 200, good.text
    assert good.json()["report"]["legal"] is True, good.json()["report"]
    assert me(client, ann)["deck"]["report"]["legal"] is True
    host = client.get(pod.url("/host"), headers=pod.host).json()
    ready = {p["name"]: (p["deck_submitted"], p["deck_legal"]) for p in host["players"]}
    assert ready == {"Ann": (True, True), "Bob": (False, None), "Cid": (False, None)}


@SQLITE_ONLY
def test_a_card_not_in_my_pool_is_refused(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, (ann, bob, _cid) = built
    bobs = me(client, bob)["pool"][0]["id"]
    response = client.put(pod.url("/deck"), headers=ann.auth, json={"main": [bobs]})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "not_in_pool"


@SQLITE_ONLY
def test_decks_are_refused_while_drafting(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    ann = join(client, pod, "Ann")
    start(client, pod)
    response = client.put(pod.url("/deck"), headers=ann.auth, json={"main": []})
    assert response.status_code == 409


@SQLITE_ONLY
@pytest.mark.parametrize("fmt", ["arena", "mtgo", "cockatrice", "forge", "text", "csv", "json"])
def test_pool_exports_in_every_format(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]], fmt: str
) -> None:
    pod, (ann, _bob, _cid) = built
    response = client.get(pod.url("/export"), headers=ann.auth,
                          params={"what": "pool", "format": fmt})
    assert response.status_code == 200, response.text
    assert "attachment" in response.headers["content-disposition"]
    assert response.text


def test_deck_and_log_exports(client: TestClient,
                              built: tuple[PodHandle, list[SeatHandle]]) -> None:
    pod, (ann, _bob, _cid) = built
    no_deck = client.get(pod.url("/export"), headers=ann.auth, params={"what": "deck"})
    assert no_deck.status_code == 409
    client.put(pod.url("/deck"), headers=ann.auth, json=mono_red_piper(me(client, ann)))
    deck = client.get(pod.url("/export"), headers=ann.auth,
                      params={"what": "deck", "format": "arena"})
    assert "Mountain" in deck.text
    log = client.get(pod.url("/export"), headers=ann.auth,
                     params={"what": "log", "format": "mtgo"})
    assert log.status_code == 200
    assert "Pack 1 pick 1:" in log.text and "--> Ann" in log.text
    assert client.get(pod.url("/export"), headers=ann.auth,
                      params={"what": "log", "format": "forge"}).status_code == 422


@SQLITE_ONLY
def test_a_deck_export_holds_only_the_deck_and_its_commanders(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, (ann, _bob, _cid) = built
    body = mono_red_piper(me(client, ann))
    client.put(pod.url("/deck"), headers=ann.auth, json=body)

    def export(what: str, fmt: str) -> str:
        response = client.get(pod.url("/export"), headers=ann.auth,
                              params={"what": what, "format": fmt})
        assert response.status_code == 200, response.text
        return response.text

    main, _, side = export("deck", "mtgo").rstrip("\n").partition("\n\n")
    assert side == "1 The Prismatic Piper"
    assert "Sideboard" not in main
    assert sum(int(line.split(" ", 1)[0]) for line in main.splitlines()) == 59
    assert "Name=Ann — The Prismatic Piper\n" in export("deck", "forge")
    unused = export("unused", "mtgo").splitlines()
    assert sum(int(line.split(" ", 1)[0]) for line in unused) == 60 - len(body["main"])
    pool = export("pool", "mtgo").splitlines()
    assert sum(int(line.split(" ", 1)[0]) for line in pool) == 60


@SQLITE_ONLY
def test_an_unknown_export_is_a_clear_error(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, (ann, _bob, _cid) = built
    response = client.get(pod.url("/export"), headers=ann.auth, params={"what": "stash"})
    assert response.status_code == 422


def test_the_draft_log_has_mtgos_time_line(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, (ann, _bob, _cid) = built
    log = client.get(pod.url("/export"), headers=ann.auth,
                     params={"what": "log", "format": "mtgo"}).text.splitlines()
    assert log[0].startswith("Event #: ")
    assert re.fullmatch(r"Time:    \d{1,2}/\d{1,2}/\d{4} \d{1,2}:\d\d:\d\d [AP]M", log[1])


@SQLITE_ONLY
def test_file_names_carry_the_players_own_name(client: TestClient) -> None:
    pod = new_pod(client, seats=2, seed=3)
    dima = join(client, pod, "Дмитрий")
    join(client, pod, "Zoë")
    start(client, pod)
    response = client.get(pod.url("/export"), headers=dima.auth,
                          params={"what": "pool", "format": "cockatrice"})
    assert response.headers["content-disposition"] == (
        "attachment; filename=\"Dmitrij-pool.cod\"; "
        "filename*=UTF-8''%D0%94%D0%BC%D0%B8%D1%82%D1%80%D0%B8%D0%B9-pool.cod"
    )


def test_host_zip_holds_every_seat(client: TestClient,
                                   built: tuple[PodHandle, list[SeatHandle]]) -> None:
    pod, seats = built
    assert client.get(pod.url("/export.zip"), headers=seats[0].auth).status_code == 403
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 200  # the reveal
    response = client.get(pod.url("/export.zip"), headers=pod.host)
    names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
    assert sum(name.endswith("-pool.txt") for name in names) == 3
    assert sum(name.endswith("-draft-log.txt") for name in names) == 3


def test_tables_split_the_players_and_start_playing(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, seats = built
    response = client.post(pod.url("/tables"), headers=pod.host,
                           json={"policy": "apart", "without_decks": True})
    assert response.status_code == 200, response.text
    host = response.json()
    assert host["phase"] == "playing"
    assert sorted(n for t in host["tables"] for n in t["players"]) == ["Ann", "Bob", "Cid"]
    table = me(client, seats[0])["table"]
    assert "Ann" in table["players"]


@SQLITE_ONLY
def test_the_deck_report_speaks_the_phones_language(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, seats = built
    headers = {**seats[1].auth, "Accept-Language": "ru-RU,ru;q=0.9"}
    report = client.put(pod.url("/deck"), headers=headers, json={"main": []}).json()["report"]
    by_code = {p["code"]: p for p in report["problems"]}
    assert by_code["deck_size"]["message"] == "В колоде 0 карт, а должно быть не меньше 60."
    assert by_code["deck_size"]["params"] == {"size": 0, "required": 60, "rule": "at-least"}
    assert by_code["no_commander"]["message"] == "В колоде нет командира."
    seat_view = client.get(pod.url("/me"), headers=headers).json()
    assert seat_view["deck"]["report"] == report  # that phone reads its seat view in Russian


@SQLITE_ONLY
def test_the_stored_report_is_said_again_in_each_readers_language(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    """The live state holds the report as values: a phone that switches language reads
    its deck's problems in the new one; codes and params do not change."""
    pod, seats = built
    russian = {**seats[1].auth, "Accept-Language": "ru"}
    client.put(pod.url("/deck"), headers=russian, json={"main": []})
    italian = client.get(pod.url("/me"), headers={**seats[1].auth, "Accept-Language": "it"})
    english = me(client, seats[1])["deck"]["report"]
    by_code = {p["code"]: p for p in italian.json()["deck"]["report"]["problems"]}
    assert by_code["no_commander"]["message"] == "Il tuo mazzo non ha un comandante."
    assert {p["code"]: p["message"] for p in english["problems"]}["no_commander"] == (
        "Your deck has no commander.")
    assert [(p["code"], p["params"]) for p in english["problems"]] == [
        (p["code"], p["params"]) for p in italian.json()["deck"]["report"]["problems"]]
    with client.websocket_connect(f"/ws/pods/{pod.pod_id}?token={seats[1].token}",
                                  headers={"Accept-Language": "it"}) as socket:
        snapshot = socket.receive_json()
    assert snapshot["type"] == "snapshot"
    assert snapshot["view"]["deck"]["report"] == italian.json()["deck"]["report"]


@SQLITE_ONLY
def test_exports_translate_free_text_and_keep_what_importers_parse(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    pod, seats = built
    italian = {**seats[0].auth, "Accept-Language": "it"}
    cod = client.get(pod.url("/export"), headers=italian,
                     params={"what": "pool", "format": "cockatrice"}).text
    assert "<deckname>Pool di Ann</deckname>" in cod
    assert "<comments>Draftato a un Commander Draft di Prismatic (CMR).</comments>" in cod
    assert '<zone name="side">' in cod
    csv_text = client.get(pod.url("/export"), headers=italian,
                          params={"what": "pool", "format": "csv"}).text
    assert csv_text.startswith("section,count,name,set,number,chosen_color,added\n")


def test_the_builder_view_lists_the_pools_commanders_and_their_pairs(
    client: TestClient, built: tuple[PodHandle, list[SeatHandle]]
) -> None:
    _pod, seats = built
    view = me(client, seats[0])
    choices = view["commander_choices"]
    legends = [c["id"] for c in view["pool"] if c["can_be_commander"]]
    assert legends and set(legends) <= set(choices["eligible"])
    assert set(choices["eligible"]) <= {c["id"] for c in view["pool"]}
    for pair in choices["pairs"]:
        assert set(pair["cards"]) <= set(choices["eligible"])
        assert pair["rule"] in {"partner", "partner_with", "friends_forever", "background",
                                "granted_partner"}


def test_a_deck_resent_with_its_ref_is_applied_once_and_a_reused_ref_is_refused(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    """A phone's queue resends a deck whose reply it lost: by then the player may have
    edited the deck again (another tab, the laptop); the late resend must not bring the
    old deck back, even after a restart."""
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=3, seed=9)
        seats = [join(client, pod, name) for name in ("Ann", "Bob", "Cid")]
        start(client, pod)
        draft_until_done(client, seats)
        ann = seats[0]
        first = {"main": [], "basics": {"Mountain": 10}}
        later = mono_red_piper(me(client, ann))
        sent = client.put(pod.url("/deck"), headers=ann.auth, json={**first, "ref": "d1"})
        assert sent.status_code == 200, sent.text
        assert client.put(pod.url("/deck"), headers=ann.auth,
                          json={**later, "ref": "d2"}).status_code == 200
    with app_client(settings) as client:
        resent = client.put(pod.url("/deck"), headers=ann.auth, json={**first, "ref": "d1"})
        assert resent.status_code == 200, resent.text
        assert resent.json()["deck"] == later  # answered with the deck as it is now
        reused = client.put(pod.url("/deck"), headers=ann.auth,
                            json={"main": [], "basics": {"Forest": 3}, "ref": "d1"})
        assert reused.status_code == 409 and reused.json()["error"]["code"] == "ref_reused"
        assert me(client, ann)["deck"]["deck"] == later
        assert me(client, ann)["deck"]["report"]["legal"] is True
