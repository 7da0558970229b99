"""After a restart the first reader of a season's statistics and standings computes
nothing: the app computes every season's in the background at start, once, and readers
who arrive meanwhile (of any page and format) share that one computation."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bench.season_stats import store_season
from server.core.settings import Settings
from server.runtime import Runtime
from server.services import season_reads, warm_start
from server.services.season_stats import reads

PAGES = ("cards?format=json", "cards?format=csv", "commanders?format=json",
         "commanders?format=csv", "standings")


def runtime(client: TestClient) -> Runtime:
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    return rt


def counting(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times the statistics and the standings' book are computed from here on."""
    counts = {"statistics": 0, "book": 0}
    compute, read_book = reads.compute, season_reads.read_book

    def computed(*args: Any) -> Any:
        counts["statistics"] += 1
        return compute(*args)

    def read(*args: Any) -> Any:
        counts["book"] += 1
        return read_book(*args)

    monkeypatch.setattr(reads, "compute", computed)
    monkeypatch.setattr(season_reads, "read_book", read)
    return counts


def test_the_first_reads_after_a_restart_find_every_season_computed(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        with runtime(client).session() as session:
            older = store_season(session, 1, 8, seed=1, season_id="older")
            newer = store_season(session, 1, 8, seed=2, season_id="newer")
        before = {page: client.get(f"/api/seasons/{newer}/{page}").content for page in PAGES}
    counts = counting(monkeypatch)
    with app_client(settings) as client:
        client.portal.call(runtime(client).season_warming.settle)  # type: ignore[union-attr]
        assert counts == {"statistics": 2, "book": 2}  # each season once, at start
        for season_id in (newer, older):
            for page in PAGES:
                reply = client.get(f"/api/seasons/{season_id}/{page}")
                assert reply.status_code == 200, reply.text
                if season_id == newer:
                    assert reply.content == before[page]
        assert counts == {"statistics": 2, "book": 2}  # the reads computed nothing more


def test_readers_of_every_page_during_the_warm_up_share_its_one_computation(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    rt = runtime(client)
    with rt.session() as session:
        season_id = store_season(session, 1, 8, seed=3, season_id="shared")
    counts = counting(monkeypatch)

    async def warm_and_read() -> list[int]:
        warm_start.warm_every_season(rt)
        statuses = await asyncio.gather(*(
            reads.statistics_reply(rt, season_id, (page, format), lambda stats: b"x")
            for page in ("cards", "commanders") for format in ("json", "csv")))
        await rt.season_warming.settle()
        return [len(reply.body) for reply in statuses if reply is not None]

    assert client.portal.call(warm_and_read) == [1, 1, 1, 1]  # type: ignore[union-attr]
    assert counts["statistics"] == 1
