"""Concurrent callers share a read, but only one that started after they arrived.

Why: a season's cached standings are found by its version, read from the database, so each
of twenty readers at once cost a query and two hops through the standings' thread pool
(whose threads then held the GIL the phones' reads need). Sharing one query among them is
safe only if no caller gets an answer read before it arrived: a write committed just
before a reader's request must be seen by that reader (another process of a cluster may
have made it, so no message from the writer can be relied on). So a caller that arrives
while a read runs waits for the next one, which starts when the running one ends and
serves every caller that arrived meanwhile: at most one read runs per key, one waits, and
a caller waits at most two reads' time.

Unlike `server.core.single_flight`, whose callers join a computation under way (right for
a version already known, not for finding out the version).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class FreshFlight(Generic[V]):
    """Reads by key, on one event loop."""

    def __init__(self) -> None:
        self._running: dict[Hashable, asyncio.Task[V]] = {}
        self._waiting: dict[Hashable, asyncio.Task[V]] = {}
        self.reads = 0
        """Reads started so far (tests count the work done, never its time)."""

    async def run(self, key: Hashable, read: Callable[[], Awaitable[V]]) -> V:
        """`read()`'s answer from a read that starts after this call, shared by every
        caller of `key` that arrived before it started."""
        flight = self._waiting.get(key)
        if flight is None:
            flight = asyncio.ensure_future(self._start(key, self._running.get(key), read))
            self._waiting[key] = flight
            flight.add_done_callback(_retrieved)
        return await asyncio.shield(flight)

    async def _start(self, key: Hashable, previous: asyncio.Task[V] | None,
                     read: Callable[[], Awaitable[V]]) -> V:
        if previous is not None:
            await asyncio.wait([previous])
        me = self._waiting.pop(key)  # from now on a new caller waits for the next read
        self._running[key] = me
        self.reads += 1
        try:
            return await read()
        finally:
            if self._running.get(key) is me:
                del self._running[key]


def _retrieved(flight: asyncio.Task[V]) -> None:
    """An error whose callers all gave up is not logged as never retrieved; the callers
    still waiting get it through `shield`."""
    if not flight.cancelled():
        flight.exception()
