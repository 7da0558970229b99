"""The night's recap: it opens when the host's rule shows every seat to everyone, holds each
player's commanders, deck by type with its curve, the games by table and a link into each
replay, and downloads as JSON and as one self-contained HTML file (no script, no link to
fetch, its CSS inline); it is read from the stored rows, so it survives a restart."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import date
from typing import Any

import pytest
from babel.dates import format_date
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.services.test_replays import SEED, drafted_pod
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    bearer,
    draft_until_done,
    join,
    me,
    new_pod,
    start,
)
from tests.server.support.databases import SQLITE_ONLY

People = tuple[PodHandle, dict[str, SeatHandle]]
"""`played_table`: `play_tables`' pod and seats, drafted once per worker and copied for
each test that takes it (tests/server/services/conftest.py)."""


def with_ann_deck(client: TestClient, mode: str) -> tuple[PodHandle, dict[str, SeatHandle],
                                                           dict[str, Any]]:
    """A drafted pod where Ann submitted a commander and 20 pool cards, tables split."""
    pod, seats = drafted_pod(client, mode)
    view = me(client, seats["Ann"])
    commander = view["commander_choices"]["eligible"][0]
    main = [c["id"] for c in view["pool"] if c["id"] != commander][:20]
    deck = {"commanders": [{"card_id": commander}], "main": main, "basics": {"Plains": 5}}
    assert client.put(pod.url("/deck"), headers=seats["Ann"].auth, json=deck).status_code == 200
    split = client.post(pod.url("/tables"), headers=pod.host, json={"without_decks": True})
    assert split.status_code == 200, split.text
    return pod, seats, view


def test_the_recap_waits_for_the_night_to_end_under_the_default(client: TestClient) -> None:
    pod, seats, _view = with_ann_deck(client, "after_night")
    for headers in (pod.host, seats["Ann"].auth):
        early = client.get(pod.url("/recap"), headers=headers)
        assert early.status_code == 403 and early.json()["error"]["code"] == "replay_hidden"
        assert client.get(pod.url("/recap.html"), headers=headers).status_code == 403
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    assert client.get(pod.url("/recap"), headers=seats["Bob"].auth).status_code == 200
    assert client.get(pod.url("/recap"), headers=pod.host).status_code == 200
    assert client.get(pod.url("/recap")).status_code == 401
    assert client.get(pod.url("/recap"), headers=bearer("nope")).status_code == 401


@pytest.mark.parametrize("mode", ["nobody", "own_seat"])
def test_no_recap_when_the_rule_never_shows_every_seat(client: TestClient, mode: str) -> None:
    pod, seats, _view = with_ann_deck(client, mode)
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    for headers in (pod.host, seats["Ann"].auth):
        assert client.get(pod.url("/recap"), headers=headers).status_code == 403


def test_the_recap_holds_commanders_deck_curve_games_and_replay_links(
    client: TestClient,
) -> None:
    pod, seats, view = with_ann_deck(client, "after_draft")
    body = client.get(pod.url("/recap"), headers=seats["Bob"].auth).json()
    assert [p["seat"] for p in body["players"]] == [0, 1, 2]
    ann = next(p for p in body["players"] if p["name"] == "Ann")
    chosen = next(c for c in view["pool"] if c["id"] == view["commander_choices"]["eligible"][0])
    assert [c["name"] for c in ann["commanders"]] == [chosen["name"]]
    assert ann["color_identity"] == chosen["color_identity"]
    assert ann["deck"]["size"] == 26
    assert sum(g["count"] for g in ann["deck"]["groups"]) == 25
    assert [bar["mana_value"] for bar in ann["deck"]["curve"]] == [
        "0", "1", "2", "3", "4", "5", "6", "7+"]
    assert ann["replay_url"].endswith(f"/pods/{pod.pod_id}/replay?seat={ann['seat']}")
    bob = next(p for p in body["players"] if p["name"] == "Bob")
    assert bob["deck"] is None and bob["commanders"] == []
    assert body["tables"] == [{"number": 1, "players": ["Bob", "Ann"]}]
    game = body["games"][0]
    assert (game["table"], game["number"]) == (1, 1)
    assert {p["name"]: p["commanders"] for p in game["players"]}["Ann"] == [chosen["name"]]
    download = client.get(pod.url("/recap?download=true"), headers=pod.host)
    assert "attachment" in download.headers["content-disposition"]
    assert download.json() == client.get(pod.url("/recap"), headers=pod.host).json()


def test_the_html_file_is_self_contained(client: TestClient) -> None:
    pod, seats, _view = with_ann_deck(client, "after_draft")
    response = client.get(pod.url("/recap.html"), headers=seats["Ann"].auth,
                          params={"lang": "ru"})
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    html = response.text
    assert '<html lang="ru">' in html and "<style>" in html and ".recap-curve" in html
    assert "Ann" in html and "Bob" in html
    assert not re.search(r"<script|<link|<img|<iframe|@import|url\(", html, re.IGNORECASE)
    sources = re.findall(r'\b(?:src|href)="([^"]*)"', html)
    assert sources and all(f"/pods/{pod.pod_id}/replay?seat=" in s for s in sources), sources


@SQLITE_ONLY
def test_the_html_files_css_is_inlined_as_written_and_names_stay_escaped(
    client: TestClient,
) -> None:
    """The file's `<style>` holds our own stylesheet unescaped (an escaped quote, `&#34;`,
    makes the browser drop the font rule), while a player's name is still escaped text."""
    pod = new_pod(client, seats=2, seed=SEED, replay_visibility="after_draft")
    seats = [join(client, pod, name) for name in ("<script>", "Bob")]
    start(client, pod)
    draft_until_done(client, seats)
    html = client.get(pod.url("/recap.html"), headers=pod.host).text
    style = html[html.index("<style>"):html.index("</style>")]
    assert '"Segoe UI"' in style and "&#34;" not in style and "&quot;" not in style
    assert "&lt;script&gt;" in html
    assert "<script" not in html.lower()


def test_a_finished_nights_recap_after_a_restart(
    app_client: Callable[[Settings], AbstractContextManager[TestClient]], settings: Settings
) -> None:
    with app_client(settings) as client:
        pod, seats, _view = with_ann_deck(client, "after_night")
        assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
        before = client.get(pod.url("/recap"), headers=pod.host).json()
    with app_client(settings) as client:
        after = client.get(pod.url("/recap"), headers=seats["Ann"].auth)
        assert after.status_code == 200 and after.json() == before


def night_drafted(client: TestClient, mode: str, season: dict[str, Any] | None = None
                  ) -> tuple[dict[str, Any], PodHandle, list[SeatHandle]]:
    """A night of Ann and Bob with `mode`, its one pod formed, started and drafted; opened
    for `season` (its host's token and id) when one is given."""
    opened = client.post("/api/events", headers=bearer(season["host_token"]) if season else {},
                         json={"set": "CMR", "replay_visibility": mode,
                               **({"season_id": season["season_id"]} if season else {})})
    assert opened.status_code == 201, opened.text
    night = opened.json()
    event = f"/api/events/{night['event_id']}"
    seats = []
    for name in ("Ann", "Bob"):
        joined = client.post(f"{event}/players", json={"name": name}).json()
        seats.append(SeatHandle("", joined["player_id"], joined["player_token"], name))
    host = bearer(night["host_token"])
    assert client.post(f"{event}/pods", headers=host, json={}).status_code == 200
    pod_id = client.get(f"{event}/me", headers=seats[0].auth).json()["pod_id"]
    seats = [SeatHandle(pod_id, s.player_id, s.token, s.name) for s in seats]
    pod = PodHandle(pod_id, night["host_token"], {})
    assert client.post(f"{event}/start", headers=host).status_code == 200
    early = client.get(f"{event}/recap", headers=seats[0].auth)
    assert early.status_code == 403 and early.json()["error"]["code"] == "replay_hidden"
    draft_until_done(client, seats)
    return night, pod, seats


def test_a_nights_recap_holds_every_shown_pod(client: TestClient) -> None:
    night, pod, seats = night_drafted(client, "after_draft")
    event = f"/api/events/{night['event_id']}"
    body = client.get(f"{event}/recap", headers=seats[1].auth).json()
    assert body["hidden_pods"] == 0 and [p["pod_id"] for p in body["pods"]] == [pod.pod_id]
    assert {p["name"] for p in body["pods"][0]["players"]} == {"Ann", "Bob"}
    file = client.get(f"{event}/recap.html", headers=bearer(night["host_token"]))
    assert file.status_code == 200 and "attachment" in file.headers["content-disposition"]
    assert "Ann" in file.text and "<script" not in file.text
    assert client.get(f"{event}/recap", headers=bearer("nope")).status_code == 401
    assert client.get("/api/events/nope/recap", headers=seats[0].auth).status_code == 404


def test_a_nights_recap_waits_for_its_pods_rule(client: TestClient) -> None:
    night, pod, seats = night_drafted(client, "after_night")
    event = f"/api/events/{night['event_id']}"
    assert client.get(f"{event}/recap", headers=seats[0].auth).status_code == 403
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    assert client.get(f"{event}/recap", headers=seats[0].auth).status_code == 200


def test_an_agreed_draw_reads_as_a_draw_in_the_recap_and_the_summary(
        client: TestClient, played_table: People) -> None:
    """The host met "Winner: not recorded" for a draw every player agreed to."""
    pod, seats = played_table
    for name in ("Ann", "Bob", "Cid"):
        drew = client.post(pod.url("/games/1/draw"), headers=seats[name].auth, json={})
        assert drew.status_code == 200, drew.text
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    (game,) = client.get(pod.url("/recap"), headers=pod.host).json()["games"]
    assert (game["draw"], game["winner"]) == (["Ann", "Bob", "Cid"], None)
    html = client.get(pod.url("/recap.html"), headers=pod.host, params={"lang": "it"}).text
    assert "Pareggio: Ann, Bob, Cid" in html and "non registrato" not in html
    text = client.get(pod.url("/summary"), headers=pod.host,
                      params={"format": "text", "lang": "en"}).text
    assert "game 1: a draw: Ann, Bob, Cid (life:" in text


def test_a_game_with_no_result_still_says_so(client: TestClient, played_table: People) -> None:
    pod, _seats = played_table
    tap = client.post(pod.url("/games/1"), headers=pod.host, json={
        "kind": "life", "delta": -1,
        "target": client.get(pod.url("/host"), headers=pod.host).json()["games"][0][
            "players"][0]["player_id"]})
    assert tap.status_code == 200, tap.text
    (game,) = client.get(pod.url("/summary"), headers=pod.host).json()["games"]
    assert (game["draw"], game["winner"]) == (None, None)
    text = client.get(pod.url("/summary"), headers=pod.host,
                      params={"format": "text", "lang": "en"}).text
    assert "game 1: no result recorded (life:" in text


def _attachment_name(response: Any) -> str:
    match = re.search(r'filename="([^"]+)"', response.headers["content-disposition"])
    assert match, response.headers["content-disposition"]
    return match.group(1)


def test_a_seasons_recap_is_titled_and_named_by_season_date_and_pod(client: TestClient) -> None:
    """The host met a title "CMR · fqfSa5VHD9e" and files named `recap-<id>.html`."""
    created = client.post("/api/seasons", json={"name": "Friday League"})
    assert created.status_code == 201, created.text
    night, pod, seats = night_drafted(client, "after_draft", created.json())
    body = client.get(pod.url("/recap"), headers=pod.host).json()
    held = date.fromisoformat(body["held"])
    assert (body["season"], body["pod_number"]) == ("Friday League", 1)
    stem = f"Friday-League_{held.isoformat()}_pod-1"

    file = client.get(pod.url("/recap.html"), headers=pod.host, params={"lang": "it"})
    assert _attachment_name(file) == f"{stem}_recap.html"
    title = f"Friday League · {format_date(held, 'long', locale='it')} · Pod 1"
    assert f"<title>Riepilogo della serata · {title}</title>" in file.text
    assert f"<h1>Riepilogo della serata · {title}</h1>" in file.text
    data = client.get(pod.url("/recap"), headers=pod.host, params={"download": "true"})
    assert _attachment_name(data) == f"{stem}_recap.json"

    event = f"/api/events/{night['event_id']}"
    whole = client.get(f"{event}/recap.html", headers=seats[0].auth, params={"lang": "en"})
    assert _attachment_name(whole) == f"Friday-League_{held.isoformat()}_recap.html"
    assert (f"<title>Night recap · Friday League · {format_date(held, 'long', locale='en')}"
            "</title>") in whole.text
    assert "<h2>Pod 1</h2>" in whole.text


def test_a_recap_without_a_season_leaves_the_season_out(client: TestClient) -> None:
    _night, pod, _seats = night_drafted(client, "after_draft")
    body = client.get(pod.url("/recap"), headers=pod.host).json()
    assert body["season"] is None and body["pod_number"] == 1
    held = date.fromisoformat(body["held"])
    file = client.get(pod.url("/recap.html"), headers=pod.host, params={"lang": "ru"})
    assert _attachment_name(file) == f"{held.isoformat()}_pod-1_recap.html"
    assert (f"<title>Итоги вечера · {format_date(held, 'long', locale='ru')} · Под 1</title>"
            in file.text)
    assert "None" not in file.text


def test_a_lone_pods_recap_is_named_by_its_date(client: TestClient,
                                                 played_table: People) -> None:
    pod, _seats = played_table
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    body = client.get(pod.url("/recap"), headers=pod.host).json()
    assert (body["season"], body["pod_number"]) == (None, None)
    file = client.get(pod.url("/recap.html"), headers=pod.host, params={"lang": "en"})
    assert _attachment_name(file) == f"{body['held']}_recap.html"
    held = format_date(date.fromisoformat(body["held"]), "long", locale="en")
    assert f"<title>Night recap · {held}</title>" in file.text


def test_a_nights_summaries_are_named_like_its_recap(client: TestClient) -> None:
    """The host met `prismatic-night.json` for every night of the season."""
    created = client.post("/api/seasons", json={"name": "Friday League"})
    night, pod, _seats = night_drafted(client, "after_draft", created.json())
    held = client.get(pod.url("/recap"), headers=pod.host).json()["held"]
    event, host = f"/api/events/{night['event_id']}", bearer(night["host_token"])
    for format, extension in (("json", "json"), ("text", "txt")):
        whole = client.get(f"{event}/summary", headers=host, params={"format": format})
        assert _attachment_name(whole) == f"Friday-League_{held}_summary.{extension}"
        one = client.get(pod.url("/summary"), headers=pod.host, params={"format": format})
        assert _attachment_name(one) == f"Friday-League_{held}_pod-1_summary.{extension}"
    assert client.get(f"{event}/summary", headers=host).json()["event_id"] == night["event_id"]


def test_a_pods_zip_is_named_like_its_recap(client: TestClient) -> None:
    """The pod's host page downloaded every seat's files as `prismatic-<pod id>.zip`."""
    created = client.post("/api/seasons", json={"name": "Friday League"})
    _night, pod, _seats = night_drafted(client, "after_draft", created.json())
    held = client.get(pod.url("/recap"), headers=pod.host).json()["held"]
    archive = client.get(pod.url("/export.zip"), headers=pod.host)
    assert archive.status_code == 200, archive.text
    assert _attachment_name(archive) == f"Friday-League_{held}_pod-1_files.zip"
