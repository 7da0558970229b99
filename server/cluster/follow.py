"""Catching a pod up with what other processes committed, then telling this process's phones.

Why catch up from the database, not from the notice: a notice carries only `<pod>:<revision>`
and may be missed (a listener reconnects); the rows are the truth. A drafting pod that only
gained picks, deadlines or a pause applies the new log rows to its state (cheap, the usual
case); anything else (a phase change, a game tap, a deck) reloads the pod with the restore
code, which rebuilds it exactly as a restart would.

Why in place: sockets and handlers hold the `LivePod` and `LivePlayer` objects, so their
fields are updated, never the objects replaced. The catch-up runs under the pod's exclusive
lock: no change of this process interleaves, and no pick of it is in flight.

Why only the pods this process serves (issue #33): when every process followed every pod,
each pick cost a catch-up (reads and the engine's replay) on every other process, the main
cost as processes were added (docs/scaling.md). A process follows a pod while it has a
socket of it, for `FOLLOW_SECONDS` after a request or socket of it touched it, and, while it
holds the timer lease, every pod whose pick timers it may fire. A notice of any other pod is
only noted; the first touch (`touch`: a socket opening, a request) catches the pod up before
it is served. A write of this process that finds a pod stale still catches it up at once
(the revision rule, `behind`), so an unfollowed pod is never written from old memory.

Why a pod's first touch listens to its channel first: most of a drafting pod's notices go
to the pod's own channel (`server.cluster.channels`), which this process hears only from
its first touch of the pod on. The listen is in effect before the catch-up reads the pod,
so a commit is either in what it reads or announced after; none falls between.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from draft import engine
from pods import achievements
from server.cluster.channels import has_own_channel, times_picks
from server.db import Session, cluster_repo, repo
from server.db.tables import PlayerRow, PodRow
from server.realtime.live import LivePlayer, LivePod
from server.runtime import Runtime
from server.services.night.restore import load_pod, seat_players
from server.services.night.rows import live_player
from server.services.tables import round_links
from server.services.tables.games import restore_games

log = logging.getLogger(__name__)

FOLLOW_SECONDS = 60.0
"""A pod a request touched is followed this long after (a phone between two requests)."""


@dataclass(eq=False)
class Picks:
    """A drafting pod's news: its row, its players and the picks after memory's last."""

    row: PodRow
    players: list[PlayerRow]
    picks: list[repo.PickRecord]


@dataclass(eq=False)
class Reload:
    """The pod rebuilt from its rows (anything other than picks changed)."""

    revision: int
    pod: LivePod


class Follower:
    """Keeps this process's pods at the stored revision."""

    def __init__(self, rt: Runtime, leading: Callable[[], bool] = lambda: False,
                 listen: Callable[[str], Awaitable[None]] | None = None) -> None:
        self.rt = rt
        self._leading = leading  # whether this process holds the timer lease
        self._listen = listen  # the listener's `listen`: hear a channel from now on
        self._wanted: dict[str, int] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._touched: dict[str, float] = {}
        self._deferred: dict[str, int] = {}
        self._first_touches: dict[str, asyncio.Task[None]] = {}
        self.catch_ups = 0
        """How many catch-ups changed a pod (for tests and the bench)."""
        self.notices_deferred = 0
        """Notices of pods this process did not follow when they came (tests, the bench)."""

    def follows(self, pod: LivePod) -> bool:
        """Whether this process keeps `pod` at the stored revision as notices come: it
        serves the pod, or another pod of its night (a later round's mixed tables live in
        the night's first pod and are shown by every pod of the night)."""
        if self._serves(pod) or (self._leading() and times_picks(pod)):
            return True
        return pod.setup.event_id is not None and any(
            self._serves(other) for other in round_links.night_pods(self.rt, pod.setup.event_id)
            if other is not pod)

    def _serves(self, pod: LivePod) -> bool:
        """A socket of the pod is open here, or a request touched it a moment ago."""
        if pod.connections.connected:
            return True
        touched = self._touched.get(pod.id)
        return touched is not None and time.monotonic() - touched < FOLLOW_SECONDS

    async def touch(self, pod_id: str) -> None:
        """A socket or a request of the pod: follow it (and its night's other pods) from
        now on, and first catch up what was committed elsewhere while they were not
        followed (on the pod's first touch: listen to its channel, then catch up)."""
        self._touched[pod_id] = time.monotonic()
        pod = self.rt.registry.find(pod_id)
        night = [] if pod is None else [
            other.id for other in round_links.night_pods(self.rt, pod.setup.event_id)]
        if pod is not None and has_own_channel(pod) and self._listen is not None:
            await self._first_touch(pod_id)  # its catch-up takes the pod's noted notices too
        for each in (*(other for other in night if other != pod_id), pod_id):
            if self._deferred.pop(each, None) is not None:
                await self.catch_up(each)

    async def _first_touch(self, pod_id: str) -> None:
        """Listen to the pod's channel, then catch the pod up: once per pod. Touches that
        come while it runs wait for it (none is served from memory that may be behind);
        one that fails is tried again by the next touch."""
        first = self._first_touches.get(pod_id)
        if first is None:
            first = asyncio.get_running_loop().create_task(self._hear_then_catch_up(pod_id))
            self._first_touches[pod_id] = first
        try:
            await asyncio.shield(first)  # a cancelled request leaves it to the others
        except Exception:
            if self._first_touches.get(pod_id) is first:
                del self._first_touches[pod_id]
            raise

    async def _hear_then_catch_up(self, pod_id: str) -> None:
        assert self._listen is not None
        await self._listen(cluster_repo.pod_channel(pod_id))
        self._deferred.pop(pod_id, None)
        await self.catch_up(pod_id)

    async def follow_timed(self) -> None:
        """This process fires the pick timers now: catch up every pod with timers whose
        notices were only noted (call from the timer loop while holding the lease)."""
        for pod_id in list(self._deferred):
            pod = self.rt.registry.find(pod_id)
            if pod is None or times_picks(pod):
                self._deferred.pop(pod_id, None)
                await self.catch_up(pod_id)

    def notice(self, pod_id: str, revision: int) -> None:
        """Another process committed `revision` of the pod (or a write found it stale:
        `revision` -1 means "look"). Call on the loop; the catch-up runs as a task, or
        waits for the pod's next touch when this process does not follow it."""
        pod = self.rt.registry.find(pod_id)
        if pod is not None and 0 <= revision <= pod.night.revision:
            return
        if pod is not None and revision >= 0 and not self.follows(pod):
            self._deferred[pod_id] = max(revision, self._deferred.get(pod_id, -1))
            self.notices_deferred += 1
            return
        self._deferred.pop(pod_id, None)
        self._wanted[pod_id] = max(revision, self._wanted.get(pod_id, -1))
        if pod_id not in self._tasks:
            task = asyncio.get_running_loop().create_task(self._follow(pod_id))
            self._tasks[pod_id] = task

    def behind(self, pod_id: str) -> None:
        """A write of this process found the pod at another revision."""
        self.notice(pod_id, -1)

    def notice_text(self, payload: str) -> None:
        """`<pod>:<revision>:<origin>`; this process's own commits are live already."""
        pod_id, revision, origin = (payload.split(":") + ["", ""])[:3]
        if origin != cluster_repo.ORIGIN and pod_id and revision.isdigit():
            self.notice(pod_id, int(revision))

    async def _follow(self, pod_id: str) -> None:
        try:
            while pod_id in self._wanted:
                wanted = self._wanted.pop(pod_id)
                await self.catch_up(pod_id)
                pod = self.rt.registry.find(pod_id)
                if pod is not None and pod.night.revision < wanted:
                    log.warning("pod %s is at revision %d after catching up to %d",
                                pod_id, pod.night.revision, wanted)
        except Exception:  # the next notice or sweep tries again
            log.exception("catching up pod %s failed", pod_id)
        finally:
            self._tasks.pop(pod_id, None)

    async def sweep(self) -> None:
        """Compare every stored revision with memory (the listener (re)connected, so
        notices may have been missed) and catch up what is behind or unknown."""
        with self.rt.session() as session:
            revisions = await asyncio.to_thread(cluster_repo.list_revisions, session)
        for pod_id, revision in revisions.items():
            self.notice(pod_id, revision)

    async def catch_up(self, pod_id: str) -> None:
        """Bring the pod to its stored revision (load it if this process never saw it)."""
        pod = self.rt.registry.find(pod_id)
        if pod is None:
            await self._load(pod_id)
            return
        async with pod.lock:
            news = await asyncio.to_thread(self._read, pod)
            if news is not None:
                self.absorb(pod, news)

    async def _load(self, pod_id: str) -> None:
        news = await asyncio.to_thread(self._read_new, pod_id)
        if news is not None and self.rt.registry.find(pod_id) is None:
            news.pod.night.revision = news.revision
            self.rt.registry.add(news.pod)

    def _read(self, pod: LivePod) -> Picks | Reload | None:
        """On a thread, in one snapshot: what changed since memory's revision."""
        with self.rt.session() as session:
            cluster_repo.snapshot(session)
            return self.read_news(session, pod)

    def read_news(self, session: Session, pod: LivePod) -> Picks | Reload | None:
        """What changed since memory's revision, read in `session` (on a thread)."""
        found = cluster_repo.load_pod_rows(session, pod.id, pod.night.next_seq)
        if found is None or found[0].revision <= pod.night.revision:
            return None
        row, players, picks = found
        if row.phase == pod.night.phase == "drafting" and pod.night.state is not None \
                and _same_people(pod, players):
            return Picks(row, players, picks)
        return Reload(row.revision, self._rebuild(session, row, players))

    def absorb(self, pod: LivePod, news: Picks | Reload) -> None:
        """Put the news into memory and tell this process's phones (call on the loop,
        under the pod's exclusive lock)."""
        if isinstance(news, Picks):
            _apply_picks(pod, news)
        else:
            _absorb(pod, news.pod)
            pod.night.revision = news.revision
        self.catch_ups += 1
        self.rt.hub.publish(pod.channel, pod.bump(None))
        for other in round_links.relink(self.rt, pod.setup.event_id):  # a later round's games
            if other is not pod:
                self.rt.hub.publish(other.channel, other.bump(None))

    def _read_new(self, pod_id: str) -> Reload | None:
        with self.rt.session() as session:
            cluster_repo.snapshot(session)
            found = cluster_repo.load_pod_rows(session, pod_id, 1)
            if found is None or found[0].phase == "done":
                return None
            row, players, _picks = found
            return Reload(row.revision, self._rebuild(session, row, players))

    def _rebuild(self, session: Session, row: PodRow,
                 players: list[PlayerRow]) -> LivePod:
        fresh = load_pod(self.rt, row, players, repo.load_pick_log(session, row.id))
        fresh.connections.version += restore_games(session, fresh)
        return fresh


def _same_people(pod: LivePod, players: list[PlayerRow]) -> bool:
    return [p.id for p in pod.night.players] == [row.id for row in players]


def _apply_picks(pod: LivePod, news: Picks) -> None:
    """Replay the new log rows on the pod's state; take the rows' pause and deadlines."""
    assert pod.night.state is not None
    state = pod.night.state
    for seq, seat, cards, _by_bot in news.picks:
        if seq != pod.night.next_seq:
            raise RuntimeError(f"pod {pod.id}: pick {seq} stored, {pod.night.next_seq} expected")
        state, _changes = engine.pick(state, seat, list(cards))
        pod.night.next_seq = seq + 1
    pod.night.state = state
    row = news.row
    pod.night.paused, pod.night.paused_at = row.paused, repo.as_utc(row.paused_at)
    pod.night.locked, pod.night.join_code = row.locked, row.join_code
    pod.night.replay_visibility = row.replay_visibility
    pod.night.achievements = achievements.from_json(
        json.loads(row.achievements_json) if row.achievements_json else None)
    _merge_players(pod, [live_player(p) for p in news.players])
    seat_players(pod)
    pod.night.revision = row.revision


def _absorb(pod: LivePod, fresh: LivePod) -> None:
    """Take `fresh`'s stored night whole, keeping the player objects sockets hold. The
    setup never changes; the pipeline and the connections are this process's own."""
    players = _merged(pod.night.players, fresh.night.players)
    pod.night = fresh.night
    pod.night.players = players
    pod.connections.version = max(pod.connections.version, fresh.connections.version)


def _merge_players(pod: LivePod, fresh: list[LivePlayer]) -> None:
    pod.night.players = _merged(pod.night.players, fresh)


def _merged(players: list[LivePlayer], fresh: list[LivePlayer]) -> list[LivePlayer]:
    """`fresh`'s players, as the objects of `players` where they were known already."""
    known = {player.id: player for player in players}
    merged = []
    for new in fresh:
        old = known.pop(new.id, None)
        if old is None:
            merged.append(new)
            continue
        for spec in dataclasses.fields(LivePlayer):
            setattr(old, spec.name, getattr(new, spec.name))
        merged.append(old)
    for gone in known.values():  # left the pod elsewhere: its socket closes (4401)
        gone.token_hash = None
    return merged
