"""A night's round clock as phones, the TV and the host screen read it.

Why the moment it ends and not only the seconds left: a page counts down by itself between
updates. A seat's view is built once per pod version and may be read minutes later, so it
holds only what does not change while the clock runs (`ends_at`, no `left_seconds`); the
host view and the TV, built for each request or push, also say what is left at `server_now`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from math import ceil
from typing import Protocol

from pods.round_clock import RoundClock
from server.protocol.shapes.pod import RoundClockJson
from server.views.moments import iso


class OpenTable(Protocol):
    """A table with no result yet (`server.services.tables.rounds.OpenTable`)."""

    @property
    def pod(self) -> int | None: ...
    @property
    def round(self) -> int: ...
    @property
    def table(self) -> int: ...


def clock_json(clock: RoundClock | None, now: datetime | None,
               still_playing: Sequence[OpenTable] = ()) -> RoundClockJson | None:
    """The clock (None before the host started one) as of `now`, or with nothing that
    depends on the moment when `now` is None. `still_playing`: the tables with no result
    yet, shown once the round is at time."""
    if clock is None:
        return None
    running = clock.running and not clock.ended
    if now is None:
        left = None if running else ceil(clock.left_at)
        at_time = clock.ended or (not running and clock.left_at <= 0)
    else:
        left = ceil(clock.left(now))
        at_time = clock.at_time(now)
    return {
        "round": clock.round,
        "length_seconds": clock.length,
        "left_seconds": left,
        "running": running,
        "ended": clock.ended,
        "at_time": at_time,
        "rule": clock.rule,
        "ends_at": iso(clock.since + timedelta(seconds=clock.left_at)) if running else None,
        "server_now": iso(now),
        "still_playing": [{"pod": t.pod, "round": t.round, "table": t.table}
                          for t in still_playing] if at_time else [],
    }


def shown_in(clock: RoundClock | None, phase: str) -> RoundClock | None:
    """The clock a pod in `phase` shows: the deckbuilding countdown (round 0) while it
    builds, a round's clock while it plays; None otherwise."""
    if clock is None:
        return None
    return clock if (phase == "building") == (clock.round == 0) and phase in (
        "building", "playing") else None
