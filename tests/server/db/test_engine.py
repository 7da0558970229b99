"""Which databases the server opens, and what it says about a URL it cannot use."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from server.core.settings import Settings
from server.db.engine import DatabaseConfigError, create_db_engine, writer_engine
from server.db.writer import GroupWriter
from tests.server.db.test_writer import insert_pod, stored


def test_postgresql_without_its_driver_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A plain `pip install prismatic` has no psycopg (it is the `postgres` extra)."""
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if it were not installed
    with pytest.raises(DatabaseConfigError, match=r"pip install 'prismatic\[postgres\]'"):
        create_db_engine(Settings(db_url="postgresql+psycopg://u:p@127.0.0.1:9/db"))


def test_a_database_other_than_sqlite_or_postgresql_is_refused_by_name() -> None:
    with pytest.raises(DatabaseConfigError, match="unsupported database 'mysql'"):
        create_db_engine(Settings(db_url="mysql://u:p@127.0.0.1/db"))


def test_a_url_that_does_not_parse_is_quoted_back() -> None:
    with pytest.raises(DatabaseConfigError, match="cannot parse database URL 'not a url'"):
        create_db_engine(Settings(db_url="not a url"))


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_on_sqlite_the_writer_shares_the_servers_engine(engine: sa.Engine) -> None:
    assert writer_engine(engine) is engine


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_on_postgresql_the_writers_batches_send_no_ping_and_reads_still_do(
    engine: sa.Engine, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ping is a round trip; the writer borrows a connection for every batch. A read
    still pings, so the first read after a PostgreSQL restart does not fail."""
    bind = writer_engine(engine)
    pings = {"writer": 0, "reads": 0}
    for name, pinged in (("writer", bind), ("reads", engine)):
        ping = pinged.dialect.do_ping

        def counted(connection: Any, name: str = name, ping: Any = ping) -> bool:
            pings[name] += 1
            return bool(ping(connection))

        monkeypatch.setattr(pinged.dialect, "do_ping", counted)

    async def three_batches() -> None:
        writer = GroupWriter(lambda: Session(bind))
        for pod_id in ("a", "b", "c"):
            await writer.submit(insert_pod(pod_id))
        await writer.close()

    try:
        asyncio.run(three_batches())
        for _ in range(3):
            with engine.connect() as connection:
                connection.execute(sa.text("SELECT 1"))
    finally:
        bind.dispose()
    assert pings["writer"] == 0
    assert pings["reads"] >= 3  # each read reused a pooled connection: pinged first
    assert stored(engine) == ["a", "b", "c"]
