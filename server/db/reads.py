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
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlmodel import Session

T = TypeVar("T")


async def read(session_factory: Callable[[], Session], query: Callable[[Session], T]) -> T:
    """`query(session)` in a worker thread, in a session opened and closed there."""

    def run() -> T:
        with session_factory() as session:
            return query(session)

    return await asyncio.to_thread(run)


class InFlightReads:
    """The reads still running in their threads, so that shutdown waits for them.

    Why: a caller cancelled at shutdown (a timer or expiry loop) leaves its query running
    in its thread; if the engine is disposed first, that session's connection goes back to
    a pool nobody closes, and is dropped still open."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[Any]] = set()

    async def read(self, session_factory: Callable[[], Session],
                   query: Callable[[Session], T]) -> T:
        """`read(session_factory, query)`, which runs on to its end if its caller is
        cancelled (the caller still sees the cancellation at once)."""
        task = asyncio.create_task(read(session_factory, query))
        self._running.add(task)
        task.add_done_callback(_settled)
        task.add_done_callback(self._running.discard)
        return await asyncio.shield(task)

    async def settle(self) -> None:
        """Wait until every read started so far has ended."""
        if self._running:
            await asyncio.wait(set(self._running))


def _settled(task: asyncio.Task[Any]) -> None:
    """Retrieve a read's error that no cancelled caller is left to see (asyncio would log
    it as never retrieved); the caller that is still waiting gets it through `shield`."""
    if not task.cancelled():
        task.exception()


class PoolReads:
    """Reads in a bounded pool of their own, for the few reads whose cost grows with the
    data (a season's standings read every night of the season).

    Why apart from `read`: those run in asyncio's default pool, which every other read
    shares; twenty slow reads queued there delayed a phone's view by seconds. Here they
    queue behind each other, `threads` at a time, and the default pool stays free."""

    def __init__(self, session_factory: Callable[[], Session], threads: int) -> None:
        self._session_factory = session_factory
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="side-reads")

    async def read(self, query: Callable[[Session], T]) -> T:
        def run() -> T:
            with self._session_factory() as session:
                return query(session)

        return await asyncio.get_running_loop().run_in_executor(self._pool, run)

    async def compute(self, work: Callable[[], T]) -> T:
        """`work()` in this pool without a session: turning what a read found into a
        reply (a season's standings as JSON) costs as much as the read, and belongs with it."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, work)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)  # running reads end first
