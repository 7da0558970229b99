"""The pick that cannot lose a race: computed and committed under the pod's row lock.

Why: the pipelined pick (`server.services.night.drafting`) checks the pod's revision only when
the writer commits, so when two processes keep picking in one pod, each may keep finding
the other one's commit in between. After a few lost races a pick takes the row lock
first (`SELECT … FOR UPDATE`), reads what the other processes committed (nobody can add
more while it holds the lock), applies it, validates and computes the pick on that state,
and commits in the same transaction. Whoever holds the lock always lands, so every pick
is applied once, in bounded time, however the processes interleave.

This transaction is its own, not the group writer's (why: `server.services.commit`): it
runs on a worker thread, one statement at a time, while the event loop waits on the pod's
exclusive lock only; `cluster_repo.commit_locked` ends it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from draft import engine
from draft.changes import PickMade
from server.cluster.channels import notice_channel
from server.cluster.follow import Follower
from server.core.errors import BusyError, UnknownPodError
from server.db import cluster_repo
from server.realtime.live import LivePlayer, LivePod
from server.runtime import Runtime
from server.services.night import drafting


async def locked_pick(rt: Runtime, follower: Follower, pod: LivePod, player: LivePlayer,
                      pick_number: int, cards: Sequence[int]) -> bool:
    """`drafting.pick` under the pod's row lock; returns whether a pick was applied."""
    async with pod.lock:  # exclusive: none of this process's picks of the pod in flight
        session = rt.session()
        try:
            revision = await asyncio.to_thread(cluster_repo.lock_pod, session, pod.id)
            if revision is None:
                raise UnknownPodError(f"there is no pod {pod.id!r}")
            if revision != pod.night.revision:
                news = await asyncio.to_thread(follower.read_news, session, pod)
                if news is not None:
                    follower.absorb(pod, news)
            if pod.night.revision != revision:
                raise BusyError("this pod could not be caught up; try again", "db_busy")
            state = drafting.check_can_pick(pod, player)
            assert player.seat is not None
            if not drafting.is_new_pick(state, player.seat, pick_number, cards):
                return False
            new_state, changes = engine.pick(state, player.seat, list(cards))
            first = changes[0]
            assert isinstance(first, PickMade)
            step = drafting.advance(rt, pod, new_state, [(player.seat, first.cards, False)],
                                    changes)
            await asyncio.to_thread(cluster_repo.commit_locked, session, pod.id, revision,
                                    notice_channel(pod),
                                    lambda locked: drafting.stage(locked, pod, step))
        finally:
            await asyncio.to_thread(session.close)
        pod.night.revision = revision + 1
        drafting.swap(rt, pod, step)
        return True

