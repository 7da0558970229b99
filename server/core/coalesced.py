"""Background work by key, one run at a time: asks made while a run goes on make one
more run after it, never more (the latest ask is always served, the ones between merge).

Why: after a write that changes a season, its standings are computed again off the
request path, so the next reader finds them cached (`server.services.season_reads.warm`).
Ten confirmations in one second must not queue ten computations of a big season: the run
going on reads the version it started at, and the one run after it reads the newest.

A run's error is logged, never raised: a failed warm-up leaves the next reader to compute,
as before it. `close` cancels what runs (the server is stopping).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Hashable

log = logging.getLogger(__name__)


class Coalesced:
    """Runs by key, on one event loop."""

    def __init__(self) -> None:
        self._running: dict[Hashable, asyncio.Task[None]] = {}
        self._again: set[Hashable] = set()
        self.runs = 0
        """Runs started so far (tests count the work done, never its time)."""

    def ask(self, key: Hashable, run: Callable[[], Awaitable[None]]) -> None:
        """Run `run()` for `key` soon; if a run of `key` goes on, once more after it."""
        if key in self._running:
            self._again.add(key)
            return
        self._running[key] = asyncio.ensure_future(self._runs(key, run))

    async def settle(self) -> None:
        """Wait until no run goes on (those asked meanwhile included)."""
        while self._running:
            await asyncio.gather(*self._running.values(), return_exceptions=True)

    async def close(self) -> None:
        """Cancel every run and wait for them to end."""
        tasks = list(self._running.values())
        self._again.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _runs(self, key: Hashable, run: Callable[[], Awaitable[None]]) -> None:
        try:
            while True:
                self._again.discard(key)
                self.runs += 1
                try:
                    await run()
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("background run for %r failed", key)
                if key not in self._again:
                    return
        finally:
            del self._running[key]
