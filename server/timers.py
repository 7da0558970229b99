"""The pick timer: one task that auto-picks for seats whose deadline has passed.

Why one ticker instead of a task per seat: deadlines live on the players (and in the
database), so the loop only compares them with the clock; a restart, a pause or a bot
swap needs no task bookkeeping.

Several processes over one PostgreSQL: only the holder of the timer lease
(`server.cluster.lease`) fires, and another process takes over when it dies.
"""

from __future__ import annotations

import asyncio
import logging

from server.cluster.revisions import StaleError
from server.runtime import Runtime
from server.services.drafting import due_players, expire_deadline

log = logging.getLogger(__name__)


async def expire_due(rt: Runtime) -> int:
    """Auto-pick once for every seat whose deadline has passed; returns how many."""
    count = 0
    now = rt.now()
    for pod in rt.registry.all():
        for player in due_players(pod, now):
            try:
                if await expire_deadline(rt, pod, player):
                    count += 1
            except StaleError:  # another process moved the pod: it is being caught up
                break
    return count


async def run_timer_loop(rt: Runtime) -> None:
    while True:
        await asyncio.sleep(rt.settings.timer_tick_seconds)
        try:
            if rt.cluster is not None and not await rt.cluster.lease.held():
                continue  # another process of the cluster fires the timers
            await expire_due(rt)
        except Exception:  # keep the timer alive; the next tick retries
            log.exception("pick timer tick failed")
