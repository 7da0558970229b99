"""Time the server did not run never counts against a player.

Three ways the server loses time while a draft runs, and what each seat gets back:

- **A sleeping laptop or a stopped process.** The timer loop (`server.services.night.timers`)
  notices a tick that came much later than planned; `give_back` moves every running deadline later
  by that gap and leaves a note on the pod, which phones and the host show ("the host's
  laptop was asleep for 30 s; timers were paused").
- **A restart.** The timer loop stores, every `timer_save_seconds`, when the timers last
  ran (`pod.timers_saved_at`); a seat's time left is its stored deadline minus that
  moment. `resume_after_restart` gives each seat that time again from the new start,
  instead of the wall-clock deadline that passed while the server was down.
- **A stepped wall clock** moves nothing: the runtime's clock follows a steady clock
  (`server.realtime.clock`).

With several processes (`server.cluster`) only the holder of the timer lease gives time
back and stores it; a starting process takes the deadlines as stored (the others ran).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from server.db import Session, repo
from server.db.writer import Write
from server.realtime.live import LivePlayer, LivePod, TimersPaused
from server.runtime import Runtime
from server.services.commit import Stage, commit, queue


def running(pod: LivePod) -> bool:
    """Whether the pod's pick timers run now (a drafting, unpaused pod with a timer)."""
    return (pod.night.phase == "drafting" and not pod.night.paused and pod.night.state is not None
            and pod.setup.timer_seconds is not None)


async def give_back(rt: Runtime, gap: timedelta) -> None:
    """The server did not run for `gap` (noticed now): every running deadline set before
    the gap moves later by it, and each drafting pod gets the note."""
    woke = rt.now()
    for pod in rt.registry.all():
        if running(pod):
            await _give_back_to_pod(rt, pod, gap, woke)


async def _give_back_to_pod(rt: Runtime, pod: LivePod, gap: timedelta, woke: datetime) -> None:
    async with pod.lock:
        if not running(pod) or pod.setup.timer_seconds is None:
            return
        timer = timedelta(seconds=pod.setup.timer_seconds)
        slept_from = woke - gap
        # A deadline set after the wake (a pick made at once) has all its time already.
        moved = [(p, p.deadline + gap) for p in pod.night.players
                 if p.deadline is not None and p.deadline - timer <= slept_from]
        note = TimersPaused(seconds=round(gap.total_seconds()), at=woke)
        values = {"version": pod.connections.version + 1, "timers_saved_at": woke}

        def staged(session: Session) -> None:
            repo.set_deadlines(session, [(p.id, deadline) for p, deadline in moved])
            repo.update_pod(session, pod.id, **values)

        def given() -> None:
            for player, deadline in moved:
                player.deadline = deadline
            pod.connections.timers_paused = note
            rt.hub.publish(pod.channel, pod.bump())

        await commit(rt, staged, given, pod=pod)


async def save_timers(rt: Runtime) -> None:
    """Store that the running timers ran until now (one transaction for every pod); a
    restart gives each seat its deadline minus this moment."""
    now = rt.now()
    pod_ids = [pod.id for pod in rt.registry.all() if running(pod)]
    if not pod_ids:
        return

    def staged(session: Session) -> None:
        for pod_id in pod_ids:
            repo.update_pod(session, pod_id, timers_saved_at=now)

    await queue(rt, Write(stage=staged, committed=lambda: None, failed=lambda: None))


async def store_time_left(rt: Runtime) -> None:
    """Store every running deadline with `timers_saved_at = now`: the timer loop's first
    save after a start, before any `save_timers` (which moves only `timers_saved_at` and
    needs the stored deadlines to be this process's). Until it succeeds (a full disk),
    a restart computes the same time left from the rows it restored from.

    Under each pod's lock: no queued pick may store a newer deadline first. Several
    processes: nothing to store (a starting process moved no deadline, and its memory may
    be behind another process's newer picks)."""
    for pod in rt.registry.all() if rt.mode.keeps_time_left else ():
        async with pod.lock:
            if not running(pod):
                continue
            deadlines = [(p.id, p.deadline) for p in pod.night.players if p.deadline is not None]
            await commit(rt, _deadlines_at(pod.id, deadlines, rt.now()), lambda: None)
    rt.time_left_stored = True


def _deadlines_at(pod_id: str, deadlines: Sequence[tuple[str, datetime | None]],
                  now: datetime) -> Stage:
    def staged(session: Session) -> None:
        repo.set_deadlines(session, deadlines)
        repo.update_pod(session, pod_id, timers_saved_at=now)

    return staged


def time_left(deadline: datetime, saved_at: datetime, timer_seconds: int) -> timedelta:
    """What a seat had left when the timers were last stored (never more than the timer,
    never less than nothing)."""
    left = deadline - saved_at
    return max(timedelta(0), min(left, timedelta(seconds=timer_seconds)))


def resume_after_restart(pod: LivePod, players: Sequence[LivePlayer], saved_at: datetime | None,
                         now: datetime) -> None:
    """Each running seat's deadline becomes now plus the time it had left at `saved_at`
    (the last stored moment the timers ran). Nothing moves when the pod's timers do not
    run or were never stored (a database of an older version: deadlines stand)."""
    if saved_at is None or not running(pod) or pod.setup.timer_seconds is None:
        return
    for player in players:
        if player.deadline is not None:
            player.deadline = now + time_left(player.deadline, saved_at, pod.setup.timer_seconds)
