"""One process's membership of a cluster: its listener, its timer lease, its catch-ups.

Why a mode (`server.modes.mode.Mode`): a single process (SQLite, or PostgreSQL without
`--cluster`) keeps its memory authoritative and pays none of this
(`server.modes.one_process`); the runtime holds one or the other, chosen at startup.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import TypeVar

from server.cluster.follow import Follower
from server.cluster.joins import join_night
from server.cluster.lease import TimerLease
from server.cluster.listen import Listener, conninfo
from server.cluster.locked import locked_pick
from server.cluster.revisions import Revisions
from server.core.errors import ConflictError, StaleError
from server.db import Session, cluster_repo
from server.db.tables import EventPlayerRow
from server.db.writer import GroupWriter, RowLocker, Write
from server.modes.mode import Join, JoinCheck
from server.realtime.live import LivePlayer, LivePod
from server.runtime import Runtime

log = logging.getLogger(__name__)

START_SECONDS = 10.0
T = TypeVar("T")

COMMAND_RETRIES = 3
"""How often a command that lost a race is run again on the caught-up pod."""
STALE_RETRIES = 2
"""How often a pick that lost a race on its pod is recomputed on the caught-up pod
through the pipeline before it takes the pod's row lock to be sure to land
(`server.cluster.locked`)."""
MAX_POD_ID = 32
"""`pod.id`'s column width: a longer id cannot exist, so it costs no query."""


class Cluster:
    """`server.modes.mode.Mode` for one process among several over one PostgreSQL."""

    keeps_time_left = False  # the others' timers ran while this process was down
    sole_writer = False  # the others commit too, unheard until their notice arrives
    acks_picks_in_views = False  # a pick may lose a race: `pick` retries it

    def __init__(self, rt: Runtime) -> None:
        self.rt = rt
        dsn = conninfo(rt.engine)
        self.lease = TimerLease(dsn)
        self.follower = Follower(rt, leading=lambda: self.lease.holding,
                                 listen=lambda channel: self.listener.listen(channel))
        self.revisions = Revisions(behind=self.follower.behind)
        self.listener = Listener(dsn, self.follower)
        self._task: asyncio.Task[None] | None = None

    @property
    def lock_rows(self) -> RowLocker | None:
        return cluster_repo.lock_rows  # the writer's first statement of a batch

    async def start(self) -> None:
        """Listen for the other processes' commits (after the pods were restored); the
        app serves once the listener swept every pod, or after `START_SECONDS`."""
        self._task = asyncio.get_running_loop().create_task(
            self.listener.run(), name="cluster-listener")
        try:
            await asyncio.wait_for(self.listener.connected.wait(), START_SECONDS)
        except TimeoutError:
            log.warning("the cluster listener is not connected yet; serving anyway")

    async def load(self, pod_id: str) -> LivePod | None:
        """A pod this process has not heard of yet, from the database (None: no such
        pod). Why on demand: a phone may reach this process a moment before the notice
        of the pod's creation does."""
        if len(pod_id) > MAX_POD_ID:
            return None
        await self.follower.catch_up(pod_id)
        return self.rt.registry.find(pod_id)

    async def touch(self, pod_id: str) -> LivePod | None:
        """The pod a socket or a request of this process is about to serve, caught up
        with what other processes committed while this process did not follow it (and
        followed from now on); loaded when this process has not heard of it yet."""
        if self.rt.registry.find(pod_id) is None:
            pod = await self.load(pod_id)
            if pod is not None:
                await self.follower.touch(pod_id)
            return pod
        await self.follower.touch(pod_id)
        return self.rt.registry.find(pod_id)

    async def follow_timed(self) -> None:
        """Holding the timer lease: catch up the pods whose timers this process fires."""
        await self.follower.follow_timed()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.lease.close()

    def submit(self, writer: GroupWriter, write: Write, pod: LivePod | None,
               new: bool) -> asyncio.Future[None]:
        """A pod's write follows the revision rule (`revisions`) and may fail with
        `StaleError`; a write of no pod is queued as it is."""
        if pod is None:
            return writer.submit(write)
        return self.revisions.submit(writer, pod, write, new=new)

    async def pick(self, pod: LivePod, player: LivePlayer, pick_number: int,
                   cards: Sequence[int], attempt: Callable[[], Awaitable[bool]]) -> bool:
        """When another process changed the pod first, catch the pod up and pick again on
        the new state (a repeat is then recognised); after `STALE_RETRIES` lost races,
        pick under the pod's row lock, which cannot lose one (`locked`).

        A `stale_pick` refusal is checked against the rows first: this process may be a
        notice behind the view the phone picked from (another process showed it), and a
        phone told to refresh would drop a valid pick. If the catch-up found anything
        new, the pick is tried again; else the refusal stands."""
        for _attempt in range(STALE_RETRIES):
            try:
                return await attempt()
            except StaleError:
                await self.follower.catch_up(pod.id)
            except ConflictError as refusal:
                if refusal.code != "stale_pick" or not await self._was_behind(pod):
                    raise
        return await locked_pick(self.rt, self.follower, pod, player, pick_number, cards)

    async def _was_behind(self, pod: LivePod) -> bool:
        """Catch the pod up; whether the rows held anything memory did not."""
        before = pod.night.revision
        await self.follower.catch_up(pod.id)
        return pod.night.revision != before

    async def catch_up(self, pod_id: str) -> None:
        """Bring one pod to its stored revision now (a write of it found it stale)."""
        await self.follower.catch_up(pod_id)

    async def join_night(self, event_id: str, row: EventPlayerRow, check: JoinCheck,
                         join: Join) -> None:
        """Another process may be seating someone right now: the join is checked again
        and stored under the event's row lock (`joins`), not by `join`."""
        await join_night(self.rt, event_id, row, check)

    def claim_open_night(self, session: Session, event_id: str) -> bool:
        """Another process may have formed the night since this one read it."""
        return cluster_repo.claim_open_event(session, event_id)

    def announce_pods(self, session: Session, pod_ids: Iterable[str]) -> None:
        """Each new pod's first revision: its notice tells the other processes."""
        for pod_id in pod_ids:
            cluster_repo.bump_revision(session, pod_id, 0)

    def move_pods(self, session: Session, revisions: Iterable[tuple[str, int]]) -> bool:
        """The other pods change too: the other processes reload them."""
        return all(cluster_repo.bump_revision(session, pod_id, revision)
                   for pod_id, revision in revisions)

    def moved(self, pod: LivePod, by: int = 1) -> None:
        pod.night.revision += by

    async def leads(self) -> bool:
        """Whether this process holds the timer lease (`lease`)."""
        return await self.lease.held()

    async def retried(self, pod_id: str, command: Callable[[], Awaitable[T]]) -> T:
        """Run a command of the pod; when another process changed the pod first, catch
        the pod up and run it again on the new state, where it lands or is refused as one
        process would refuse it (after `COMMAND_RETRIES` lost races: `db_busy`)."""
        for _ in range(COMMAND_RETRIES):
            try:
                return await command()
            except StaleError:
                await self.follower.catch_up(pod_id)
        return await command()
