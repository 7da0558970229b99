"""Fixtures the service tests share: a pod whose draft is over, and a pod at its tables.

`played_table` (the games, their results and the table moves) is played once per worker
into a SQLite file (tests/server/support/saved.py); a test on SQLite opens its app on a
copy, one on PostgreSQL plays its own."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    draft_until_done,
    join,
    new_pod,
    play_tables,
    start,
)
from tests.server.support.saved import Saved, saved

People = tuple[PodHandle, dict[str, SeatHandle]]


@pytest.fixture
def built(client: TestClient) -> tuple[PodHandle, list[SeatHandle]]:
    """A 3-seat pod of three people whose draft has finished."""
    pod = new_pod(client, seats=3, seed=9)
    seats = [join(client, pod, name) for name in ("Ann", "Bob", "Cid")]
    start(client, pod)
    draft_until_done(client, seats)
    return pod, seats


def on_sqlite(settings: Settings) -> bool:
    return settings.db_url.startswith("sqlite")


@pytest.fixture(scope="session")
def played(tmp_path_factory: pytest.TempPathFactory) -> Saved[People]:
    """`play_tables` (Ann, Bob and Cid drafted, at their table) once for this worker."""
    return saved(tmp_path_factory.mktemp("played"), play_tables)


@pytest.fixture
def settings(request: pytest.FixtureRequest, make_settings: Callable[..., Settings]) -> Settings:
    """The suite's `settings`; for a test of `played_table` on SQLite, its database is
    first a copy of the worker's played table, so `client` opens on it."""
    made = make_settings()
    if "played_table" in request.fixturenames and on_sqlite(made):
        played: Saved[People] = request.getfixturevalue("played")
        played.copy_to(made.db_url)
    return made


@pytest.fixture
def played_table(request: pytest.FixtureRequest, client: TestClient,
                 settings: Settings) -> People:
    """Ann, Bob and Cid at their table (`play_tables`): on SQLite the worker's copy, on
    PostgreSQL played for the test."""
    if on_sqlite(settings):
        played: Saved[People] = request.getfixturevalue("played")
        return played.value
    return play_tables(client)
