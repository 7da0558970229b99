"""A night's round clock: the host starts, pauses, resumes, adds time to or ends a round's
clock; phones at the tables, the TV and the host screen count it down.

Why one clock per night, not per pod: a round after the first seats players of several
pods at one table (`rounds`), and the whole room plays the same round. Round 0 is the
deckbuilding countdown, before the first round's games.

Why every change is a log entry (`round_clock_entry`) holding the clock after it: the clock
now is the night's last entry, and a restart reads it back. Like the pick timers
(`server.services.night.timer_gaps`), a running clock's `clock_saved_at` moves every
`timer_save_seconds` (the timer loop calls `save_clocks`), and a start gives each running
clock what it had left then (`restore_clocks`), stored as a `restored` entry before
`clock_saved_at` moves again.

Why the host names the round in every change: a host screen left open from the last round
must not pause this round's clock, and a double press of "start" must not start it twice.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pods.errors import PodsError
from pods.round_clock import DEFAULT_MINUTES, RoundClock, check_minutes, start
from server.core.errors import ConflictError, InvalidError
from server.db import Session, clock_repo
from server.runtime import NightClock, Runtime
from server.services.commit import commit
from server.services.events.events import event_channel, load_night
from server.services.tables import round_links

ACTIONS = ("start", "pause", "resume", "add", "end", "rule")


def clock_of(rt: Runtime, event_id: str) -> RoundClock | None:
    """The night's clock in this process, or None before the host first starts one."""
    held = rt.round_clocks.get(event_id)
    return held.clock if held is not None else None


async def change(rt: Runtime, event_id: str, action: str, round_number: int,
                 minutes: int | None = None, rule: str | None = None) -> RoundClock:
    """Apply the host's `action` to round `round_number`'s clock; returns the clock after it.
    Refused, with nothing stored, when the round is not the night's current one, the clock
    is not in a state for it, or the length is not 1–240 minutes."""
    night = await load_night(rt, event_id)
    async with rt.event_lock:
        held = rt.round_clocks.get(event_id)
        try:
            clock = _changed(action, round_number, held.clock if held else None,
                             pods_round(rt, night.row.id), minutes, rule, rt.now())
        except PodsError as error:
            raise (ConflictError if error.code.startswith("clock_") else InvalidError)(
                str(error), error.code) from error
        return await _store(rt, event_id, action, clock, held.seq + 1 if held else 1)


async def start_first_round(rt: Runtime, event_id: str, minutes: int) -> RoundClock | None:
    """Round 1's clock of `minutes`, started once every pod of the night plays (the split
    that seats the last pod); returns it, or None when nothing started: a pod still drafts
    or builds, or round 1 (or a later round) has a clock already, so a re-split of a pod
    leaves the running clock as it is. A deckbuilding countdown (round 0) gives way."""
    await load_night(rt, event_id)
    async with rt.event_lock:
        held = rt.round_clocks.get(event_id)
        if pods_round(rt, event_id) != 1 or (held is not None and held.clock.round >= 1):
            return None
        clock = start(1, minutes, rt.now())
        return await _store(rt, event_id, "start", clock, held.seq + 1 if held else 1)


def check_length(minutes: int) -> None:
    """Refuse a round's length that is not 1–240 whole minutes (`bad_length`)."""
    try:
        check_minutes(minutes)
    except PodsError as error:
        raise InvalidError(str(error), error.code) from error


def pods_round(rt: Runtime, event_id: str) -> int | None:
    """The night's round now: 0 while a pod builds (the deckbuilding countdown), the
    current round once every pod plays, None before (no clock while the draft runs)."""
    pods = round_links.night_pods(rt, event_id)
    phases = {pod.night.phase for pod in pods}
    if not pods or phases & {"lobby", "drafting"}:
        return None
    if "building" in phases:
        return 0
    return round_links.current_round(pods)


def _changed(action: str, round_number: int, clock: RoundClock | None, now_round: int | None,
             minutes: int | None, rule: str | None, now: datetime) -> RoundClock:
    if action == "start":
        if now_round is None:
            raise ConflictError("a round's clock starts once the draft is over",
                                "wrong_phase")
        if round_number != now_round:
            raise InvalidError(f"the night is in round {now_round}, not {round_number}",
                               "unknown_round")
        if clock is not None and clock.round == round_number:
            raise ConflictError(f"round {round_number}'s clock has started already",
                                "clock_started")
        started = start(round_number, DEFAULT_MINUTES if minutes is None else minutes, now)
        return started.with_rule(rule) if rule is not None else started
    if clock is None or clock.round != round_number:
        raise InvalidError(f"round {round_number} has no clock; start it first",
                           "unknown_round")
    steps: dict[str, Callable[[RoundClock], RoundClock]] = {
        "pause": lambda c: c.pause(now),
        "resume": lambda c: c.resume(now),
        "add": lambda c: c.add(minutes if minutes is not None else 0, now),
        "end": lambda c: c.end(now),
        "rule": lambda c: c.with_rule(rule or ""),
    }
    if action not in steps:
        raise InvalidError(f"the clock's actions are {', '.join(ACTIONS)}", "invalid")
    return steps[action](clock)


async def _store(rt: Runtime, event_id: str, action: str, clock: RoundClock,
                 seq: int) -> RoundClock:
    now = rt.now()

    def staged(session: Session) -> None:
        clock_repo.add_entry(session, event_id, seq, action, clock)
        if clock.running:
            clock_repo.set_saved_at(session, [event_id], now)

    def swapped() -> RoundClock:
        rt.round_clocks[event_id] = NightClock(clock, seq)
        show(rt, event_id, clock)
        return clock

    return await commit(rt, staged, swapped)


def show(rt: Runtime, event_id: str, clock: RoundClock) -> None:
    """Every pod of the night shows `clock` to its phones; the screen and the host hear."""
    for pod in round_links.night_pods(rt, event_id):
        pod.connections.round_clock = clock
        rt.hub.publish(pod.channel, pod.bump())
    rt.hub.publish(event_channel(event_id), "clock")


def restore_clocks(rt: Runtime) -> None:
    """At start, after the pods: every night's clock as last stored; a running one gets
    what it had left when it was last stored as running (the time the server was down is
    given back). Stored by the timer loop's first tick (`save_clocks`)."""
    with rt.session() as session:
        _restore_clocks(rt, session)


def _restore_clocks(rt: Runtime, session: Session) -> None:
    now = rt.now()
    for event_id, saved_at in clock_repo.clocked_events(session):
        found = clock_repo.current_clock(session, event_id)
        if found is None:
            continue
        clock, seq = found
        # Several processes: the others' clocks ran, nothing to give back.
        back = clock.restored(saved_at, now) if rt.mode.keeps_time_left else clock
        rt.round_clocks[event_id] = NightClock(back, seq, stored=back == clock)
        for pod in round_links.night_pods(rt, event_id):
            pod.connections.round_clock = back


async def save_clocks(rt: Runtime) -> None:
    """Store that the running clocks ran until now: a restored clock first as a `restored`
    entry (its time left from the new start), then `clock_saved_at` of every running one."""
    now = rt.now()
    for event_id, held in list(rt.round_clocks.items()):
        if not held.stored:
            async with rt.event_lock:
                if rt.round_clocks.get(event_id) is held:
                    await _store(rt, event_id, "restored", held.clock, held.seq + 1)
    running = [event_id for event_id, held in rt.round_clocks.items()
               if held.clock.running and not held.clock.ended]
    if running:
        await commit(rt, lambda session: clock_repo.set_saved_at(session, running, now),
                     lambda: None)
