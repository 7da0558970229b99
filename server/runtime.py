"""Everything a running app shares: settings, database engine, live pods, hub, bot, clock.

Why one object on `app.state`: the app factory builds it, the lifespan starts and stops
it, and services receive it explicitly, so there are no module-level singletons.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from draft.bots import Bot, ValueBot
from pods.round_clock import RoundClock
from server.cards.card_json import CardJson
from server.cards.download_job import DownloadJob
from server.cards.media import CardMedia
from server.cluster.claim import Claim
from server.core.coalesced import Coalesced
from server.core.fresh_flight import FreshFlight
from server.core.settings import Settings
from server.core.single_flight import SingleFlight
from server.core.versioned_cache import VersionedCache
from server.db import Engine, Session
from server.db.commits import CommitCount
from server.db.engine import writer_engine
from server.db.reads import InFlightReads, PoolReads
from server.db.writer import MAX_BATCH, GroupWriter
from server.edge.rate_limits import ClientLimits
from server.modes.mode import Mode
from server.modes.one_process import OneProcess
from server.realtime.arrivals import JoinPageVisits
from server.realtime.clock import SteadyClock
from server.realtime.hub import Hub
from server.realtime.live import Registry
from server.realtime.trace import Trace

StatsReplyMaker = tuple[Hashable, Callable[[Any], bytes]]
"""A statistics reply's cache key and how it is written (`statistics_replies`)."""
T = TypeVar("T")


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Unrestored:
    """A stored pod that did not rebuild at start-up: set aside, shown on the start page."""

    pod_id: str
    set_code: str
    reason: str
    """One line for the log and the host (exception type and message)."""


@dataclass(frozen=True)
class NightClock:
    """A night's round clock as this process holds it."""

    clock: RoundClock
    seq: int
    """Its last stored entry's seq (the next change stores `seq + 1`)."""
    stored: bool = True
    """False for a clock a restart gave its time back to, until that is stored: the
    night's `clock_saved_at` must not move before (it would count the time it was down)."""


@dataclass(eq=False)
class Runtime:
    settings: Settings
    engine: Engine
    base_url: str
    hub: Hub
    registry: Registry = field(default_factory=Registry)
    bot: Bot = field(default_factory=ValueBot)
    clock: Callable[[], datetime] = field(default_factory=SteadyClock)
    """The server's now: wall time carried forward by a steady clock, so a stepped wall
    clock moves no pick timer (`server.realtime.clock`)."""
    media: CardMedia = field(default_factory=CardMedia)
    """Imported rules text and cached images for the card JSON (read at start)."""
    downloads: DownloadJob = field(default_factory=DownloadJob)
    """The start page's card text and image download (one at a time)."""
    arrivals: JoinPageVisits = field(default_factory=JoinPageVisits.of_this_laptop)
    """Join pages a phone has opened (the host screen's checklist shows when none has)."""
    _writer: GroupWriter | None = field(default=None, repr=False)
    limits: ClientLimits | None = None
    """Per-client rate limits (`server.edge.rate_limits`), made from the settings on first use."""
    event_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    import_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    """Held by the one season import running (`server.services.seasons.season_files.one_import`)."""
    """Serializes creating pods, and joining and forming pods across events (rare writes)."""
    restored: bool = False
    """Whether the stored pods were restored already (`prismatic serve` does it before the
    app starts, to print their links; the lifespan then does not replay them again)."""
    unrestored: list[Unrestored] = field(default_factory=list)
    mode: Mode = field(init=False, repr=False)
    """One process, whose memory is the truth (`OneProcess`, the default), or one of
    several over one PostgreSQL (`--cluster`: `server.app.build_runtime` sets it once)."""
    claim: Claim | None = None
    """Its claim on a PostgreSQL database (`server.cluster.mode`), released at shutdown."""
    time_left_stored: bool = False
    """Whether the deadlines restored at start (each seat's time left from now) are
    stored; until then `timers_saved_at` must not move (`server.services.night.timer_gaps`)."""
    trace: Trace | None = None
    """What the server did while picks were slow (`PRISMATIC_TRACE_PATH`, the bench's
    `--trace`): the app's lifespan starts it; the writer reports its batches to it."""
    cards: CardJson = field(init=False, repr=False)
    """The phones' card JSON built from `media`, shared by every pod of this runtime."""
    _writer_engine: Engine | None = field(default=None, init=False, repr=False)
    _season_reads: PoolReads | None = field(default=None, init=False, repr=False)
    _disk_full_noted: bool = field(default=False, init=False, repr=False)
    """Whether the last transaction found the disk full (`note_disk_full`)."""
    _reads: InFlightReads = field(default_factory=InFlightReads, init=False, repr=False)
    season_books: VersionedCache[Any] = field(
        default_factory=lambda: VersionedCache[Any](32), repr=False)
    """Seasons' books by season version (`server.services.season_reads`; the values are
    `SeasonBook`s, which this module cannot name: services import the runtime)."""
    imported_results: VersionedCache[Any] = field(
        default_factory=lambda: VersionedCache[Any](16), repr=False)
    """Imported nights' parsed results by season (`season_book.read_book`): written once,
    so a cold standings read after tonight's change does not parse the file's games again."""
    season_standings: VersionedCache[Any] = field(
        default_factory=lambda: VersionedCache[Any](64), repr=False)
    """Seasons' standings replies (JSON and CSV bytes) by (season, format) and version."""
    standings_flight: SingleFlight[Any] = field(default_factory=SingleFlight, repr=False)
    """Cold standings reads in progress, one per (season, format, version), and cold
    books, one per (season, "book", version)."""
    commits: CommitCount = field(default_factory=CommitCount, repr=False)
    """Commits of this process's engines (`server.db.commits`): while it has not moved, a
    version read from the database is still the stored one, if this process is its only
    writer (`Mode.sole_writer`)."""
    known_versions: VersionedCache[Any] = field(
        default_factory=lambda: VersionedCache[Any](256), repr=False)
    """Seasons' versions as last read, kept under the commit count before the read began
    (`server.services.season_reads`): a standings read finds its version here while no
    commit happened since, with no query."""
    version_flight: FreshFlight[Any] = field(default_factory=FreshFlight, repr=False)
    """Seasons' version queries, one at a time per season and page, shared by the readers
    that arrived while the last one ran (`server.core.fresh_flight`)."""
    season_warming: Coalesced = field(default_factory=Coalesced, repr=False)
    """Standings computed again after a write that changes them, off the request path
    (`server.services.season_reads.warm`), one run per season at a time."""
    warm_season: Callable[[str], None] | None = field(default=None, repr=False)
    """Asks for a season's standings to be computed again off the request path, by season
    id (`server.services.season_reads.warm`, set by the app): the services that change a
    season's results load before the reads that read them, so they ask through here."""
    round_clocks: dict[str, NightClock] = field(default_factory=dict, repr=False)
    """Each night's round clock, by event id (`server.services.tables.round_clock`):
    restored at start, swapped in after each commit."""
    warm_night_season: Callable[[str], None] | None = field(default=None, repr=False)
    """The same, by the id of one of the season's nights (`season_reads.warm_event`)."""
    standings_render: Callable[[Any], bytes] | None = field(default=None, repr=False)
    """How the public standings' JSON reply is written from a season's book (set by the
    app from the views, which services may not import): a warm-up writes it ahead."""
    statistics_replies: Callable[[str], list[StatsReplyMaker]] | None = field(
        default=None, repr=False)
    """A season's statistics replies its pages ask for first, by season id: (cache key,
    how it is written), set by the app from the routes (`routes.season_stats.
    pages_replies`), so the start's warm-up writes them ahead."""
    season_stats: VersionedCache[Any] = field(
        default_factory=lambda: VersionedCache[Any](64), repr=False)
    """Seasons' card and commander statistics, and their replies, by version
    (`server.services.season_stats.reads`)."""
    season_stat_pods: VersionedCache[Any] = field(
        default_factory=lambda: VersionedCache[Any](1024), repr=False)
    """The statistics' parts that outlive a version: finished pods' counted drafts and
    decks (they never change again) and each night's games under that night's own mark,
    so a game tonight recomputes the figures without replaying forty nights."""

    def __post_init__(self) -> None:
        self.cards = CardJson(self.media)
        self.mode = OneProcess(self.registry)
        self.commits.watch(self.engine)

    @property
    def writer_engine(self) -> Engine:
        """The engine the writer commits with (made on first use): `engine` on SQLite,
        its own on PostgreSQL (`server.db.engine.writer_engine`: no ping before each
        batch)."""
        if self._writer_engine is None:
            self._writer_engine = writer_engine(self.engine)
            self.commits.watch(self._writer_engine)
        return self._writer_engine

    def client_limits(self) -> ClientLimits:
        if self.limits is None:
            self.limits = ClientLimits(self.settings)
        return self.limits

    def session(self) -> Session:
        return self.commits.session(self.engine)

    def writer_session(self) -> Session:
        """A session on the writer's engine (the group writer's transactions only)."""
        return self.commits.session(self.writer_engine)

    async def read(self, query: Callable[[Session], T]) -> T:
        """Run a read off the event loop, in a session of its own (`server.db.reads`)."""
        return await self._reads.read(self.session, query)

    async def settle_reads(self) -> None:
        """Wait for the reads still running (before the engine is disposed)."""
        await self._reads.settle()

    @property
    def season_reads(self) -> PoolReads:
        """The standings' own bounded pool (`standings_threads`), made on first use."""
        if self._season_reads is None:
            self._season_reads = PoolReads(self.session, self.settings.standings_threads)
        return self._season_reads

    def close_season_reads(self) -> None:
        reads, self._season_reads = self._season_reads, None
        if reads is not None:
            reads.close()

    @property
    def writer(self) -> GroupWriter:
        """The group-commit writer of picks (made on first use, inside the running loop)."""
        if self._writer is None:
            batch = MAX_BATCH if self.settings.group_commit else 1
            lock_rows = self.mode.lock_rows
            observe = self.trace.batch if self.trace is not None else None
            self._writer = GroupWriter(self.writer_session, max_batch=batch, lock_rows=lock_rows,
                                       disk_full=self.note_disk_full, observe=observe)
        return self._writer

    def note_disk_full(self, full: bool) -> None:
        """After each transaction: whether the disk was full. Every pod's host screen (and
        phones) hear when that changes; the next commit that succeeds clears it.

        Why the flag: at table pace this runs after every one-pick commit, and a scan of
        every pod for a change that almost never comes was 2 % of the loop's CPU per pick
        (issue #45). A full disk still scans every time (a pod opened meanwhile hears it)."""
        if not full and not self._disk_full_noted:
            return
        self._disk_full_noted = full
        for pod in self.registry.all():
            if pod.connections.disk_full != full:
                pod.connections.disk_full = full
                self.hub.publish(pod.channel, pod.bump())

    async def close_writer(self) -> None:
        """Commit what is queued and stop the writer thread (the app's shutdown)."""
        writer, self._writer = self._writer, None
        if writer is not None:
            await writer.close()
        if self._writer_engine is not None and self._writer_engine is not self.engine:
            self._writer_engine.dispose()  # its connections; it reconnects if used again

    def now(self) -> datetime:
        return self.clock()

    def host_url(self, pod_id: str, token: str) -> str:
        return f"{self.base_url}/pods/{pod_id}/host#host_token={token}"

    def seat_url(self, pod_id: str, token: str) -> str:
        return f"{self.base_url}/pods/{pod_id}/seat#seat_token={token}"

    def join_url(self, pod_id: str) -> str:
        return f"{self.base_url}/pods/{pod_id}/join"

    def event_host_url(self, event_id: str, token: str) -> str:
        return f"{self.base_url}/events/{event_id}/host#host_token={token}"

    def event_join_url(self, event_id: str) -> str:
        return f"{self.base_url}/events/{event_id}/join"
