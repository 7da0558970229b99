"""A state built once over HTTP into a database, copied for each test that starts from it.

Why: drafting a pod (or a night of pods) costs seconds, and a module of rules about what
comes after the draft (games, results, table moves, rounds) paid it for each test. Each
test now opens its app on a copy, and the app takes the state up from the database as
after a restart (the path `prismatic serve` takes when it starts again); the restart
itself is the rule of its own tests. `saved` builds into a SQLite file (copied with
SQLite's backup); `saved_on_postgres` into a PostgreSQL database (copied with `CREATE
DATABASE … TEMPLATE …`), so a module of `saved_fixtures` builds its state once on each
database: the building still meets both, and a PostgreSQL test no longer drafts a night
of its own (about 35 s on the loaded machine, issue #43).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from server.app import create_app
from server.core.settings import Settings
from tests.server.support import migrated
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


@dataclass
class SavedOnPostgres(Generic[T]):
    """What `build` returned and the PostgreSQL database it left (its name): no connection
    to it stays open, as `CREATE DATABASE … TEMPLATE` requires."""

    value: T
    name: str
    admin_url: str

    def copy_to(self, db_url: str) -> None:
        """Replace the PostgreSQL database of `db_url` (a test's own, made by `db_url`, which
        drops it after the test) by a copy of the saved one, before any app opens it."""
        target = sa.make_url(db_url).database
        admin = sa.create_engine(self.admin_url, isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as connection:
                connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{target}" WITH (FORCE)'))
                connection.execute(sa.text(f'CREATE DATABASE "{target}" TEMPLATE "{self.name}"'))
        finally:
            admin.dispose()


@contextmanager
def saved_on_postgres(admin_url: str, template: str, folder: Path,
                      build: Callable[[TestClient], T]) -> Iterator[SavedOnPostgres[T]]:
    """Run `build` in an app on a new PostgreSQL database (a copy of the migrated
    `template`, see tests/server/support/migrated.py), close the app, and keep the
    database as a template until the end of the block, then drop it."""
    with migrated.postgres_copy(admin_url, template) as url:
        with TestClient(create_app(app_settings(url, folder / "data"))) as client:
            value = build(client)
        name = sa.make_url(url).database
        assert name is not None
        _close_connections(admin_url, name)
        yield SavedOnPostgres(value, name, admin_url)


def _close_connections(admin_url: str, name: str) -> None:
    """End any session still connected to database `name` (a pooled connection the closed
    app left), so the database can be a template."""
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(sa.text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = :name AND pid <> pg_backend_pid()"), {"name": name})
    finally:
        admin.dispose()


def on_sqlite(settings: Settings) -> bool:
    return settings.db_url.startswith("sqlite")


def saved_fixtures(save: Callable[[Path], Saved[T]], fresh: Callable[[TestClient], T],
                   name: str) -> tuple[Any, Any, Any, Any]:
    """The fixtures of a module whose tests start from one state, to unpack at its top:
    `saved_<name>`, the state built once for the module by `save` into SQLite, and
    `saved_<name>_postgresql`, built once for the module by `fresh` into PostgreSQL (the
    module runs on one worker: `SHARED_SERVER_MODULES` in tests/conftest.py); `settings`,
    whose database is first a copy of the saved state of its kind for a test that takes
    `name`, so `client` opens on it; and `name`, the state's handles. A test that takes no
    `name` opens on a fresh database."""
    saved_name = f"saved_{name}"
    saved_postgres = f"saved_{name}_postgresql"

    @pytest.fixture(scope="module", name=saved_name)
    def saved_state(tmp_path_factory: pytest.TempPathFactory) -> Saved[T]:
        return save(tmp_path_factory.mktemp(saved_name))

    @pytest.fixture(scope="module", name=saved_postgres)
    def saved_postgres_state(tmp_path_factory: pytest.TempPathFactory, postgres_admin_url: str,
                             postgres_template: str) -> Iterator[SavedOnPostgres[T]]:
        with saved_on_postgres(postgres_admin_url, postgres_template,
                               tmp_path_factory.mktemp(saved_postgres), fresh) as copy:
            yield copy

    def saved_of(request: pytest.FixtureRequest, settings: Settings) -> Any:
        return request.getfixturevalue(saved_name if on_sqlite(settings) else saved_postgres)

    @pytest.fixture(name="settings")
    def settings(request: pytest.FixtureRequest,
                 make_settings: Callable[..., Settings]) -> Settings:
        made = make_settings()
        if name in request.fixturenames:
            saved_of(request, made).copy_to(made.db_url)
        return made

    @pytest.fixture(name=name)
    def state(request: pytest.FixtureRequest, client: TestClient, settings: Settings) -> T:
        value: T = saved_of(request, settings).value
        return value

    return saved_state, saved_postgres_state, settings, state
