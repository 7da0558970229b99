"""Reads off the event loop: a query runs in a worker thread with a session of its own.

Why: a blocking query on the loop (the night's summary replays every stored game, an
export replays the whole draft) stalls every socket of every pod while it runs. Picks
never read the database; the rarer reads go through `read`, as every commit goes through
the writer thread (`server.db.writer`).

What a query returns must be plain data or rows it loaded completely (the session is
closed when it returns, and nothing it returns is attached to it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from sqlmodel import Session

T = TypeVar("T")


async def read(session_factory: Callable[[], Session], query: Callable[[Session], T]) -> T:
    """`query(session)` in a worker thread, in a session opened and closed there."""

    def run() -> T:
        with session_factory() as session:
            return query(session)

    return await asyncio.to_thread(run)
