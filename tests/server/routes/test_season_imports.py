"""A season import is the laptop's, one at a time, bounded; seasons are capped and their
host can delete one (issue #42, item 3)."""

from __future__ import annotations

import json
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import func, select

from server.core.settings import Settings
from server.db.tables import EventRow, SeasonPlayerRow, SeasonRow
from server.services.seasons import season_files
from tests.server.routes.test_seasons_api import imported, season_file, table
from tests.server.support.builders import bearer
from tests.server.support.databases import SQLITE_ONLY

Opener = Callable[[Settings], AbstractContextManager[TestClient]]


def stored(client: TestClient, row: type) -> int:
    with client.app.state.runtime.session() as session:  # type: ignore[attr-defined]
        return int(session.exec(select(func.count()).select_from(row)).one())


@SQLITE_ONLY
def test_a_stranger_on_the_wifi_cannot_import_a_season(
    make_settings: Callable[..., Settings], app_client: Opener
) -> None:
    # Only loopback is the laptop here; the test client's peer is a phone on the Wi-Fi.
    with app_client(make_settings(rate_limit_exempt="127.0.0.1")) as stranger:
        reply = stranger.post("/api/seasons/import", json=season_file())
        assert reply.status_code == 403, reply.text
        assert reply.json()["error"]["code"] == "laptop_only"
        assert stored(stranger, SeasonRow) == 0
        # Creating a season (a host with a phone) is still open to anyone.
        assert stranger.post("/api/seasons", json={"name": "Fridays"}).status_code == 201


@pytest.fixture
def held_import(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[threading.Event,
                                                                  threading.Event]]:
    """The next import's check waits until the test lets it go: (started, release)."""
    started, release = threading.Event(), threading.Event()
    checked_rows = season_files.checked_rows

    def slow(data: Any) -> Any:
        started.set()
        assert release.wait(30)
        return checked_rows(data)

    monkeypatch.setattr(season_files, "checked_rows", slow)
    yield started, release
    release.set()


@SQLITE_ONLY
def test_a_second_import_while_one_runs_is_refused(
    client: TestClient, held_import: tuple[threading.Event, threading.Event]
) -> None:
    started, release = held_import
    first: dict[str, Any] = {}
    runner = threading.Thread(target=lambda: first.update(
        reply=client.post("/api/seasons/import", json=season_file())))
    runner.start()
    assert started.wait(30)
    second = client.post("/api/seasons/import", json=season_file(name="Autumn"))
    assert second.status_code == 409, second.text
    assert second.json()["error"]["code"] == "import_running"
    release.set()
    runner.join(30)
    assert first["reply"].status_code == 201
    # The slot is free again once the first import is stored.
    assert client.post("/api/seasons/import", json=season_file(name="Winter")).status_code == 201
    assert stored(client, SeasonRow) == 2


def test_the_number_of_seasons_is_capped_and_a_delete_makes_room(
    make_settings: Callable[..., Settings], app_client: Opener
) -> None:
    with app_client(make_settings(max_seasons=2)) as client:
        kept = imported(client, season_file())
        client.post("/api/seasons", json={"name": "Two"})
        for refused in (client.post("/api/seasons", json={"name": "Three"}),
                        client.post("/api/seasons/import", json=season_file(name="Four"))):
            assert refused.status_code == 409, refused.text
            assert refused.json()["error"]["code"] == "too_many_seasons"
        assert stored(client, SeasonRow) == 2
        gone = client.delete(f"/api/seasons/{kept['season_id']}",
                             headers=bearer(kept["host_token"]))
        assert gone.status_code == 200, gone.text
        assert client.post("/api/seasons", json={"name": "Three"}).status_code == 201


def test_a_seasons_host_deletes_it_and_its_nights_stay_nights(client: TestClient) -> None:
    season = imported(client, season_file())
    night = client.post("/api/events", json={"set": "CMR", "season_id": season["season_id"]},
                        headers=bearer(season["host_token"]))
    assert night.status_code == 201, night.text
    assert table(client, season["season_id"])  # read once: the cache holds it
    url = f"/api/seasons/{season['season_id']}"
    for wrong in ({}, bearer(night.json()["host_token"])):
        assert client.delete(url, headers=wrong).status_code in (401, 403)
    assert client.delete(url, headers=bearer(season["host_token"])).status_code == 200
    assert client.get(f"{url}/standings").status_code == 404
    assert client.delete(url, headers=bearer(season["host_token"])).status_code == 404
    assert stored(client, SeasonRow) == stored(client, SeasonPlayerRow) == 0
    with client.app.state.runtime.session() as session:  # type: ignore[attr-defined]
        event = session.get(EventRow, night.json()["event_id"])
        assert event is not None and event.season_id is None
    assert client.get(f"/api/events/{night.json()['event_id']}").status_code == 200


def four_mib_file() -> bytes:
    """A season file just under the 4 MiB cap: 2,000 players, as many games as fit."""
    data = season_file()
    names = [f"Player {n:04d}" for n in range(2000)]
    data["players"] = [{"name": n, "aliases": []} for n in names]
    night = [{"placings": [{"player": names[(g * 4 + i) % 2000], "place": i + 1}
                           for i in range(4)], "draw": False, "awards": []}
             for g in range(400)]
    data["nights"] = [{"held_at": f"2026-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}T19:00:00+00:00",
                       "results": night} for n in range(40)]
    raw = json.dumps(data).encode()
    while len(raw) > 4 * 1024 * 1024 - 1024:
        data["nights"].pop()
        raw = json.dumps(data).encode()
    return raw


@pytest.mark.xfail(strict=True, reason="not met yet: 69 MiB peak for a 3.1 MiB file "
                   "(pydantic models and rows per game); the goal is < 8x")
def test_a_four_mib_file_costs_a_few_times_its_size_to_check() -> None:
    raw = four_mib_file()
    assert len(raw) > 3 * 1024 * 1024
    tracemalloc.start()
    try:
        season_files.checked_rows(season_files.parse_file(raw))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    print(f"peak {peak / 2**20:.1f} MiB for a {len(raw) / 2**20:.1f} MiB file")
    assert peak < 8 * len(raw)
