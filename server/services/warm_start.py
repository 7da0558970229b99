"""Every season's standings and statistics computed once at start, in the background.

Why: both are kept in memory by version, so after a restart the first reader of each paid
the whole computation: the statistics replay every night's drafts (about 12 s for a season
of forty nights on a loaded laptop), and the standings read every game. A store restarts
its laptop between nights, and the first phone to open "Cards of the season" waited.

Newest season first (tonight's), one season at a time, in the standings' own pool, so the
phones' reads never wait for it; a reader who arrives meanwhile joins the computation
under way (`Runtime.standings_flight`) instead of starting a second one.
"""

from __future__ import annotations

from server.db import season_repo
from server.runtime import Runtime
from server.services import season_reads
from server.services.season_stats import reads as season_stats

START = "every season at start"
"""The warm-up's key in `Runtime.season_warming`."""


def warm_every_season(rt: Runtime) -> None:
    """Ask for the warm-up; it runs off the start's path (`server.core.coalesced`)."""
    rt.season_warming.ask(START, lambda: _warm_all(rt))


async def _warm_all(rt: Runtime) -> None:
    seasons = await rt.season_reads.read(season_repo.list_seasons)
    for season_id, _name, _created in seasons:
        await season_reads.warm_now(rt, season_id)
        await season_stats.warm(rt, season_id)
