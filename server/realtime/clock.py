"""The server's clock: wall time read once, then carried forward by a steady clock.

Why not `datetime.now()` each time: the laptop's wall clock steps (NTP, a time zone fix, a
host setting it by hand), and a stepped clock would fire or freeze every pick timer at
once. Deadlines are compared with this clock instead, which a step does not move: it is
the wall time at start plus what the steady clock counted since.

Why `CLOCK_BOOTTIME` where there is one: it also counts a suspended laptop, so a sleep
shows up as a late timer tick (`server.services.night.timers`) and the timers are given that
time back; `time.monotonic` elsewhere, which may stop during a suspend (the timers then stop too).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta


def wall_now() -> datetime:
    return datetime.now(UTC)


def steady_seconds() -> float:
    """Seconds on a clock that never steps (it counts a suspend where the OS allows)."""
    boottime = getattr(time, "CLOCK_BOOTTIME", None)
    if boottime is not None:
        return time.clock_gettime(boottime)
    return time.monotonic()


class SteadyClock:
    """Calling it gives the server's now: wall time at start + steady seconds since."""

    def __init__(self, wall: Callable[[], datetime] = wall_now,
                 steady: Callable[[], float] = steady_seconds) -> None:
        self.steady = steady
        self._wall_start = wall()
        self._steady_start = steady()

    def __call__(self) -> datetime:
        return self._wall_start + timedelta(seconds=self.steady() - self._steady_start)
