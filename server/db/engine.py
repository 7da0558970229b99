"""Build the SQLAlchemy engine for SQLite (embedded default) or PostgreSQL.

Why the pragmas: WAL lets phones read while a pick commits; `busy_timeout` makes a writer
wait instead of failing at once; `synchronous` is the durability/speed trade-off from
`Settings.sqlite_synchronous` (FULL by default: an acknowledged pick survives power loss).
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine, make_url

from server.core.settings import Settings


class DatabaseConfigError(Exception):
    """The database URL or data directory cannot be used; the message says why."""


def create_db_engine(settings: Settings) -> Engine:
    """An engine for the configured database; raises `DatabaseConfigError` on a bad URL."""
    url_text = settings.database_url()
    try:
        url = make_url(url_text)
    except sa.exc.ArgumentError as error:
        raise DatabaseConfigError(f"cannot parse database URL {url_text!r}") from error
    if url.get_backend_name() == "sqlite":
        return _sqlite_engine(url, settings)
    if url.get_backend_name() != "postgresql":
        raise DatabaseConfigError(
            f"unsupported database {url.get_backend_name()!r}: use sqlite or postgresql+psycopg"
        )
    try:
        return _postgres_engine(url, ping=True)
    except ImportError as error:
        raise DatabaseConfigError(
            f"PostgreSQL needs its driver, which this install lacks ({error}): "
            "pip install 'prismatic[postgres]'") from error
    except sa.exc.ArgumentError as error:
        raise DatabaseConfigError(f"cannot use database URL: {error}") from error


def writer_engine(engine: Engine) -> Engine:
    """The group writer's engine (`server.db.writer`): the same database, but on
    PostgreSQL without a ping before each checkout.

    Why: the pool pings a connection before lending it (`pool_pre_ping`), so that the
    first read after PostgreSQL restarted does not fail. The writer borrows a connection
    for every batch, every few milliseconds on a busy night, and the ping was one more
    round trip per batch (a tenth of the writer thread's time in a cluster run, issue
    #33). Without it, the first batch after a restart fails whole with "try again" (503
    `db_busy`: nothing of it stored, the writer's contract), SQLAlchemy drops the dead
    connections, and the retry gets a fresh one (tests/server/db/test_postgres_restart.py).
    SQLite has no ping and no server to lose: the same engine."""
    if engine.url.get_backend_name() != "postgresql":
        return engine
    return _postgres_engine(engine.url, ping=False)


def _postgres_engine(url: sa.URL, ping: bool) -> Engine:
    """The one place a PostgreSQL engine is made, so the writer's (`ping=False`) cannot
    drift from the server's when either gains an option."""
    return sa.create_engine(url, pool_pre_ping=ping)


def _sqlite_engine(url: sa.URL, settings: Settings) -> Engine:
    engine = sa.create_engine(url, connect_args={"check_same_thread": False})
    synchronous = settings.sqlite_synchronous
    busy = int(settings.sqlite_busy_timeout_ms)

    @sa.event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={busy}")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def check_connection(engine: Engine) -> None:
    """Connect once so a wrong password or missing file fails at start, in one line."""
    try:
        with engine.connect() as connection:
            connection.execute(sa.text("SELECT 1"))
    except sa.exc.SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise DatabaseConfigError(
            f"cannot connect to the database: {reason}{_full_disk_hint(engine)}") from error


FULL_DISK_BYTES = 1 << 20


def _full_disk_hint(engine: Engine) -> str:
    """Why a SQLite file fails to open when its disk is full: SQLite says "disk I/O error"
    when it cannot create the `-shm` file; the host needs to hear "free some space"."""
    path = engine.url.database if engine.url.get_backend_name() == "sqlite" else None
    if not path or path == ":memory:":
        return ""
    try:
        free = shutil.disk_usage(os.path.dirname(os.path.abspath(path))).free
    except OSError:
        return ""
    if free >= FULL_DISK_BYTES:
        return ""
    return f" (the disk holding {path} is full: {free} bytes free; free some space)"


SQLITE_FILES = ("", "-wal", "-shm", "-journal")


def make_private(engine: Engine, data_dir: Path) -> None:
    """Data directory 700, SQLite files 600: they hold seeds and pick logs, enough to
    rebuild every pack and pool of the night, and the laptop may have other users.

    SQLite gives a new `-wal`/`-shm` file the database file's mode, so they follow."""
    if data_dir.is_dir():
        _chmod(data_dir, 0o700)
    path = engine.url.database if engine.url.get_backend_name() == "sqlite" else None
    if path and path != ":memory:":
        for suffix in SQLITE_FILES:
            _chmod(Path(path + suffix), 0o600)


def _chmod(path: Path, mode: int) -> None:
    try:
        if path.exists() and stat.S_IMODE(path.stat().st_mode) != mode:
            path.chmod(mode)
    except OSError:  # not ours (a shared directory): leave it, never fail the start
        pass
