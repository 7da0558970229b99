"""Waiting seats told later: seats whose only change is whom they wait for.

Why: at a table, a seat without a pack shows "{name} is still picking." and nothing else
moves for it while others pick. A pick elsewhere may change that name, and telling the
seat at once costs a frame (a system call and a view) per such seat and pick (issue #45,
docs/performance.md). The pod collects those seats here and tells them once per window
(`Settings.waiting_view_seconds`): one timer per pod, whatever the picks in between.

Why nothing stale can follow: a seat's socket always sends its view as it is when it
sends, and only when the pod's version moved past the last one it sent. A seat that is
told of a real change (its own pick, a pack arriving, a new round, the end, a pause, a
host action) leaves the pending set at once (`LivePod.bump` calls `told`), and a notice
for everyone (`None`) empties it and stops the timer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable


class WaitingSeats:
    """One pod's seats owed a view of their `waiting_on`, and the timer that owes it."""

    def __init__(self) -> None:
        self.seats: set[int] = set()
        self.timer: asyncio.TimerHandle | None = None

    def told(self, seats: frozenset[int] | None) -> None:
        """`seats` (`None`: every seat) are being sent their current view now."""
        if seats is None:
            self.take()
        elif self.seats:
            self.seats.difference_update(seats)

    def defer(self, seats: Iterable[int], window: float, flush: Callable[[], object]) -> None:
        """Owe `seats` a view; `flush` runs `window` seconds after the first one owed
        (on the running loop: the caller is on it, after a commit)."""
        self.seats.update(seats)
        if self.timer is None and self.seats:
            self.timer = asyncio.get_running_loop().call_later(window, flush)

    def take(self) -> frozenset[int]:
        """The seats owed a view, no longer owed; the timer stops."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        seats = frozenset(self.seats)
        self.seats.clear()
        return seats
