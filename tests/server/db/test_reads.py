"""`read` runs a query off the event loop, in a session of its own that it closes."""

from __future__ import annotations

import asyncio
import threading

import sqlalchemy as sa
from sqlmodel import Session

from server.db.reads import read


def test_a_read_runs_in_a_worker_thread_with_its_own_session() -> None:
    engine = sa.create_engine("sqlite://")
    opened: list[Session] = []

    def factory() -> Session:
        opened.append(Session(engine))
        return opened[-1]

    def query(session: Session) -> tuple[int, str, bool]:
        try:
            asyncio.get_running_loop()
            on_a_loop = True
        except RuntimeError:
            on_a_loop = False
        value = int(session.connection().execute(sa.text("SELECT 7")).scalar_one())
        return value, threading.current_thread().name, on_a_loop

    async def scenario() -> tuple[int, str, bool]:
        return await read(factory, query)

    value, thread, on_a_loop = asyncio.run(scenario())
    assert value == 7
    assert thread != threading.main_thread().name and not on_a_loop
    assert len(opened) == 1 and not opened[0].in_transaction()
