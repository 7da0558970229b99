"""A season's standings are sent from a reply cached per season version: every write the
standings depend on (a game's confirmation or dispute, a rename) changes the version, so a
read after it never gets the cached reply (SQLite and PostgreSQL); two cold reads of one
version compute it once; the cache keeps one version per season and format."""

from __future__ import annotations

import asyncio
import threading

import pytest
from fastapi.testclient import TestClient

from pods.results import GameResult
from server.db import Session, season_repo
from server.db.tables import SeasonNightRow
from server.runtime import Runtime
from server.services import season_reads
from server.services.seasons import season_book
from server.services.seasons.season_book import SeasonBook
from tests.server.routes.test_seasons_api import season_file
from tests.server.services.test_season_confirmations import Night, points
from tests.server.services.test_season_names import lines, new_season, stored_night
from tests.server.support.builders import bearer
from tests.server.support.databases import SQLITE_ONLY


def _runtime(client: TestClient) -> Runtime:
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    return rt


def test_a_confirmation_is_read_at_once_after_a_cached_read(client: TestClient) -> None:
    night = Night(client)
    seq = night.knock_out_everyone_from(client, "Ann")
    assert night.standings(client)["standings"] == []  # cached: pending
    assert night.post(client, "Bob", "confirm", {"result_seq": seq}).status_code == 200
    standings = night.standings(client)
    assert standings["pending"] == [] and points(standings)["Ann"] == 5


def test_a_dispute_is_read_at_once_after_a_cached_read(client: TestClient) -> None:
    night = Night(client)
    seq = night.knock_out_everyone_from(client, "Ann")
    [pending] = night.standings(client)["pending"]  # cached: not disputed
    assert not pending["disputed"]
    assert night.post(client, "Bob", "dispute", {"result_seq": seq}).status_code == 200
    [pending] = night.standings(client)["pending"]
    assert pending["disputed"]


def test_a_rename_is_read_at_once_in_json_and_csv(client: TestClient) -> None:
    season = new_season(client)
    stored_night(client, season["season_id"], (["Ann", "Bob"], "Ann"))
    url = f"/api/seasons/{season['season_id']}/standings"
    assert "Ann," in client.get(url, params={"format": "csv"}).text  # both cached
    assert lines(client, season["season_id"])[0] == ("Ann", 5, 1)
    renamed = client.post(f"/api/seasons/{season['season_id']}/players/rename",
                          headers=bearer(season["host_token"]),
                          json={"name": "Ann", "to": "Annabel"})
    assert renamed.status_code == 200, renamed.text
    assert lines(client, season["season_id"])[0] == ("Annabel", 5, 1)
    assert "Annabel," in client.get(url, params={"format": "csv"}).text


@SQLITE_ONLY
def test_two_cold_reads_of_one_version_compute_it_once(client: TestClient) -> None:
    season_id = new_season(client)["season_id"]
    stored_night(client, season_id, (["Ann", "Bob"], "Ann"))
    rt = _runtime(client)
    with rt.session() as session:
        version = season_repo.season_version(session, season_id)
    key = (season_id, "json", version)
    both_asked = threading.Event()
    rendered: list[str] = []

    def render(book: SeasonBook) -> bytes:
        rendered.append(book.row.id)
        both_asked.wait(30)  # the second read arrives while the first computes
        return b"{}"

    async def two_reads() -> list[season_reads.StandingsReply | None]:
        reads = [asyncio.create_task(season_reads.standings_reply(
            rt, season_id, "json", render)) for _ in range(2)]
        while rt.standings_flight.callers(key) < 2:
            await asyncio.sleep(0.01)
        both_asked.set()
        return list(await asyncio.gather(*reads))

    first, second = client.portal.call(two_reads)  # type: ignore[union-attr]
    assert rendered == [season_id]
    assert first is second is not None and first.body == b"{}"


@SQLITE_ONLY
def test_the_cache_keeps_only_the_current_version_of_a_season(client: TestClient) -> None:
    season_id = new_season(client)["season_id"]
    stored_night(client, season_id, (["Ann", "Bob"], "Ann"))
    assert lines(client, season_id) == [("Ann", 5, 1), ("Bob", 0, 1)]
    stored_night(client, season_id, (["Ann", "Bob"], "Bob"))
    assert lines(client, season_id) == [("Ann", 5, 2), ("Bob", 5, 2)]
    rt = _runtime(client)
    with rt.session() as session:
        now = season_repo.season_version(session, season_id)
    kept = rt.season_standings._values  # one entry per (season, format), the newest
    assert list(kept) == [(season_id, "json")]
    assert kept[(season_id, "json")][0] == now


def test_an_imported_seasons_games_are_parsed_once_and_a_rename_still_applies_to_them(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Imported games are written once, so a cold read after a rename (a new version)
    reuses their parsed results; the rename is an alias, applied over them."""
    parsed: list[int] = []
    parse = season_book._parsed_results

    def counted(session: Session, rows: list[SeasonNightRow]) -> list[list[GameResult]]:
        parsed.append(len(rows))
        return parse(session, rows)

    monkeypatch.setattr(season_book, "_parsed_results", counted)
    imported = client.post("/api/seasons/import", json=season_file())
    assert imported.status_code == 201, imported.text
    season_id, token = imported.json()["season_id"], imported.json()["host_token"]
    before = lines(client, season_id)
    assert before[0] == ("Ann", 11, 2)
    renamed = client.post(f"/api/seasons/{season_id}/players/rename", headers=bearer(token),
                          json={"name": "Ann", "to": "Annabel"})
    assert renamed.status_code == 200, renamed.text
    assert lines(client, season_id) == [("Annabel", 11, 2), *before[1:]]
    assert parsed == [2]
