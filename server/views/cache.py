"""The views' cache: per live pod, what the views of its current version share.

Why the runtime owns it (`Runtime.views`, a `server.core.weak_versions.WeakVersions`) and
not this module: a cache that is a module's global outlives the runtime that filled it,
so two runtimes in one process (the tests, a cluster's followers) would share it, and
nothing could say whose it is. Each runtime keeps its own; a pod the registry drops is
dropped here too (weak keys).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from draft.state import CardInstance
from server.core.weak_versions import WeakVersions
from server.protocol.shapes.pod import Setup
from server.protocol.shapes.seat import PlayerLine
from server.realtime.live import LivePod

Cards = Sequence[CardInstance]


@dataclass(frozen=True)
class SeatText:
    """One seat's view at one version, encoded: its head and pack as JSON text, its pool
    as card instances (each socket sends the part of it that socket has not sent)."""

    version: int
    head: str  # the view without its pack and pool, and without the closing brace
    pack: str
    pool: Cards


@dataclass
class PodViews:
    """What the views of one pod version share, built once for that version: the pod's
    setup line and the player lines every seat shows, and each seat's encoded view (a
    phone's socket, a second tab of it, and the HTTP answer to its pick all reuse it).
    Every change a phone may see bumps `pod.live.version` (`LivePod.bump`), so a version's
    views never go stale; new rules text or images (a card download) change the cards'
    `generation` instead."""

    version: int
    cards: int
    setup: Setup | None = None
    players: list[PlayerLine] | None = None
    seats: dict[tuple[str, str], SeatText] = field(default_factory=dict)
    """By (player id, language): a seat's deck report is said in its reader's language."""


ViewCache = WeakVersions[LivePod, PodViews]
"""The runtime's views cache (`Runtime.views`): per live pod, its current version's."""


def pod_views(cache: ViewCache, pod: LivePod) -> PodViews:
    """This pod's shared views at its current version and card media (new and empty after
    a change; the older ones are dropped)."""
    version = (pod.live.version, pod.cards.generation)
    return cache.get(pod, version, lambda: PodViews(*version))
