"""A season's statistics for its public pages: computed once per version, then kept.

Why cached like the standings (`server.services.season_reads`): replaying forty nights'
drafts costs seconds, and a phone reads the page many times between two changes. The
version is the standings' (`season_repo.season_version`: games' results, renames, new
nights; not life taps) plus each pod's phase and reveal rule and the decks of unfinished pods
(`stats_repo`), read before the statistics in the same session, so a kept value is never
older than its version. Reads run in the standings' bounded pool, and concurrent cold reads
of one version compute it once (`Runtime.standings_flight`).

The replies (JSON or CSV of cards or commanders) are kept too, under the same version:
writing a few thousand rows costs more than finding them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

from pods.season_stats.cards import season_cards
from pods.season_stats.commanders import commanders_of_season
from pods.season_stats.inputs import StatsNight
from pods.season_stats.season import SeasonStatistics
from server.core.errors import PodError
from server.db import Session, season_repo, stats_repo
from server.edge.ready_body import ReadyBody
from server.runtime import Runtime
from server.services.commit import commit
from server.services.season_stats import stored
from server.services.season_stats.nights import counted_night, shown_nights, stored_parts

Version = tuple[object, ...]
T = TypeVar("T")
log = logging.getLogger(__name__)


def stats_version(session: Session, season_id: str) -> Version | None:
    """What the statistics depend on (None for an unknown season)."""
    standings = season_repo.season_version(session, season_id)
    if standings is None:
        return None
    pods = stats_repo.season_pods(session, season_id)
    building = [pod for _event, pod, phase, _rule in pods if phase != "done"]
    return (standings, tuple(pods), tuple(stats_repo.unfinished_decks(session, building)))


def compute(rt: Runtime, session: Session, season_id: str,
            fresh: dict[str, str] | None = None) -> SeasonStatistics | None:
    """The statistics as stored now, from finished pods' parts kept in memory or stored,
    replaying the other pods' drafts; `fresh` gets the finished pods' parts computed here
    (none was stored), for the caller to store."""
    row = season_repo.get_season(session, season_id)
    if row is None:
        return None
    shown = shown_nights(stats_repo.season_pods(session, season_id))
    parts = stored_parts(rt, session, [pod for _event, pods in shown for pod in pods])
    marks = stats_repo.night_game_marks(session, [event for event, _pods in shown])
    nights = [counted_night(rt, session, event, pods, marks.get(event, ()), parts)
              for event, pods in shown]
    if fresh is not None:
        fresh.update(parts.fresh)
    cards = season_cards([(tuple(pod.cards for pod in night.pods), night.games)
                          for night in nights])
    commanders = commanders_of_season(
        StatsNight(tuple(pod.seats for pod in night.pods), night.games) for night in nights)
    return SeasonStatistics(row.name, len(nights), cards, commanders)


@dataclass(frozen=True)
class StatsReply:
    """A statistics page as sent: its body made ready (encoded and tagged once, in the
    pool; `server.edge.ready_body`), and the season's name (the CSV's file)."""

    ready: ReadyBody
    season_name: str

    @property
    def body(self) -> bytes:
        return self.ready.plain


async def statistics_reply(rt: Runtime, season_id: str, reply_key: Hashable,
                           render: Callable[[SeasonStatistics], bytes]) -> StatsReply | None:
    """The reply `render` writes from the season's statistics, kept under `reply_key`
    (what the route renders: cards or commanders, JSON or CSV, a set); None for an unknown
    season."""
    def reply(stats: SeasonStatistics) -> StatsReply:
        return StatsReply(ReadyBody.of(render(stats)), stats.season_name)

    return await kept_shape(rt, season_id, reply_key, reply)


async def kept_shape(rt: Runtime, season_id: str, key: Hashable,
                     shape: Callable[[SeasonStatistics], T]) -> T | None:
    """What `shape` makes of the season's statistics, kept under `key` at their version:
    a page's reply, or the few rows the season's screen shows (read again by every TV
    every few seconds, it costs the version's read and nothing else while nothing
    changed). None for an unknown season."""
    version = await _version(rt, season_id)
    if version is None:
        return None
    kept_key = ("reply", season_id, key)
    found: T | None = rt.season_stats.get(kept_key, version)
    if found is not None:
        return found

    async def made() -> T | None:
        stored = await _statistics(rt, season_id, version)
        if stored is None:
            return None
        at, stats = stored
        value = await rt.season_reads.compute(lambda: shape(stats))
        rt.season_stats.put(kept_key, at, value)
        return value

    answer: T | None = await rt.standings_flight.run(
        ("stats", season_id, key, version), made)
    return answer


async def warm(rt: Runtime, season_id: str) -> None:
    """Compute the season's statistics at the version stored now, if nobody has, and write
    the replies its pages ask for first (`Runtime.statistics_replies`): the app warms every
    season at start, and the first phone after a restart paid a cold compute (seconds for a
    long season) and the first writing of its page (most of a second)."""
    version = await _version(rt, season_id)
    if version is None:
        return
    await _statistics(rt, season_id, version)
    for key, render in (rt.statistics_replies or (lambda _season: []))(season_id):
        await statistics_reply(rt, season_id, key, render)


async def _version(rt: Runtime, season_id: str) -> Version | None:
    """One query for every reader that arrived while the last one ran
    (`server.core.fresh_flight`), never one read before the caller came."""
    version: Version | None = await rt.version_flight.run(
        ("stats", season_id),
        lambda: rt.season_reads.read(lambda session: stats_version(session, season_id)))
    return version


async def _statistics(rt: Runtime, season_id: str, version: Version,
                      ) -> tuple[Version, SeasonStatistics] | None:
    """The statistics at `version` or newer, with the version they were read at: kept, or
    computed once for every caller meanwhile, whichever reply they are for (cards or
    commanders, JSON or CSV) and the start's warm-up alike."""
    kept: SeasonStatistics | None = rt.season_stats.get(("stats", season_id), version)
    if kept is not None:
        return version, kept

    fresh: dict[str, str] = {}

    def query(session: Session) -> tuple[Version, SeasonStatistics] | None:
        # The version first, in the computation's own session: statistics are never kept
        # under a version older than what they hold.
        now = stats_version(session, season_id)
        if now is None:
            return None
        stats: SeasonStatistics | None = rt.season_stats.get(("stats", season_id), now)
        if stats is None:
            stats = compute(rt, session, season_id, fresh)
            if stats is None:
                return None
            rt.season_stats.put(("stats", season_id), now, stats)
        return now, stats

    async def computed() -> tuple[Version, SeasonStatistics] | None:
        found = await rt.season_reads.read(query)
        if fresh:
            await _store(rt, fresh)
        return found

    result: tuple[Version, SeasonStatistics] | None = await rt.standings_flight.run(
        ("stats", season_id, version), computed)
    return result


async def _store(rt: Runtime, parts: dict[str, str]) -> None:
    """Store the finished pods' parts a computation made, so the next start sums them.
    A failed write loses nothing but time: the next computation makes them again."""
    try:
        await commit(rt, lambda session: stats_repo.store_parts(session, parts, stored.FORMAT),
                     lambda: None)
    except PodError:
        log.warning("the statistics' parts of %d pods were not stored", len(parts))
