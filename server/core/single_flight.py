"""Concurrent callers asking for the same key share one computation (single flight).

Why: a season's standings are cached per version, but the cache is empty until the first
read of a version ends; twenty phones opening the standings after a game's result would
otherwise compute the same table twenty times, each costing a full read of the season.
With one flight per key the first caller computes and the others wait for its answer.

A caller that is cancelled leaves the computation running for the others (`shield`); an
error reaches every caller of that flight, and the next call starts a new one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class SingleFlight(Generic[V]):
    """Flights by key, on one event loop."""

    def __init__(self) -> None:
        self._flights: dict[Hashable, asyncio.Task[V]] = {}
        self._callers: dict[Hashable, int] = {}

    async def run(self, key: Hashable, compute: Callable[[], Awaitable[V]]) -> V:
        """`compute()`'s answer, computed once for all callers of `key` meanwhile."""
        flight = self._flights.get(key)
        if flight is None:
            flight = asyncio.ensure_future(compute())
            self._flights[key] = flight
            flight.add_done_callback(lambda done: self._landed(key, done))
        self._callers[key] = self._callers.get(key, 0) + 1
        return await asyncio.shield(flight)

    def callers(self, key: Hashable) -> int:
        """How many calls share `key`'s flight now (0 when none is running)."""
        return self._callers.get(key, 0) if key in self._flights else 0

    def _landed(self, key: Hashable, flight: asyncio.Task[V]) -> None:
        if self._flights.get(key) is flight:
            del self._flights[key]
            self._callers.pop(key, None)
        if not flight.cancelled():
            flight.exception()  # retrieved: a caller cancelled meanwhile cannot see it
