"""A season file passes the same checks as the routes (issue #42, item 7): its names, its
placings and draws, its awards and its times are refused where a host's request with the
same values would be, with 422 naming where in the file, and nothing is stored."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import func, select

from server.db.tables import SeasonAliasRow, SeasonPlayerRow, SeasonRow
from tests.server.routes.test_seasons_api import game, imported, season_file
from tests.server.support.builders import bearer
from tests.server.support.databases import SQLITE_ONLY

UNSAFE = {"NUL": "\x00", "a bell (C0)": "\x07", "DEL": "\x7f", "a C1 CSI": "\x9b",
          "a right-to-left override": "\u202e", "a left-to-right embedding": "\u202a",
          "a first-strong isolate": "\u2068", "a pop isolate": "\u2069"}
"""Characters no name may hold: they draw nothing, or turn the rest of a row around."""


def count(client: TestClient, row: type) -> int:
    with client.app.state.runtime.session() as session:  # type: ignore[attr-defined]
        return int(session.exec(select(func.count()).select_from(row)).one())


def changed(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(season_file())
    change(data)
    return data


def refused(client: TestClient, data: dict[str, Any], *words: str) -> str:
    """The import is refused with `bad_season_file`, its message holding `words`, and
    nothing of it is stored."""
    reply = client.post("/api/seasons/import", json=data)
    assert reply.status_code == 422, reply.text
    error = reply.json()["error"]
    assert error["code"] == "bad_season_file", error
    for word in words:
        assert word in error["message"], error
    assert count(client, SeasonRow) == count(client, SeasonPlayerRow) == 0
    return str(error["message"])


@SQLITE_ONLY
@pytest.mark.parametrize("held_at", ["0001-01-01T00:30:00+01:00", "9999-12-31T23:30:00-01:00",
                                     "0001-01-01T00:00:00+00:00", "9999-12-31T00:00:00+00:00",
                                     "1970-01-01T00:00:00+00:00"])
def test_a_night_held_outside_the_years_a_store_runs_seasons_is_refused(
    client: TestClient, held_at: str
) -> None:
    """Year 1 an hour ahead of UTC is year 0 in UTC: refused, not a 500 `OverflowError`."""
    data = changed(lambda d: d["nights"][1].update(held_at=held_at))
    refused(client, data, "nights[1].held_at", "2000")


@SQLITE_ONLY
def test_a_night_held_with_an_offset_is_stored_in_utc(client: TestClient) -> None:
    data = changed(lambda d: d["nights"][0].update(held_at="2026-11-07T01:30:00+05:30"))
    season = imported(client, data)
    exported = client.get(f"/api/seasons/{season['season_id']}/export",
                          headers=bearer(season["host_token"])).json()
    assert exported["nights"][0]["held_at"] == "2026-11-06T20:00:00+00:00"


@SQLITE_ONLY
def test_a_player_listed_twice_is_refused_not_stored_as_an_orphan(client: TestClient) -> None:
    data = changed(lambda d: d["players"].append({"name": "Bob", "aliases": ["Robert"]}))
    refused(client, data, "players[5]", "'Bob'", "twice")
    assert count(client, SeasonAliasRow) == 0


@SQLITE_ONLY
@pytest.mark.parametrize(("result", "words"), [
    (game(["Ann"], ["Bob", "Cid"], draw=True), "a draw needs two or more players"),
    (game(["Ann", "Bob"], ["Cid"]), "one player wins"),
    (game([], ["Ann", "Bob"]), "one player wins"),
])
def test_placings_the_correction_route_refuses_are_refused_in_a_file(
    client: TestClient, result: dict[str, Any], words: str
) -> None:
    """The same rule as the host's correction (`pods.game_end.check_placings`)."""
    data = changed(lambda d: d["nights"][1]["results"].append(result))
    refused(client, data, "nights[1].results[2]", words)


@SQLITE_ONLY
@pytest.mark.parametrize(("award", "words"), [
    ({"player": "Ann", "achievement": "Last blood", "points": 1}, "awards[0]"),
    ({"player": "Ann", "achievement": "First blood", "points": 0}, "awards[0]"),
])
def test_an_award_names_one_of_the_seasons_achievements_at_points_one_may_be_worth(
    client: TestClient, award: dict[str, Any], words: str
) -> None:
    """Not necessarily the list's points today: a claim keeps what it was worth when the
    night's list said so (`pods.achievements`), but never 0 or past 100."""
    data = changed(lambda d: d["nights"][0]["results"][0]["awards"].append(award))
    message = refused(client, data, "nights[0].results[0]", words)
    assert "First blood" in message or "Last blood" in message


@SQLITE_ONLY
def test_an_award_spelled_another_way_counts_as_the_seasons_achievement(
    client: TestClient
) -> None:
    data = changed(lambda d: d["nights"][0]["results"][0]["awards"].append(
        {"player": "Ann", "achievement": "FIRST BLOOD", "points": 1}))
    season = imported(client, data)
    exported = client.get(f"/api/seasons/{season['season_id']}/export",
                          headers=bearer(season["host_token"])).json()
    assert exported["nights"][0]["results"][0]["awards"] == [
        {"player": "Ann", "achievement": "First blood", "points": 1}]


WHERE_NAMES = {
    "season.name": lambda d, bad: d["season"].update(name=f"Spring{bad}"),
    "players[1].name": lambda d, bad: d["players"][1].update(name=f"Bo{bad}b"),
    "players[0].aliases[0]": lambda d, bad: d["players"][0].update(aliases=[f"An{bad}nie"]),
    "season.achievements[0].name": lambda d, bad: d["season"]["achievements"][0].update(
        name=f"First{bad} blood"),
}


@SQLITE_ONLY
@pytest.mark.parametrize("where", sorted(WHERE_NAMES))
@pytest.mark.parametrize("character", sorted(UNSAFE))
def test_a_name_in_a_file_with_control_or_direction_characters_is_refused(
    client: TestClient, where: str, character: str
) -> None:
    data = changed(lambda d: WHERE_NAMES[where](d, UNSAFE[character]))
    refused(client, data, where)


def test_a_nul_in_a_files_season_name_is_refused_and_the_next_import_is_stored(
    client: TestClient
) -> None:
    """On PostgreSQL a NUL reached the database and every later try said `db_busy`."""
    refused(client, changed(lambda d: d["season"].update(name="Spr\x00ing")), "season.name")
    season = imported(client, season_file())
    assert client.get(f"/api/seasons/{season['season_id']}/standings").status_code == 200


def test_a_season_created_with_a_nul_or_an_override_in_its_name_is_refused(
    client: TestClient
) -> None:
    for bad in ("Spr\x00ing", "Spring \u202egnirpS"):
        reply = client.post("/api/seasons", json={"name": bad})
        assert reply.status_code == 422, reply.text
        assert reply.json()["error"]["code"] == "bad_characters"
    assert count(client, SeasonRow) == 0
    assert client.post("/api/seasons", json={"name": "Spring"}).status_code == 201


@SQLITE_ONLY
@pytest.mark.parametrize("character", sorted(UNSAFE))
def test_every_route_that_names_refuses_the_same_characters(
    client: TestClient, character: str
) -> None:
    bad = UNSAFE[character]
    season = imported(client, season_file())
    host = bearer(season["host_token"])
    base = f"/api/seasons/{season['season_id']}"
    night = client.post("/api/events", json={"set": "CMR", "season_id": season["season_id"]},
                        headers=host).json()
    for path, body, headers in (
        ("/api/seasons", {"name": f"Sp{bad}ring"}, {}),
        (f"{base}/players/rename", {"name": "Bob", "to": f"Ro{bad}bert"}, host),
        (f"/api/events/{night['event_id']}/players", {"name": f"Ev{bad}e"}, {}),
    ):
        reply = client.post(path, json=body, headers=headers)
        assert reply.status_code == 422, (path, reply.text)
        assert reply.json()["error"]["code"] == "bad_characters", (path, reply.text)
    achievement = client.post("/api/seasons", json={
        "name": "Autumn", "achievements": [{"name": f"First{bad} blood", "points": 1}]})
    assert achievement.status_code == 422, achievement.text
    assert achievement.json()["error"]["code"] == "bad_achievements"
    assert count(client, SeasonRow) == 1


def test_a_rename_or_a_join_with_a_nul_stores_nothing(client: TestClient) -> None:
    season = imported(client, season_file())
    host = bearer(season["host_token"])
    night = client.post("/api/events", json={"set": "CMR", "season_id": season["season_id"]},
                        headers=host).json()
    rename = client.post(f"/api/seasons/{season['season_id']}/players/rename", headers=host,
                         json={"name": "Bob", "to": "Ro\x00bert"})
    join = client.post(f"/api/events/{night['event_id']}/players", json={"name": "Ev\x00e"})
    for reply in (rename, join):
        assert (reply.status_code, reply.json()["error"]["code"]) == (422, "bad_characters")
    players = client.get(f"/api/seasons/{season['season_id']}/host", headers=host).json()
    assert "Bob" in {p["name"] for p in players["players"]}
    assert client.post(f"/api/events/{night['event_id']}/players",
                       json={"name": "Eve"}).status_code == 201


@SQLITE_ONLY
def test_a_refused_character_is_explained_in_the_phones_language(client: TestClient) -> None:
    reply = client.post("/api/seasons", json={"name": "Spr\u202eing"},
                        headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert reply.json()["error"]["code"] == "bad_characters"
    assert reply.json()["error"]["message"].startswith("Имя не может содержать")
