"""Which pods of a night show a later round's game, and who hears of its taps.

Why one object in several pods: a round after the first seats players of several pods at
one table. The game is stored once, in the night's first pod (its `home`), so its log has
one sequence and one lock; every other pod whose players sit at it holds the very same
`LiveGame` in its `games` (borrowed, never stored there). The seat views, the host
screens and the tap routes of every pod then read the one game, and a tap published to
the home pod is also published to each borrower (`borrowers`).

Why relink after every load: a restart (`restore.restore_pods`) and a catch-up of another
process (`server.cluster.follow`) build a pod's games from its own rows only, so its
borrowed games are linked again from the home pod, which may itself have been rebuilt
with new objects.
"""

from __future__ import annotations

from collections.abc import Iterable

from server.realtime.live import LiveGame, LivePod
from server.runtime import Runtime


def current_round(pods: Iterable[LivePod]) -> int:
    """The night's round: the highest round among the pods' current games (1 before)."""
    return max((live.round for pod in pods for live in pod.night.games.values()), default=1)


def night_pods(rt: Runtime, event_id: str | None) -> list[LivePod]:
    """The pods of the night in this process (none for a pod outside an event)."""
    if event_id is None:
        return []
    return [pod for pod in rt.registry.all() if pod.setup.event_id == event_id]


def holder(rt: Runtime, pod: LivePod, table: int) -> LivePod:
    """The pod that stores the game at `table` of `pod`: its home for a borrowed game."""
    live = pod.night.games.get(table)
    if live is None or live.home is None or live.home == pod.id:
        return pod
    return rt.registry.find(live.home) or pod


def borrowers(rt: Runtime, live: LiveGame) -> list[LivePod]:
    """The pods, other than its home, whose games hold `live`."""
    if live.home is None:
        return []
    home = rt.registry.find(live.home)
    if home is None:
        return []
    return [pod for pod in night_pods(rt, home.setup.event_id)
            if pod.id != live.home and pod.night.games.get(live.table) is live]


def seats_at(pod: LivePod, live: LiveGame) -> frozenset[int]:
    """The seats of `pod` whose players sit at `live`."""
    ids = {p.id for p in live.game.players}
    return frozenset(p.seat for p in pod.night.players if p.id in ids and p.seat is not None)


def publish_to_borrowers(rt: Runtime, live: LiveGame) -> None:
    """The players of other pods at `live` see its change too."""
    for pod in borrowers(rt, live):
        rt.hub.publish(pod.channel, pod.bump(seats_at(pod, live)))


def relink(rt: Runtime, event_id: str | None) -> list[LivePod]:
    """Give every pod of the night the home pods' current round games its players sit
    at (replacing stale ones); returns the pods whose games changed."""
    pods = night_pods(rt, event_id)
    held = [live for pod in pods for live in pod.night.games.values() if live.home == pod.id]
    changed = []
    for pod in pods:
        ids = {p.id for p in pod.night.players if not p.kicked}
        borrowed = {live.table: live for live in held if live.home != pod.id
                    and any(p.id in ids for p in live.game.players)}
        games = {table: live for table, live in pod.night.games.items()
                 if live.home is None or live.home == pod.id}
        games.update(borrowed)
        if any(pod.night.games.get(t) is not live for t, live in games.items()) \
                or games.keys() != pod.night.games.keys():
            pod.night.games = games
            changed.append(pod)
    return changed
