"""Fixtures for the server tests: a database per test on SQLite and PostgreSQL, settings,
an in-process client, and a real uvicorn server in a subprocess.

Reuse: `db_url` (parametrized: sqlite, postgresql; migrated to head, a copy of a template
migrated once per worker, tests/server/support/migrated.py), `empty_db_url` (the same, but
empty: for the migrations' own tests), `make_settings`, `settings`, `client`,
`app_client` (factory, for restarts in-process), `live_server` (factory of `LiveServer`).
Every server test also runs under `commits_on_the_loop`: a `Session.commit` on a thread
running an event loop fails the test (only the writer thread commits, `server.db.writer`).
Every request to `client` runs under `loop_queries`: a SQL statement on the event loop fails
the test too (`queries_on_the_loop` arms it for a block, for apps made otherwise).
PostgreSQL runs when `PRISMATIC_TEST_POSTGRES_URL` is set; with `CI=true` a missing URL
fails instead of skipping. Each session creates its own uniquely named database.
"""

from __future__ import annotations

import asyncio
import os
import traceback
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from server.app import create_app
from server.core.settings import Settings
from tests.server.support import migrated
from tests.server.support.live import LiveServer
from tests.server.support.recycled import database_url
from tests.server.support.route_fields import share_route_fields
from tests.server.support.settings import app_settings

share_route_fields()  # each route field's validator built once per worker, not per app

POSTGRES_ENV = "PRISMATIC_TEST_POSTGRES_URL"


@pytest.fixture(scope="session")
def postgres_admin_url() -> str:
    """The PostgreSQL server's URL from the environment (skips, or fails in CI, without)."""
    admin_url = os.environ.get(POSTGRES_ENV)
    if not admin_url:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{POSTGRES_ENV} must be set in CI")
        pytest.skip(f"{POSTGRES_ENV} is not set")
    return admin_url


@pytest.fixture(scope="session")
def postgres_url(postgres_admin_url: str) -> Iterator[str]:
    """A fresh PostgreSQL database for this test session, dropped at the end."""
    admin_url = postgres_admin_url
    name = f"prismatic_t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield database_url(admin_url, name)
    finally:
        with admin.connect() as connection:
            connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(autouse=True)
def commits_on_the_loop(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Rule: nothing commits on the event loop (a blocking commit stalls every socket).

    Records the stack of every `Session.commit` made on a thread that runs an event loop
    and fails the test at teardown; a test that provokes one on purpose clears the list."""
    offenders: list[str] = []
    original = Session.commit

    def guarded(self: Session) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return original(self)
        offenders.append("".join(traceback.format_stack(limit=12)))
        return original(self)

    monkeypatch.setattr(Session, "commit", guarded)
    yield offenders
    assert not offenders, "Session.commit ran on the event loop:\n" + offenders[0]


class LoopQueries:
    """Records SQL statements run on a thread that runs an event loop, while armed."""

    def __init__(self) -> None:
        self.offenders: list[str] = []
        self.armed = 0

    def before(self, *_args: Any) -> None:
        if not self.armed:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self.offenders.append("".join(traceback.format_stack(limit=14)))

    @contextmanager
    def watch(self) -> Iterator[None]:
        self.armed += 1
        try:
            yield
        finally:
            self.armed -= 1
        assert not self.offenders, "a database query ran on the event loop:\n" + self.offenders[0]


@pytest.fixture
def loop_queries() -> Iterator[LoopQueries]:
    """Rule: a request reads the database off the event loop (a blocking query stalls
    every socket, like a commit). Armed by `client` once the app has started (start-up's
    migrations and restore run before any socket is served), and by `queries_on_the_loop`."""
    guard = LoopQueries()
    sa.event.listen(sa.engine.Engine, "before_cursor_execute", guard.before)
    try:
        yield guard
    finally:
        sa.event.remove(sa.engine.Engine, "before_cursor_execute", guard.before)


@pytest.fixture
def queries_on_the_loop(loop_queries: LoopQueries) -> Callable[[], AbstractContextManager[None]]:
    """`with queries_on_the_loop():` fails on leaving when a SQL statement ran on the event
    loop meanwhile (for apps not made by `client`)."""
    return loop_queries.watch


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file in tmp_path, or a wiped PostgreSQL schema. For
    the tests of the migrations themselves; every other test takes `db_url`."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    url: str = request.getfixturevalue("postgres_url")
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        connection.execute(sa.text("DROP SCHEMA public CASCADE"))
        connection.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()
    return url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This worker's SQLite file migrated to head, copied by `db_url` for each test."""
    return migrated.sqlite_template(tmp_path_factory.mktemp("template"))


@pytest.fixture(scope="session")
def postgres_template(postgres_admin_url: str) -> Iterator[str]:
    """This worker's PostgreSQL database migrated to head (its name), copied by `db_url`."""
    with migrated.postgres_template(postgres_admin_url) as name:
        yield name


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database already migrated to head, as the app leaves it on its first start:
    a copy of this worker's template (a SQLite file in tmp_path, or a PostgreSQL database
    of its own, dropped after the test)."""
    if request.param == "sqlite":
        yield migrated.sqlite_copy(request.getfixturevalue("sqlite_template"), tmp_path)
        return
    template: str = request.getfixturevalue("postgres_template")
    with migrated.postgres_copy(request.getfixturevalue("postgres_admin_url"),
                                template) as url:
        yield url


@pytest.fixture
def make_settings(db_url: str, tmp_path: Path) -> Callable[..., Settings]:
    def make(**overrides: Any) -> Settings:
        return app_settings(overrides.pop("db_url", db_url),
                            overrides.pop("data_dir", tmp_path / "data"), **overrides)

    return make


@pytest.fixture
def settings(make_settings: Callable[..., Settings]) -> Settings:
    return make_settings()


@pytest.fixture
def app_client() -> Callable[[Settings], AbstractContextManager[TestClient]]:
    """`with app_client(settings) as client:` — a fresh app each time (restart in-process)."""

    @contextmanager
    def open_client(settings: Settings) -> Iterator[TestClient]:
        with TestClient(create_app(settings)) as client:
            yield client

    return open_client


@pytest.fixture
def client(settings: Settings, loop_queries: LoopQueries) -> Iterator[TestClient]:
    """An app started in-process; every request it serves must not query on the loop."""
    with TestClient(create_app(settings)) as test_client, loop_queries.watch():
        yield test_client


@pytest.fixture
def wifi_client(make_settings: Callable[..., Settings],
                app_client: Callable[[Settings], AbstractContextManager[TestClient]],
                ) -> Iterator[TestClient]:
    """An app whose client is a phone on the Wi-Fi, not the host's laptop (`client` is
    the laptop: its peer is exempt, and the laptop hosts every season)."""
    with app_client(make_settings(rate_limit_exempt="127.0.0.1")) as phone:
        yield phone


@pytest.fixture
def live_server(db_url: str, tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """Factory: `live_server(**env)` starts `prismatic serve` on a free loopback port."""
    servers: list[LiveServer] = []

    def start(qr: bool = False, **env: str) -> LiveServer:
        server = LiveServer(db_url=db_url, data_dir=tmp_path / "data", env=env, qr=qr)
        server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()
