"""A season's standings are sent from a reply cached per season version: every write the
standings depend on (a game's confirmation or dispute, a rename) changes the version, so a
read after it never gets the cached reply (SQLite and PostgreSQL); two cold reads of one
version compute it once; the cache keeps one version per season and format. A write that
changes the standings computes them again in the background (a warm-up), so the next
read finds them cached: asserted by counting the books read, never by time."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from pods.results import GameResult
from server.db import Session, season_repo
from server.db.tables import SeasonNightRow
from server.runtime import Runtime
from server.services import season_reads
from server.services.seasons import season_book
from server.values.season_book import SeasonBook
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


def test_a_standings_read_during_the_confirmations_commit_does_not_hide_it(
        client: TestClient) -> None:
    """The bug met under load: a warm-up read the season's version while the
    confirmation's commit was under way, before its rows were visible, and the standings
    stayed pending after the confirmation was acknowledged."""
    night = Night(client)
    seq = night.knock_out_everyone_from(client, "Ann")
    _settle(client)
    rt = _runtime(client)
    portal = client.portal
    assert portal is not None
    reads_in_flight: list[str] = []

    def read_during_the_commit(_connection: Any) -> None:  # on the writer's thread
        portal.call(season_reads.warm_now, rt, night.season_id)
        reads_in_flight.append(night.season_id)

    sa.event.listen(rt.writer_engine, "commit", read_during_the_commit)
    try:
        confirmed = night.post(client, "Bob", "confirm", {"result_seq": seq})
    finally:
        sa.event.remove(rt.writer_engine, "commit", read_during_the_commit)
    assert confirmed.status_code == 200, confirmed.text
    assert reads_in_flight  # the read met the commit
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


class BookReads:
    """Counts the season books read from the database (`season_book.read_book`), the
    recompute a warm-up does ahead of the reader."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        read = season_reads.read_book

        def counted(*args: Any) -> SeasonBook | None:
            self.count += 1
            return read(*args)

        monkeypatch.setattr(season_reads, "read_book", counted)


def _settle(client: TestClient) -> None:
    """Wait for the warm-ups the last writes asked for."""
    client.portal.call(_runtime(client).season_warming.settle)  # type: ignore[union-attr]


def test_after_a_confirmation_the_next_read_finds_the_standings_computed(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    night = Night(client)
    _settle(client)  # opening the night warmed its season
    reads = BookReads(monkeypatch)
    rt = _runtime(client)
    runs = rt.season_warming.runs
    ids = {p["name"]: p["player_id"] for p in night.game(client, "Ann")["players"]}
    tapped = night.post(client, "Ann", "", {"kind": "life", "target": ids["Bob"], "delta": -3})
    assert tapped.status_code == 200, tapped.text
    _settle(client)
    assert rt.season_warming.runs == runs  # a life tap changes no result: nothing to warm
    seq = night.knock_out_everyone_from(client, "Ann")
    assert night.post(client, "Bob", "confirm", {"result_seq": seq}).status_code == 200
    _settle(client)
    computed = reads.count
    assert computed >= 1 and rt.season_warming.runs > runs
    standings = night.standings(client)
    assert points(standings)["Ann"] == 5 and standings["pending"] == []
    assert reads.count == computed  # served from what the warm-up cached


def test_a_rename_reads_the_new_book_once_and_the_next_read_finds_it(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    season = new_season(client)
    stored_night(client, season["season_id"], (["Ann", "Bob"], "Ann"))
    assert lines(client, season["season_id"])[0] == ("Ann", 5, 1)  # the book is cached
    reads = BookReads(monkeypatch)
    renamed = client.post(f"/api/seasons/{season['season_id']}/players/rename",
                          headers=bearer(season["host_token"]),
                          json={"name": "Ann", "to": "Annabel"})
    assert renamed.status_code == 200, renamed.text
    assert renamed.json()["standings"][0]["name"] == "Annabel"
    _settle(client)
    assert reads.count == 1  # the reply and the warm-up shared one read of the new book
    assert lines(client, season["season_id"])[0] == ("Annabel", 5, 1)
    assert reads.count == 1


def test_an_imported_season_and_a_new_night_are_computed_before_their_first_read(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = BookReads(monkeypatch)
    imported = client.post("/api/seasons/import", json=season_file())
    assert imported.status_code == 201, imported.text
    season_id, token = imported.json()["season_id"], imported.json()["host_token"]
    _settle(client)
    assert reads.count == 1
    assert lines(client, season_id)[0] == ("Ann", 11, 2)
    assert reads.count == 1
    opened = client.post("/api/events", headers=bearer(token),
                         json={"set": "CMR", "seed": 13, "season_id": season_id})
    assert opened.status_code == 201, opened.text
    _settle(client)
    assert reads.count == 2
    assert client.get(f"/api/seasons/{season_id}/standings").json()["nights"] == 3
    assert reads.count == 2
