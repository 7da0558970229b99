"""A round's clock: how long the round is, how much is left, and what happens at time.

Stores run 50–75 minute rounds; the host sets the length when a round starts, may pause
it, add time or end the round early. At time, the store's rule is read to each unfinished
table: by default "the active player finishes this turn", or one more turn each.

Why a value measured at a moment (`left_at` seconds left at `since`) instead of a start
time and a deadline: a pause, added time and a restart all become "so many seconds left,
measured then", and a restart gives back the time the server did not run exactly as the
pick timers do (`restored`): the clock's last stored moment is when it last ran, and it
counts on from there at the new start.

Why the moments are passed in: the server's clock follows a steady clock
(`server.realtime.clock`) and tests inject theirs; this module never reads the time.
Round 0 is the deckbuilding countdown (the same clock before the first round's games).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from pods.errors import PodsError

FINISH_TURN = "finish_turn"
ONE_MORE_TURN = "one_more_turn"
AT_TIME_RULES = (FINISH_TURN, ONE_MORE_TURN)
"""The store's rules at time: the active player finishes this turn, or one more turn each."""
DEFAULT_MINUTES = 60
MAX_MINUTES = 240
"""A round, or a deckbuilding countdown, of at most four hours; added time too."""
MAX_ROUND = 99


class BadLengthError(PodsError):
    """A round's length (or added time) that is not a whole number of 1–240 minutes."""

    code = "bad_length"


class ClockStateError(PodsError):
    """A change that does not fit the clock now (pause a paused clock, add to an ended one).

    No code of its own: each refusal names its state (clock_started, clock_paused,
    clock_running, clock_ended), which is what the phone says."""

    code: str

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class BadRuleError(PodsError):
    """Not one of the store's rules at time (`AT_TIME_RULES`)."""

    code = "clock_rule"


def check_minutes(minutes: int) -> int:
    """`minutes` as seconds, refused unless 1–240 whole minutes."""
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= MAX_MINUTES:
        raise BadLengthError(f"a round lasts 1 to {MAX_MINUTES} whole minutes, not {minutes!r}")
    return minutes * 60


def check_rule(rule: str) -> str:
    if rule not in AT_TIME_RULES:
        raise BadRuleError(f"the rule at time is one of {', '.join(AT_TIME_RULES)}, not {rule!r}")
    return rule


@dataclass(frozen=True)
class RoundClock:
    """The clock of round `round` (0: deckbuilding) as of its last change."""

    round: int
    length: int
    """Seconds the round lasts, with the time the host added."""
    left_at: float
    """Seconds left at `since` (never below 0)."""
    since: datetime
    running: bool
    ended: bool = False
    """The host ended the round early (or its clock was stopped for good)."""
    rule: str = FINISH_TURN

    def left(self, now: datetime) -> float:
        """Seconds left at `now`: counting down while it runs, never below 0."""
        if not self.running or self.ended:
            return self.left_at
        return max(0.0, self.left_at - max(0.0, (now - self.since).total_seconds()))

    def at_time(self, now: datetime) -> bool:
        """Whether the round is at time: its clock ran out, or the host ended it."""
        return self.ended or self.left(now) <= 0

    def ends_at(self, now: datetime) -> datetime | None:
        """When the clock reaches 0 if nothing changes (None while paused or ended)."""
        if not self.running or self.ended:
            return None
        return now + timedelta(seconds=self.left(now))

    def pause(self, now: datetime) -> RoundClock:
        self._check_open("pause")
        if not self.running:
            raise ClockStateError("the round's clock is already paused", "clock_paused")
        return replace(self, left_at=self.left(now), since=now, running=False)

    def resume(self, now: datetime) -> RoundClock:
        self._check_open("resume")
        if self.running:
            raise ClockStateError("the round's clock is already running", "clock_running")
        return replace(self, since=now, running=True)

    def add(self, minutes: int, now: datetime) -> RoundClock:
        """`minutes` more (a clock at time counts again from them)."""
        self._check_open("add time to")
        seconds = check_minutes(minutes)
        if self.length + seconds > MAX_MINUTES * 60 * 2:
            raise BadLengthError("a round lasts at most eight hours with the time added")
        return replace(self, length=self.length + seconds, left_at=self.left(now) + seconds,
                       since=now)

    def end(self, now: datetime) -> RoundClock:
        """The host ends the round early: at time now, for every unfinished table."""
        self._check_open("end")
        return replace(self, left_at=0.0, since=now, ended=True)

    def with_rule(self, rule: str) -> RoundClock:
        return replace(self, rule=check_rule(rule))

    def restored(self, saved_at: datetime | None, now: datetime) -> RoundClock:
        """The clock after a restart at `now`: a running clock had at most what it had left
        when the server last stored that it ran (`saved_at`, never before `since`), and
        counts on from `now`; the time the server was down is given back."""
        if not self.running or self.ended:
            return self
        ran_until = self.since if saved_at is None else max(saved_at, self.since)
        return replace(self, left_at=self.left(ran_until), since=now)

    def _check_open(self, doing: str) -> None:
        if self.ended:
            raise ClockStateError(f"round {self.round} has ended; cannot {doing} its clock",
                                  "clock_ended")


def start(round_number: int, minutes: int, now: datetime, rule: str = FINISH_TURN) -> RoundClock:
    """A running clock of `minutes` for round `round_number` (0: deckbuilding)."""
    if isinstance(round_number, bool) or not 0 <= round_number <= MAX_ROUND:
        raise ClockStateError(f"there is no round {round_number!r}", "unknown_round")
    seconds = check_minutes(minutes)
    return RoundClock(round=round_number, length=seconds, left_at=float(seconds), since=now,
                      running=True, rule=check_rule(rule))
