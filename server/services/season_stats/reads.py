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

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from pods.season_stats.cards import season_cards
from pods.season_stats.commanders import commanders_of_season
from pods.season_stats.inputs import StatsNight
from pods.season_stats.season import SeasonStatistics
from server.db import Session, season_repo, stats_repo
from server.runtime import Runtime
from server.services.season_stats.nights import counted_night, shown_nights

Version = tuple[object, ...]


def stats_version(session: Session, season_id: str) -> Version | None:
    """What the statistics depend on (None for an unknown season)."""
    standings = season_repo.season_version(session, season_id)
    if standings is None:
        return None
    pods = stats_repo.season_pods(session, season_id)
    building = [pod for _event, pod, phase, _rule in pods if phase != "done"]
    return (standings, tuple(pods), tuple(stats_repo.unfinished_decks(session, building)))


def compute(rt: Runtime, session: Session, season_id: str) -> SeasonStatistics | None:
    """The statistics as stored now, computed (no cache: the benchmark's cold figure)."""
    row = season_repo.get_season(session, season_id)
    if row is None:
        return None
    shown = shown_nights(stats_repo.season_pods(session, season_id))
    marks = stats_repo.night_game_marks(session, [event for event, _pods in shown])
    nights = [counted_night(rt, session, event, pods, marks.get(event, ()))
              for event, pods in shown]
    cards = season_cards([(tuple(pod.cards for pod in night.pods), night.games)
                          for night in nights])
    commanders = commanders_of_season(
        StatsNight(tuple(pod.seats for pod in night.pods), night.games) for night in nights)
    return SeasonStatistics(row.name, len(nights), cards, commanders)


@dataclass(frozen=True)
class StatsReply:
    body: bytes
    season_name: str


async def statistics_reply(rt: Runtime, season_id: str, reply_key: Hashable,
                           render: Callable[[SeasonStatistics], bytes]) -> StatsReply | None:
    """The reply `render` writes from the season's statistics, kept under `reply_key`
    (what the route renders: cards or commanders, JSON or CSV, a set); None for an unknown
    season."""
    version = await rt.season_reads.read(lambda session: stats_version(session, season_id))
    if version is None:
        return None
    key = ("reply", season_id, reply_key)
    found: StatsReply | None = rt.season_stats.get(key, version)
    if found is not None:
        return found

    def query(session: Session) -> StatsReply | None:
        now = stats_version(session, season_id)
        if now is None:
            return None
        stats: SeasonStatistics | None = rt.season_stats.get(("stats", season_id), now)
        if stats is None:
            stats = compute(rt, session, season_id)
            if stats is None:
                return None
            rt.season_stats.put(("stats", season_id), now, stats)
        reply = StatsReply(render(stats), stats.season_name)
        rt.season_stats.put(key, now, reply)
        return reply

    reply: StatsReply | None = await rt.standings_flight.run(
        ("stats", season_id, reply_key, version), lambda: rt.season_reads.read(query))
    return reply
