"""In-process fan-out: `publish(channel, msg)` and `subscribe(channel)`, nothing more.

Why bounded queues: a phone that sleeps keeps its socket half-open for minutes. Each
subscriber gets a small queue; when it is full the queue is dropped and replaced by a single
`RESYNC` marker, so the subscriber sends a fresh snapshot instead of a backlog. `publish`
never awaits a socket, so one dead or slow socket cannot stall or break a broadcast.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

RESYNC = object()
"""Queued in place of the dropped messages: the subscriber must send a snapshot."""


class Subscription:
    """One subscriber's bounded queue of messages.

    Why a deque and one waiter, not an `asyncio.Queue`: every pick wakes the write loop
    of each seat it changes, and the queue's `put_nowait`, `get`, `empty` and
    `get_nowait` were ~60 Python calls per table-pace pick (issue #45, docs/
    performance.md). One reader per subscription (its socket's write loop) is all it
    serves, so one future to wake it is enough."""

    def __init__(self, channel: str, maxsize: int,
                 accepts: Callable[[Any], bool] | None = None) -> None:
        if maxsize < 1:
            raise ValueError(f"a subscription holds at least one message, not {maxsize}")
        self.channel = channel
        self.maxsize = maxsize
        self.overflows = 0
        self.accepts = accepts
        self._items: deque[Any] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def offer(self, message: Any) -> None:
        if self.accepts is not None and not self.accepts(message):
            return
        items = self._items
        if len(items) >= self.maxsize:
            self.overflows += 1
            items.clear()
            message = RESYNC
        items.append(message)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def qsize(self) -> int:
        """Messages queued now (at most `maxsize`)."""
        return len(self._items)

    async def batch(self) -> list[Any]:
        """Everything queued, once there is something (a burst of updates coalesces into
        one batch): the write loop's one await per wake-up."""
        while not self._items:
            await self._wait()
        return self.drain()

    async def _wait(self) -> None:
        if self._waiter is not None:
            raise RuntimeError("a subscription has one reader; another is waiting")
        self._waiter = asyncio.get_running_loop().create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None

    def drain(self) -> list[Any]:
        """Everything queued right now (used to coalesce a burst of updates)."""
        items = list(self._items)
        self._items.clear()
        return items


class Hub:
    """Channels of subscribers, all in this process."""

    def __init__(self, queue_size: int = 64) -> None:
        self.queue_size = queue_size
        self._channels: dict[str, set[Subscription]] = {}

    def publish(self, channel: str, message: Any) -> int:
        """Offer `message` to every subscriber of `channel`; returns how many there are."""
        subscribers = self._channels.get(channel, ())
        for subscription in tuple(subscribers):
            subscription.offer(message)
        return len(subscribers)

    @contextmanager
    def subscribe(self, channel: str,
                  accepts: Callable[[Any], bool] | None = None) -> Iterator[Subscription]:
        subscription = Subscription(channel, self.queue_size, accepts)
        self._channels.setdefault(channel, set()).add(subscription)
        try:
            yield subscription
        finally:
            subscribers = self._channels.get(channel)
            if subscribers is not None:
                subscribers.discard(subscription)
                if not subscribers:
                    del self._channels[channel]

    def subscriber_count(self, channel: str) -> int:
        return len(self._channels.get(channel, ()))
