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

from bench.season_import import four_mib_file
from server.core.settings import Settings
from server.db.tables import EventRow, SeasonPlayerRow, SeasonResultRow, SeasonRow
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
    assert client.delete(url, headers=bearer(season["host_token"])).status_code == 200
    assert client.get(f"{url}/standings").status_code == 404
    assert client.delete(url, headers=bearer(season["host_token"])).status_code == 404
    assert stored(client, SeasonRow) == stored(client, SeasonPlayerRow) == 0
    with client.app.state.runtime.session() as session:  # type: ignore[attr-defined]
        event = session.get(EventRow, night.json()["event_id"])
        assert event is not None and event.season_id is None
    assert client.get(f"/api/events/{night.json()['event_id']}").status_code == 200


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_four_mib_file_costs_a_few_times_its_size_to_import(client: TestClient) -> None:
    """The whole import as the laptop meets it (the body read, parsed a night at a time,
    checked, its rows written) peaks under 8 times the file's size, every thread traced."""
    raw = four_mib_file()
    assert len(raw) > 3 * 1024 * 1024
    tracemalloc.start()
    try:
        reply = client.post("/api/seasons/import", content=raw,
                            headers={"Content-Type": "application/json"})
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert reply.status_code == 201, reply.text
    print(f"peak {peak / 2**20:.1f} MiB for a {len(raw) / 2**20:.1f} MiB file")
    assert peak < 8 * len(raw)
    nights = json.loads(raw)["nights"]
    assert stored(client, SeasonResultRow) == sum(len(n["results"]) for n in nights)


def test_a_files_keys_may_come_in_any_order(client: TestClient) -> None:
    """The nights are read after the players wherever the file lists them: a file whose
    nights come first (written by hand, or by another tool) imports the same."""
    data = season_file()
    reordered = {"nights": data["nights"], **{k: v for k, v in data.items() if k != "nights"}}
    reordered["nights"][0] = {"results": reordered["nights"][0]["results"],
                              "held_at": reordered["nights"][0]["held_at"]}
    season = imported(client, reordered)
    assert table(client, season["season_id"]) == table(
        client, imported(client, season_file(name="Autumn"))["season_id"])


def broken_night(data: dict[str, Any]) -> None:
    data["nights"][1]["results"][0]["placings"][0]["place"] = "first"


def nights_twice(data: dict[str, Any]) -> bytes:
    return json.dumps(data)[:-1].encode() + b', "nights": []}'


SHAPES: dict[str, tuple[Callable[[dict[str, Any]], bytes], str]] = {
    "not an object": (lambda d: b"[1, 2]", "valid dictionary"),
    "a night of the wrong shape, located in the file": (
        lambda d: (broken_night(d), json.dumps(d).encode())[1],
        "nights.1.results.0.placings.0.place"),
    "nights given twice": (nights_twice, "nights: Value error, this key is given twice"),
    "more nights than a file holds": (
        lambda d: json.dumps({**d, "nights": [d["nights"][0]] * 601}).encode(),
        "nights: List should have at most 600 items"),
    "nights that are not a list": (lambda d: json.dumps({**d, "nights": {}}).encode(),
                                   "nights: Input should be a valid list"),
    "no nights": (lambda d: json.dumps({k: v for k, v in d.items() if k != "nights"}).encode(),
                  "nights: Field required"),
}


@pytest.mark.parametrize("case", sorted(SHAPES))
def test_a_file_of_the_wrong_shape_is_refused_where_it_is_wrong(
    seasonless_client: TestClient, case: str
) -> None:
    """Read a night at a time, a file is still refused whole, with pydantic's own words
    and the place in the whole file, and nothing is stored."""
    client = seasonless_client  # one app for the module's refusals (routes/conftest.py)
    body, words = SHAPES[case]
    reply = client.post("/api/seasons/import", content=body(season_file()),
                        headers={"Content-Type": "application/json"})
    assert reply.status_code == 422, reply.text
    assert reply.json()["error"]["code"] == "invalid"
    assert words in reply.json()["error"]["message"]
    assert stored(client, SeasonRow) == 0


def test_a_file_that_is_not_json_is_malformed(seasonless_client: TestClient) -> None:
    """Broken JSON is found by the incremental reader too, and answered as any body that
    is not JSON (400 `malformed`)."""
    client = seasonless_client  # one app for the module's refusals (routes/conftest.py)
    reply = client.post("/api/seasons/import", content=json.dumps(season_file())[:-20],
                        headers={"Content-Type": "application/json"})
    assert (reply.status_code, reply.json()["error"]["code"]) == (400, "malformed")
    assert stored(client, SeasonRow) == 0
