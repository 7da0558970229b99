"""In-process fan-out: `publish(channel, msg)` and `subscribe(channel)`, nothing more.

Why bounded queues: a phone that sleeps keeps its socket half-open for minutes. Each
subscriber gets a small queue; when it is full the queue is dropped and replaced by a single
`RESYNC` marker, so the subscriber sends a fresh snapshot instead of a backlog. `publish`
never awaits a socket, so one dead or slow socket cannot stall or break a broadcast.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from typing import Any

RESYNC = object()
"""Queued in place of the dropped messages: the subscriber must send a snapshot."""


class Subscription:
    """One subscriber's bounded queue of messages."""

    def __init__(self, channel: str, maxsize: int,
                 accepts: Callable[[Any], bool] | None = None) -> None:
        self.channel = channel
        self.queue: asyncio.Queue[Any] = asyncio.Queue(maxsize=maxsize)
        self.overflows = 0
        self.accepts = accepts

    def offer(self, message: Any) -> None:
        if self.accepts is not None and not self.accepts(message):
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.overflows += 1
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(RESYNC)

    def get(self) -> Coroutine[Any, Any, Any]:
        """The next message, to await (the queue's own coroutine, not one wrapping it:
        every socket's writer awaits it once per update, #45)."""
        return self.queue.get()

    def drain(self) -> list[Any]:
        """Everything queued right now (used to coalesce a burst of updates)."""
        items = []
        while not self.queue.empty():
            items.append(self.queue.get_nowait())
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
