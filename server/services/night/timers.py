"""The pick timer: one task that auto-picks for seats whose deadline has passed.

Why one ticker instead of a task per seat: deadlines live on the players (and in the
database), so the loop only compares them with the clock; a restart, a pause or a bot
swap needs no task bookkeeping.

Why the loop also watches its own beat: a tick that comes much later than planned means
the server did not run (a sleeping laptop, a stopped process); that time is given back to
every running deadline before any deadline is compared (`server.services.night.timer_gaps`),
and every `timer_save_seconds` the loop stores that the timers ran, for a restart.

Several processes over one PostgreSQL: only the holder of the timer lease
(`server.cluster.lease`) fires, and another process takes over when it dies.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from server.core.errors import BusyError, StaleError
from server.runtime import Runtime
from server.services.night.drafting import due_players, expire_deadline
from server.services.night.timer_gaps import give_back, save_timers, store_time_left
from server.services.tables.round_clock import save_clocks

log = logging.getLogger(__name__)


async def expire_due(rt: Runtime, now: datetime) -> int:
    """Auto-pick once for every seat whose deadline had passed at `now`, the tick's moment
    (the one its sleep check measured, so a sleep after it waits for the next tick's
    check instead of firing every timer); returns how many."""
    count = 0
    for pod in rt.registry.all():
        for player in due_players(pod, now):
            try:
                if await expire_deadline(rt, pod, player, now):
                    count += 1
            except StaleError:  # another process moved the pod: it is being caught up
                break
    return count


async def run_timer_loop(rt: Runtime) -> None:
    tick = timedelta(seconds=rt.settings.timer_tick_seconds)
    gap_limit = timedelta(seconds=rt.settings.timer_gap_seconds)
    save_every = timedelta(seconds=rt.settings.timer_save_seconds)
    last = saved = rt.now()
    owed = timedelta(0)  # time not given back yet (a failed give-back retries)
    while True:
        await asyncio.sleep(tick.total_seconds())
        now = rt.now()
        late, last = now - last - tick, now
        if late > gap_limit:
            owed += late
            log.warning("the server did not run for %.1f s; the pick timers get it back",
                        late.total_seconds())
        try:
            if not await rt.mode.leads():
                owed = timedelta(0)  # the process that leads gives time back
                continue  # another process of the cluster fires the timers
            await rt.mode.follow_timed()  # pods it did not follow: caught up before firing
            if owed:
                await give_back(rt, owed)
                owed = timedelta(0)
            if not rt.time_left_stored:
                await store_time_left(rt)
                await save_clocks(rt)  # a restored clock's time left, before it moves
            elif now - saved >= save_every:
                await save_timers(rt)
                await save_clocks(rt)
                saved = now
            await expire_due(rt, now)
        except BusyError as error:  # a full disk or a busy database: the next tick retries
            log.warning("pick timer tick failed: %s", error.message)
        except Exception:  # keep the timer alive; the next tick retries
            log.exception("pick timer tick failed")
