"""Which LISTEN/NOTIFY channel a pod's commits are announced on.

Why two kinds (issue #33): a process follows only the pods it serves (`server.cluster.follow`),
yet when every commit went to one shared channel every process still heard, woke for and
parsed every other process's notices, so each added process made every pick dearer for all.
A pod's picks now go to the pod's own channel (`cluster_repo.pod_channel`), which only the
processes that touched the pod listen to; with pod affinity a process hears its own pods
alone, as a single process does.

Why some pods stay on the shared channel: every process must know them whether or not it
serves them.
- A pod in its lobby: any process may list it to a phone that scanned the QR code, and its
  start must reach them all (the list drops it).
- A pod with pick timers while they may run: the timer lease's holder fires them, whichever
  process serves the pod (`times_picks`).
- A pod of a night (an event): a later round's tables live in the night's first pod and are
  shown by every pod of the night, on whichever process serves each.
The setup never changes, and a pod's phase only moves forward, so a pod that leaves the
shared channel never comes back to it.
"""

from __future__ import annotations

from server.db.cluster_repo import CHANNEL, pod_channel
from server.realtime.live import LivePod

TIMED_PHASES = ("lobby", "drafting")
"""Phases in which a pod may have pick timers running (the lobby: it may have started
on another process meanwhile)."""


def times_picks(pod: LivePod) -> bool:
    """Whether the timer lease's holder may have to fire pick timers of this pod."""
    return pod.setup.timer_seconds is not None and pod.night.phase in TIMED_PHASES


def announced_to_all(pod: LivePod) -> bool:
    """Whether the pod's commits go to the shared channel now (see the module's why)."""
    return pod.setup.event_id is not None or pod.night.phase == "lobby" or times_picks(pod)


def notice_channel(pod: LivePod) -> str:
    """The channel the pod's next commit is announced on (its phase when it is queued)."""
    return CHANNEL if announced_to_all(pod) else pod_channel(pod.id)


def has_own_channel(pod: LivePod) -> bool:
    """Whether the pod's commits may ever go to its own channel (a night's pods never)."""
    return pod.setup.event_id is None
