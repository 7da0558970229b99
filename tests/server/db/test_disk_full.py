"""A full disk is named: a commit that finds no space fails as `disk_full` (not "busy"),
stores nothing, tells the writer's listener (the host's banner), and the next commit
that succeeds clears it.

The disk fills for real on SQLite (`max_page_count` at the file's current size: SQLite
then answers SQLITE_FULL exactly as on a full filesystem, see tests/server/db/test_tiny_disk.py
for the tmpfs) and on PostgreSQL through the server raising SQLSTATE 53100 `disk_full`.
"""

from __future__ import annotations

import asyncio
import sqlite3

import sqlalchemy as sa
from sqlmodel import Session

from server.core.errors import BusyError, DiskFullError
from server.db.disk import is_disk_full
from server.db.writer import GroupWriter
from tests.server.db.test_writer import insert_pod, stored


def fill_the_disk(session: Session) -> None:
    """What the database says when it needs a page and the disk has none."""
    connection = session.connection()
    if connection.dialect.name == "sqlite":
        pages = connection.execute(sa.text("PRAGMA page_count")).scalar()
        connection.execute(sa.text(f"PRAGMA max_page_count = {pages}"))
        connection.execute(sa.text("CREATE TABLE filler (x TEXT)"))
        connection.execute(sa.text("INSERT INTO filler VALUES (:x)"), {"x": "x" * 100_000})
    else:
        connection.execute(sa.text(
            "DO $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'"
            " USING ERRCODE = 'disk_full'; END $$"))


def test_a_full_disk_fails_the_commit_as_disk_full_and_the_next_commit_clears_it(
    engine: sa.Engine,
) -> None:
    told: list[bool] = []

    async def scenario() -> BaseException | None:
        writer = GroupWriter(lambda: Session(engine), disk_full=told.append)
        full = insert_pod("full")
        stage = full.stage
        assert stage is not None

        def staged(session: Session) -> None:
            stage(session)
            fill_the_disk(session)

        full.stage = staged
        failed = (await asyncio.gather(writer.submit(full), return_exceptions=True))[0]
        await writer.submit(insert_pod("after"))
        await writer.close()
        return failed if isinstance(failed, BaseException) else None

    failed = asyncio.run(scenario())
    assert isinstance(failed, DiskFullError) and isinstance(failed, BusyError)
    assert failed.code == "disk_full" and failed.status == 503
    assert "free some space" in failed.message
    assert told == [True, False]
    assert stored(engine) == ["after"]  # the failed transaction stored nothing


def test_only_a_full_disk_is_named_so() -> None:
    locked = sa.exc.OperationalError("INSERT", {}, sqlite3.OperationalError("database is locked"))
    full = sa.exc.OperationalError("INSERT", {}, sqlite3.OperationalError(
        "database or disk is full"))
    assert is_disk_full(full) and not is_disk_full(locked)
    assert is_disk_full(OSError(28, "No space left on device"))
    assert not is_disk_full(OSError(13, "Permission denied"))
