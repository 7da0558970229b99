"""Publishing a committed pick: its pickers and receivers at once, waiting seats later.

Why a window for waiting seats: their only change is whom they wait for, and a table of
people picking changes that many times a second; one view per seat per window
(`Settings.waiting_view_seconds`) instead of one per pick cuts a pick's frames, each a
system call and a view build on the laptop (issue #45, docs/performance.md). Everything
else is told at once: `None` (a new round, the end) reaches every seat, and a seat told of
a real change leaves the pending set (`LivePod.bump`), so the flush never follows it with
an older view (a socket sends the view as it is when it sends, docs/protocol.md).
"""

from __future__ import annotations

import asyncio
from functools import partial

from server.realtime.live import LivePod, Notice
from server.runtime import Runtime


def publish_step(rt: Runtime, pod: LivePod, seats: frozenset[int] | None,
                 waiting: frozenset[int]) -> None:
    """Tell `seats` (`None`: everyone) of the pod's new version now, and `waiting` by the
    end of the pod's current window (at once when the window is 0 or no loop runs)."""
    window = rt.settings.waiting_view_seconds
    if seats is None or not waiting:
        rt.hub.publish(pod.channel, pod.bump(seats))
        return
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        window = 0.0
    if window <= 0:
        rt.hub.publish(pod.channel, pod.bump(seats | waiting))
        return
    rt.hub.publish(pod.channel, pod.bump(seats))
    pod.connections.waiting.defer(waiting, window, partial(flush, rt, pod))


def flush(rt: Runtime, pod: LivePod) -> frozenset[int]:
    """Send the seats still owed a view their current one; returns them. Nothing for a
    pod no longer drafting or no longer this process's (ended, removed): their notices
    for everyone already emptied the set, and a late timer must not raise."""
    seats = pod.connections.waiting.take()
    if not seats or rt.registry.find(pod.id) is not pod or pod.night.phase != "drafting":
        return frozenset()
    rt.hub.publish(pod.channel, Notice(pod.connections.version, seats, waiting_only=True))
    return seats
