"""`/api/seasons`: creating a season, opening its nights with its token, fixing names,
and moving a season to another install as one file."""

from __future__ import annotations

import copy
import csv
import io
import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import TypeAdapter
from sqlmodel import func, select

from server.core.settings import Settings
from server.db.tables import SeasonRow
from server.protocol.shapes.season import SeasonHostView, SeasonPlayerView, SeasonStandings
from server.services.seasons.season_files import free_name
from tests.server.support.builders import bearer


def season_file(**season: Any) -> dict[str, Any]:
    """Two nights of a 5/1/0 season: Ann won twice, Bob once, one draw of Cid and Dee."""
    return {
        "format": "prismatic-season", "version": 1,
        "season": {"name": "Spring", "scoring": "win-draw-loss",
                   "points": {"win": 5, "draw": 1, "loss": 0},
                   "achievements": [{"name": "First blood", "points": 1}], **season},
        "players": [{"name": "Ann", "aliases": ["Annie"]}, {"name": "Bob", "aliases": []},
                    {"name": "Cid", "aliases": []}, {"name": "Dee", "aliases": []},
                    {"name": "Bobby", "aliases": []}],
        "nights": [
            {"held_at": "2026-11-06T19:00:00+00:00", "results": [
                game(["Ann"], ["Bob", "Cid"]),
                game(["Cid", "Dee"], [], draw=True),
            ]},
            {"held_at": "2026-11-13T19:00:00+00:00", "results": [
                game(["Ann"], ["Cid", "Dee"],
                     awards=[{"player": "Ann", "achievement": "First blood", "points": 1}]),
                game(["Bobby"], ["Dee"]),
            ]},
        ],
    }


def game(first: list[str], second: list[str], draw: bool = False,
         awards: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"placings": [{"player": p, "place": 1} for p in first]
            + [{"player": p, "place": 2} for p in second],
            "draw": draw, "awards": awards or []}


def imported(client: TestClient, data: dict[str, Any]) -> dict[str, Any]:
    reply = client.post("/api/seasons/import", json=data)
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def table(client: TestClient, season_id: str) -> list[tuple[Any, ...]]:
    reply = client.get(f"/api/seasons/{season_id}/standings")
    assert reply.status_code == 200, reply.text
    return [(s["rank"], s["name"], s["points"], s["games"], s["wins"], s["draws"])
            for s in reply.json()["standings"]]


def test_a_season_is_created_with_its_scheme_and_a_token(client: TestClient) -> None:
    reply = client.post("/api/seasons", json={
        "name": "Friday League", "scoring": "placement", "points": {"1": 5},
        "achievements": [{"name": "First blood", "points": 1}]})
    assert reply.status_code == 201, reply.text
    season = reply.json()
    assert set(season) == {"season_id", "host_token", "host_url", "standings_url",
                           "recovery_code", "recovery_url", "recovery_qr"}
    host = client.get(f"/api/seasons/{season['season_id']}/host",
                      headers=bearer(season["host_token"])).json()
    assert host["points"] == {"1": 5, "2": 3, "3": 2, "4": 1}
    assert host["achievements"] == [{"name": "First blood", "points": 1}]
    assert client.get(f"/api/seasons/{season['season_id']}/standings").json() == {
        "season_id": season["season_id"], "name": "Friday League", "nights": 0,
        "standings": [], "pending": [], "night_table": []}


@pytest.mark.parametrize(("body", "message"), [
    ({"scoring": "swiss"}, "scoring is one of"),
    ({"scoring": "win-draw-loss", "points": {"1": 4}}, "not '1'"),
    ({"scoring": "placement", "points": {"1": "4"}}, "whole number"),
    ({"scoring": "placement", "points": {"1": 1000}}, "whole number"),
])
def test_a_scheme_the_season_cannot_use_is_refused_with_its_reason(
    seasonless_client: TestClient, body: dict[str, Any], message: str
) -> None:
    client = seasonless_client  # one app for the module's refusals (routes/conftest.py)
    reply = client.post("/api/seasons", json={"name": "League", **body})
    assert reply.status_code == 422
    assert reply.json()["error"]["code"] == "bad_scoring"
    assert message in reply.json()["error"]["message"]


def test_a_night_joins_a_season_only_with_the_seasons_host_token(wifi_client: TestClient) -> None:
    client = wifi_client  # a phone: the laptop hosts every season
    season = client.post("/api/seasons", json={"name": "League"}).json()
    other = client.post("/api/seasons", json={"name": "Other"}).json()
    body = {"set": "CMR", "season_id": season["season_id"]}
    missing = client.post("/api/events", json=body)
    assert (missing.status_code, missing.json()["error"]["code"]) == (401, "no_token")
    wrong = client.post("/api/events", json=body, headers=bearer(other["host_token"]))
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (403, "not_season_host")
    unknown = client.post("/api/events", json={**body, "season_id": "nope"},
                          headers=bearer(season["host_token"]))
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (404, "unknown_season")
    night = client.post("/api/events", json=body, headers=bearer(season["host_token"]))
    assert night.status_code == 201, night.text
    event_id = night.json()["event_id"]
    assert client.get(f"/api/events/{event_id}/standings").json() == {
        "event_id": event_id, "season_id": season["season_id"], "standings": []}
    assert client.get(f"/api/seasons/{season['season_id']}/standings").json()["nights"] == 1


def test_standings_of_an_imported_season_and_their_csv(client: TestClient) -> None:
    season = imported(client, season_file())
    expected = [(1, "Ann", 11, 2, 2, 0), (2, "Bobby", 5, 1, 1, 0), (3, "Cid", 1, 3, 0, 1),
                (4, "Dee", 1, 3, 0, 1), (5, "Bob", 0, 1, 0, 0)]
    assert table(client, season["season_id"]) == expected
    nights = client.get(f"/api/seasons/{season['season_id']}/standings").json()["night_table"]
    assert nights == [
        {"number": 1, "held_at": "2026-11-06T19:00:00+00:00", "games": 2, "pending": 0,
         "imported": True},
        {"number": 2, "held_at": "2026-11-13T19:00:00+00:00", "games": 2, "pending": 0,
         "imported": True}]
    reply = client.get(f"/api/seasons/{season['season_id']}/standings?format=csv")
    assert reply.headers["content-type"].startswith("text/csv")
    assert reply.headers["content-disposition"].startswith("attachment")
    assert reply.content.startswith(b"\xef\xbb\xbf")  # a BOM: Excel reads UTF-8 names
    rows = list(csv.reader(io.StringIO(reply.content.decode("utf-8-sig"))))
    # Losses, then the tie-breaks: the opponents' average points and head-to-head.
    tie_breaks = [("0", "0.75", "0"), ("0", "1.0", "0"), ("2", "4.8", "0"), ("2", "4.5", "0"),
                  ("1", "6.0", "0")]
    assert rows == [["rank", "name", "points", "games", "wins", "draws", "losses",
                     "opponents_average", "head_to_head"],
                    *[[*(str(v) for v in line), *extra]
                      for line, extra in zip(expected, tie_breaks, strict=True)]]


def test_a_name_that_spreadsheets_would_run_is_written_as_text(client: TestClient) -> None:
    data = season_file()
    data["players"].append({"name": "=1+2", "aliases": []})
    data["nights"][0]["results"].append(game(["=1+2"], ["Ann"]))
    season = imported(client, data)
    reply = client.get(f"/api/seasons/{season['season_id']}/standings?format=csv")
    assert "'=1+2" in reply.content.decode("utf-8-sig")


def test_a_players_season_lists_every_game_and_adds_up_to_their_line(
        client: TestClient) -> None:
    season = imported(client, season_file())
    url = f"/api/seasons/{season['season_id']}/player"
    ann = client.get(url, params={"name": "annie"})  # any of the player's names
    assert ann.status_code == 200, ann.text
    view = ann.json()
    assert (view["name"], view["season_name"], view["line"]["points"]) == ("Ann", "Spring", 11)
    assert [(n["number"], n["games"], n["wins"], n["points"]) for n in view["nights"]] == [
        (1, 1, 1, 5), (2, 1, 1, 6)]
    assert [(g["night"], g["game"], g["place"], g["outcome"], g["opponents"], g["points"])
            for g in view["games"]] == [(1, 1, 1, "win", ["Bob", "Cid"], 5),
                                        (2, 1, 1, "win", ["Cid", "Dee"], 6)]
    assert TypeAdapter(SeasonPlayerView).validate_python(view, strict=True) == view
    cid = client.get(url, params={"name": "Cid"}).json()
    assert [g["outcome"] for g in cid["games"]] == ["loss", "draw", "loss"]
    assert sum(g["points"] for g in cid["games"]) == cid["line"]["points"]


def test_a_name_the_season_never_met_has_no_page(client: TestClient) -> None:
    season = imported(client, season_file())
    url = f"/api/seasons/{season['season_id']}/player"
    for params in ({"name": "Zed"}, {"name": "x" * 65}, {}):
        reply = client.get(url, params=params)
        assert reply.status_code in {404, 422}, params
    zed = client.get(url, params={"name": "Zed"}, headers={"Accept-Language": "ru"})
    assert (zed.status_code, zed.json()["error"]["code"]) == (404, "unknown_season_player")
    assert zed.json()["error"]["message"] == "Никто с таким именем не играл в этом сезоне."
    gone = client.get("/api/seasons/nope/player", params={"name": "Ann"})
    assert (gone.status_code, gone.json()["error"]["code"]) == (404, "unknown_season")


def test_importing_a_season_already_here_asks_first(client: TestClient) -> None:
    first = imported(client, season_file())
    again = client.post("/api/seasons/import", json=season_file(),
                        headers={"Accept-Language": "it"})
    assert (again.status_code, again.json()["error"]["code"]) == (409, "season_exists")
    assert "Spring" not in again.json()["error"]["message"]  # Italian: the code's sentence
    assert [s["name"] for s in client.get("/api/laptop/seasons").json()] == ["Spring"]
    assert table(client, first["season_id"])[0] == (1, "Ann", 11, 2, 2, 0)


def test_an_import_kept_beside_its_twin_gets_a_new_name(client: TestClient) -> None:
    first = imported(client, season_file())
    second = client.post("/api/seasons/import?existing=keep", json=season_file())
    third = client.post("/api/seasons/import?existing=keep", json=season_file())
    assert (second.status_code, third.status_code) == (201, 201), second.text
    names = {s["season_id"]: s["name"] for s in client.get("/api/laptop/seasons").json()}
    assert names == {first["season_id"]: "Spring", second.json()["season_id"]: "Spring (2)",
                     third.json()["season_id"]: "Spring (3)"}
    assert table(client, second.json()["season_id"]) == table(client, first["season_id"])


def test_a_kept_twin_of_a_longest_name_still_fits() -> None:
    assert free_name("x" * 64, ["x" * 64]) == "x" * 60 + " (2)"


def test_an_import_that_replaces_its_twin_deletes_the_old_one(client: TestClient) -> None:
    first = imported(client, season_file())
    client.post(f"/api/seasons/{first['season_id']}/players/merge",
                headers=bearer(first["host_token"]), json={"name": "Bobby", "into": "Bob"})
    replaced = client.post("/api/seasons/import?existing=replace", json=season_file())
    assert replaced.status_code == 201, replaced.text
    gone = client.get(f"/api/seasons/{first['season_id']}/standings")
    assert (gone.status_code, gone.json()["error"]["code"]) == (404, "unknown_season")
    assert [s["name"] for s in client.get("/api/laptop/seasons").json()] == ["Spring"]
    assert any(line[1] == "Bobby" for line in table(client, replaced.json()["season_id"]))


def test_an_import_of_an_unknown_choice_is_refused(client: TestClient) -> None:
    reply = client.post("/api/seasons/import?existing=both", json=season_file())
    assert reply.status_code == 422
    assert client.get("/api/laptop/seasons").json() == []


def test_a_merge_moves_every_result_and_keeps_both_names(client: TestClient) -> None:
    season = imported(client, season_file())
    host = bearer(season["host_token"])
    url = f"/api/seasons/{season['season_id']}"
    merged = client.post(f"{url}/players/merge", headers=host,
                         json={"name": "bobby", "into": "Bob"})
    assert merged.status_code == 200, merged.text
    assert {"name": "Bob", "also": ["Bobby"]} in merged.json()["players"]
    assert (2, "Bob", 5, 2, 1, 0) in table(client, season["season_id"])
    assert not any(line[1] == "Bobby" for line in table(client, season["season_id"]))


def test_a_merge_is_undone_by_splitting_the_merged_name_back(client: TestClient) -> None:
    season = imported(client, season_file())
    host = bearer(season["host_token"])
    url = f"/api/seasons/{season['season_id']}"
    before = table(client, season["season_id"])
    client.post(f"{url}/players/merge", headers=host, json={"name": "Bobby", "into": "Bob"})
    split = client.post(f"{url}/players/split", headers=host, json={"name": "bobby"})
    assert split.status_code == 200, split.text
    assert {"name": "Bob", "also": []} in split.json()["players"]
    assert {"name": "Bobby", "also": []} in split.json()["players"]
    assert table(client, season["season_id"]) == before


def test_only_a_merged_name_can_be_split(client: TestClient) -> None:
    season = imported(client, season_file())
    host = bearer(season["host_token"])
    url = f"/api/seasons/{season['season_id']}/players/split"
    own = client.post(url, headers=host, json={"name": "Bob"})
    assert (own.status_code, own.json()["error"]["code"]) == (409, "not_merged")
    unknown = client.post(url, headers=host, json={"name": "Zed"})
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (
        404, "unknown_season_player")
    russian = client.post(url, headers={**host, "Accept-Language": "ru"}, json={"name": "Bob"})
    assert russian.json()["error"]["message"] != own.json()["error"]["message"]


def test_two_players_who_met_at_a_table_cannot_be_merged(client: TestClient) -> None:
    season = imported(client, season_file())
    reply = client.post(f"/api/seasons/{season['season_id']}/players/merge",
                        headers=bearer(season["host_token"]),
                        json={"name": "Cid", "into": "Dee"})
    assert (reply.status_code, reply.json()["error"]["code"]) == (409, "played_together")


def test_a_rename_keeps_the_old_name_meaning_the_player(client: TestClient) -> None:
    season = imported(client, season_file())
    host = bearer(season["host_token"])
    url = f"/api/seasons/{season['season_id']}/players"
    renamed = client.post(f"{url}/rename", headers=host, json={"name": "Ann", "to": "Anna"})
    assert renamed.status_code == 200, renamed.text
    assert table(client, season["season_id"])[0] == (1, "Anna", 11, 2, 2, 0)
    taken = client.post(f"{url}/rename", headers=host, json={"name": "Anna", "to": "Bоb"})
    assert (taken.status_code, taken.json()["error"]["code"]) == (409, "name_taken")
    unknown = client.post(f"{url}/rename", headers=host, json={"name": "Zed", "to": "Zoe"})
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (
        404, "unknown_season_player")
    # "Ann" (and its look-alikes) still mean Anna: merging them is "already one player".
    same = client.post(f"{url}/merge", headers=host, json={"name": "Аnn", "into": "Anna"})
    assert (same.status_code, same.json()["error"]["code"]) == (409, "same_player")


def test_only_the_seasons_host_fixes_names_exports_and_deletes(wifi_client: TestClient) -> None:
    client = wifi_client  # a phone: the laptop hosts every season (tests/.../test_season_recovery)
    season = client.post("/api/seasons", json={"name": "League"}).json()
    other = client.post("/api/seasons", json={"name": "Other"}).json()
    url = f"/api/seasons/{season['season_id']}"
    for method, path, body in (("post", "/players/rename", {"name": "Ann", "to": "X"}),
                               ("post", "/players/merge", {"name": "Bob", "into": "Ann"}),
                               ("post", "/players/split", {"name": "Bob"}),
                               ("get", "/export", None), ("get", "/host", None),
                               ("delete", "", None)):
        kwargs: dict[str, Any] = {"json": body} if body else {}
        none = getattr(client, method)(url + path, **kwargs)
        assert (none.status_code, none.json()["error"]["code"]) == (401, "no_token")
        wrong = getattr(client, method)(url + path, headers=bearer(other["host_token"]),
                                        **kwargs)
        assert (wrong.status_code, wrong.json()["error"]["code"]) == (403, "not_season_host")
    assert client.get(f"{url}/standings").json()["name"] == "League"


def test_an_export_imported_on_a_fresh_install_gives_equal_standings(
    settings: Settings, make_settings: Callable[..., Settings], tmp_path: Any,
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    with app_client(settings) as client:
        season = imported(client, season_file())
        host = bearer(season["host_token"])
        client.post(f"/api/seasons/{season['season_id']}/players/merge", headers=host,
                    json={"name": "Bobby", "into": "Bob"})
        exported = client.get(f"/api/seasons/{season['season_id']}/export", headers=host)
        assert exported.status_code == 200
        assert exported.headers["content-disposition"].startswith("attachment")
        before = table(client, season["season_id"])
    fresh = make_settings(db_url=f"sqlite:///{tmp_path / 'fresh.db'}",
                          data_dir=tmp_path / "fresh")
    with app_client(fresh) as elsewhere:
        copy_ = imported(elsewhere, exported.json())
        assert table(elsewhere, copy_["season_id"]) == before
        # The merged names still mean one player on the new install.
        view = elsewhere.get(f"/api/seasons/{copy_['season_id']}/host",
                             headers=bearer(copy_["host_token"])).json()
        assert {"name": "Bob", "also": ["Bobby"]} in view["players"]
        assert view["achievements"] == [{"name": "First blood", "points": 1}]


def _broken(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(season_file())
    change(data)
    return data


BAD_FILES = {
    "a newer version": (lambda d: d.update(version=2), "bad_season_file", "version 2"),
    "not a season file": (lambda d: d.update(format="other"), "invalid", "format"),
    "an unlisted player": (
        lambda d: d["nights"][0]["results"].append(game(["Zed"], ["Ann"])),
        "bad_season_file", "'Zed' is not in the file's players"),
    "a player placed twice": (
        lambda d: d["nights"][0]["results"].append(game(["Ann"], ["Ann"])),
        "bad_season_file", "placed twice"),
    "a one-player game": (
        lambda d: d["nights"][0]["results"].append(game(["Ann"], [])),
        "bad_season_file", "at least two players"),
    "a place past the table": (
        lambda d: d["nights"][0]["results"][0]["placings"][1].update(place=7),
        "bad_season_file", "places run from 1"),
    "look-alike players": (
        lambda d: d["players"].append({"name": "Аnn", "aliases": []}),
        "bad_season_file", "names both"),
    "a name nobody can read": (
        lambda d: d["players"].append({"name": "\u2800", "aliases": []}),
        "bad_season_file", "players[5]"),
    "a bot's name": (
        lambda d: d["players"].append({"name": "Bot 3", "aliases": []}),
        "bad_season_file", "bots"),
    "a time without a zone": (
        lambda d: d["nights"][0].update(held_at="2026-11-06T19:00:00"),
        "bad_season_file", "no time zone"),
    "a bad scheme": (lambda d: d["season"].update(scoring="swiss"), "bad_scoring", "scoring"),
    "an award to a player not at the table": (
        lambda d: d["nights"][0]["results"][0]["awards"].append(
            {"player": "Dee", "achievement": "First blood", "points": 1}),
        "bad_season_file", "did not play"),
    "an unknown field": (lambda d: d.update(extra=1), "invalid", "extra"),
    "too many players at a table": (
        lambda d: d["nights"][0]["results"][0]["placings"].extend(
            {"player": "Cid", "place": 2} for _ in range(8)), "invalid", "placings"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_season_file_is_refused_and_nothing_is_stored(
    seasonless_client: TestClient, case: str
) -> None:
    client = seasonless_client  # one app for the module's refusals (routes/conftest.py)
    change, code, words = BAD_FILES[case]
    reply = client.post("/api/seasons/import", json=_broken(change))
    assert reply.status_code == 422, reply.text
    assert reply.json()["error"]["code"] == code
    assert words in reply.json()["error"]["message"]
    with client.app.state.runtime.session() as session:  # type: ignore[attr-defined]
        assert session.exec(select(func.count()).select_from(SeasonRow)).one() == 0


def test_a_season_file_larger_than_a_phones_request_is_imported(client: TestClient) -> None:
    """Months of nights exceed the 64 KiB every other body is held to: the import takes
    up to 4 MiB, and only the import."""
    data = season_file()
    data["nights"] = [{"held_at": f"2026-{1 + n // 28:02d}-{1 + n % 28:02d}T19:00:00+00:00",
                       "results": [game(["Ann"], ["Bob", "Cid", "Dee"])] * 20}
                      for n in range(60)]
    body = json.dumps(data)
    assert len(body) > 64 * 1024
    season = imported(client, data)
    assert table(client, season["season_id"])[0] == (1, "Ann", 6000, 1200, 1200, 0)
    too_big = client.post("/api/seasons", content=body,
                          headers={"Content-Type": "application/json"})
    assert too_big.status_code == 413


def test_the_standings_reply_is_in_the_schema_and_a_real_reply_fits_it(
        client: TestClient) -> None:
    """The route sends cached bytes, so FastAPI cannot infer its shape: the schema names
    it, and a real reply validates against that shape."""
    documented = client.get("/openapi.json").json()
    reply = documented["paths"]["/api/seasons/{season_id}/standings"]["get"]["responses"]["200"]
    assert reply["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/SeasonStandings"}
    assert "text/csv" in reply["content"]
    imported = client.post("/api/seasons/import", json=season_file())
    standings = client.get(f"/api/seasons/{imported.json()['season_id']}/standings").json()
    assert TypeAdapter(SeasonStandings).validate_python(standings, strict=True) == standings


def test_the_host_view_is_in_the_schema_and_a_renames_reply_fits_it(
        client: TestClient) -> None:
    """The host view and a rename's or merge's reply are sent as bytes written off the
    loop: the schema still names their shape, and a real reply validates against it."""
    documented = client.get("/openapi.json").json()
    for path, method in (("/api/seasons/{season_id}/host", "get"),
                         ("/api/seasons/{season_id}/players/rename", "post"),
                         ("/api/seasons/{season_id}/players/merge", "post"),
                         ("/api/seasons/{season_id}/players/split", "post")):
        reply = documented["paths"][path][method]["responses"]["200"]
        assert reply["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/SeasonHostView"}
    imported = client.post("/api/seasons/import", json=season_file()).json()
    renamed = client.post(f"/api/seasons/{imported['season_id']}/players/rename",
                          headers=bearer(imported["host_token"]),
                          json={"name": "Ann", "to": "Annabel"})
    assert renamed.status_code == 200 and renamed.headers["content-type"] == "application/json"
    view = renamed.json()
    assert TypeAdapter(SeasonHostView).validate_python(view, strict=True) == view
    assert view["standings"][0]["name"] == "Annabel"
