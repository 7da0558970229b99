"""A state built once over HTTP into a SQLite file, copied for each test that starts from it.

Why: drafting a pod (or a night of pods) costs seconds, and a module of rules about what
comes after the draft (games, results, table moves, rounds) paid it for each test. Each
test now opens its app on a copy of the file, and the app takes the state up from the
database as after a restart (the path `prismatic serve` takes when it starts again); the
restart itself is the rule of its own tests. On PostgreSQL the tests still build the state
for themselves, so the building meets both databases.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.core.settings import Settings
from tests.server.support.settings import app_settings

T = TypeVar("T")


@dataclass
class Saved(Generic[T]):
    """What `build` returned (handles, tokens) and the SQLite file it left."""

    value: T
    database: Path

    def copy_to(self, db_url: str) -> None:
        """Write the saved state over the SQLite `db_url`, before any app opens it."""
        target = Path(db_url.removeprefix("sqlite:///"))
        with closing(sqlite3.connect(self.database)) as source, \
                closing(sqlite3.connect(target)) as copy:
            source.backup(copy)


def saved(folder: Path, build: Callable[[TestClient], T]) -> Saved[T]:
    """Run `build` in an app on a SQLite file in `folder`, and close the app."""
    database = folder / "saved.db"
    with TestClient(create_app(app_settings(f"sqlite:///{database}", folder / "data"))) as client:
        value = build(client)
    return Saved(value, database)


def on_sqlite(settings: Settings) -> bool:
    return settings.db_url.startswith("sqlite")


def saved_fixtures(save: Callable[[Path], Saved[T]], fresh: Callable[[TestClient], T],
                   name: str) -> tuple[Any, Any, Any]:
    """The fixtures of a module whose tests start from one state, to unpack at its top:
    `saved_<name>`, the state built once for the module by `save` (the module runs on one
    worker: `SHARED_SERVER_MODULES` in tests/conftest.py); `settings`, whose SQLite database
    is first a copy of it for a test that takes `name`, so `client` opens on it; and `name`,
    the state's handles: the copy's on SQLite, built for the test by `fresh` on PostgreSQL.
    A test that takes no `name` opens on a fresh database."""
    saved_name = f"saved_{name}"

    @pytest.fixture(scope="module", name=saved_name)
    def saved_state(tmp_path_factory: pytest.TempPathFactory) -> Saved[T]:
        return save(tmp_path_factory.mktemp(saved_name))

    @pytest.fixture(name="settings")
    def settings(request: pytest.FixtureRequest,
                 make_settings: Callable[..., Settings]) -> Settings:
        made = make_settings()
        if name in request.fixturenames and on_sqlite(made):
            copy: Saved[T] = request.getfixturevalue(saved_name)
            copy.copy_to(made.db_url)
        return made

    @pytest.fixture(name=name)
    def state(request: pytest.FixtureRequest, client: TestClient, settings: Settings) -> T:
        if on_sqlite(settings):
            copy: Saved[T] = request.getfixturevalue(saved_name)
            return copy.value
        return fresh(client)

    return saved_state, settings, state
