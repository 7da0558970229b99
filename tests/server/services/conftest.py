"""Fixtures the service tests share: a pod whose draft is over, and a pod at its tables.

Both are built once per worker into a SQLite file (tests/server/support/saved.py) and once
into a PostgreSQL database (`CREATE DATABASE … TEMPLATE`): a test opens its app on a copy
of its database's kind (`SAVED`). The rounds' and clocks' night (`saved_fixtures`) is
built once per module on each database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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
from tests.server.support.saved import Saved, SavedOnPostgres, saved, saved_on_postgres

People = tuple[PodHandle, dict[str, SeatHandle]]


def draft_three(client: TestClient) -> tuple[PodHandle, list[SeatHandle]]:
    """A 3-seat pod of three people whose draft has finished."""
    pod = new_pod(client, seats=3, seed=9)
    seats = [join(client, pod, name) for name in ("Ann", "Bob", "Cid")]
    start(client, pod)
    draft_until_done(client, seats)
    return pod, seats


@pytest.fixture(scope="session")
def drafted_pod(tmp_path_factory: pytest.TempPathFactory) -> Saved[tuple[PodHandle,
                                                                         list[SeatHandle]]]:
    """`draft_three` once for this worker, on SQLite."""
    return saved(tmp_path_factory.mktemp("drafted"), draft_three)


@pytest.fixture(scope="session")
def played(tmp_path_factory: pytest.TempPathFactory) -> Saved[People]:
    """`play_tables` (Ann, Bob and Cid drafted, at their table) once for this worker, on SQLite."""
    return saved(tmp_path_factory.mktemp("played"), play_tables)


@pytest.fixture(scope="session")
def drafted_pod_postgresql(tmp_path_factory: pytest.TempPathFactory, postgres_admin_url: str,
                           postgres_template: str) -> Iterator[SavedOnPostgres[Any]]:
    """`draft_three` once for this worker, on PostgreSQL."""
    with saved_on_postgres(postgres_admin_url, postgres_template,
                           tmp_path_factory.mktemp("drafted_pg"), draft_three) as copy:
        yield copy


@pytest.fixture(scope="session")
def played_postgresql(tmp_path_factory: pytest.TempPathFactory, postgres_admin_url: str,
                      postgres_template: str) -> Iterator[SavedOnPostgres[Any]]:
    """`play_tables` once for this worker, on PostgreSQL."""
    with saved_on_postgres(postgres_admin_url, postgres_template,
                           tmp_path_factory.mktemp("played_pg"), play_tables) as copy:
        yield copy


SAVED = {"built": "drafted_pod", "played_table": "played"}
"""A fixture of this folder, and the fixture of the worker's saved copy of it on SQLite
(`<that>_postgresql` on PostgreSQL)."""


def saved_of(request: pytest.FixtureRequest) -> Saved[Any] | SavedOnPostgres[Any] | None:
    """The saved state this test starts from, of its database's kind: none when it takes
    none of `SAVED`."""
    wanted = [name for name in SAVED if name in request.fixturenames]
    assert len(wanted) <= 1, f"one saved state a test, not {wanted}"
    if not wanted:
        return None
    on_sqlite = str(request.getfixturevalue("db_url")).startswith("sqlite")
    fixture = SAVED[wanted[0]] if on_sqlite else f"{SAVED[wanted[0]]}_postgresql"
    copy: Saved[Any] | SavedOnPostgres[Any] = request.getfixturevalue(fixture)
    return copy


@pytest.fixture
def settings(request: pytest.FixtureRequest, make_settings: Callable[..., Settings]) -> Settings:
    """The suite's `settings`; for a test of `built` or `played_table`, its database is
    first a copy of the worker's saved state, so `client` opens on it."""
    made = make_settings()
    copy = saved_of(request)
    if copy is not None:
        copy.copy_to(made.db_url)
    return made


@pytest.fixture
def built(request: pytest.FixtureRequest, client: TestClient
          ) -> tuple[PodHandle, list[SeatHandle]]:
    """A 3-seat pod of three people whose draft has finished (`draft_three`)."""
    copy = saved_of(request)
    assert copy is not None
    value: tuple[PodHandle, list[SeatHandle]] = copy.value
    return value


@pytest.fixture
def played_table(request: pytest.FixtureRequest, client: TestClient) -> People:
    """Ann, Bob and Cid at their table (`play_tables`)."""
    copy = saved_of(request)
    assert copy is not None
    value: People = copy.value
    return value


SAVED_ONCE_A_MODULE = "night"
"""The state of `saved_fixtures` (tests/server/support/saved.py): two pods of five, drafted
once per module on each database, tens of seconds on a loaded machine."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The first PostgreSQL test of a module of this folder that takes a `night` is marked
    slow: the module drafts its PostgreSQL night for it, so the longest-first scheduler
    (tests/conftest.py) counts that minute, not a second, and does not hand the module out
    last. The module's other tests start from copies and stay a second each."""
    folder = Path(__file__).parent
    counted: set[Path] = set()
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        if (item.path.is_relative_to(folder) and params.get("db_url") == "postgresql"
                and SAVED_ONCE_A_MODULE in getattr(item, "fixturenames", ())
                and item.path not in counted):
            counted.add(item.path)
            item.add_marker(pytest.mark.slow)
