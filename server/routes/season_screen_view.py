"""A season's screen (`/seasons/{id}/screen`): tonight's night as the night's own screen
shows it, or, between nights, the season's standings under its name; between nights and
at the night's end, also the few rows of the season's statistics the TV pages through.

It sits beside the routes because it reads (the season's book, tonight's night, the kept
statistics) and shapes (the night's screen view, the statistics' rows): views import no
service, and the HTTP route and the socket both serve it.

Why the statistics' rows are kept (`season_stats.reads.kept_shape`): every TV asks for
its view every few seconds, and choosing the rows means sorting every card of the
season; kept under the statistics' version, a poll costs the version's read."""

from __future__ import annotations

from server.protocol.shapes.screen import ScreenStatistics, ScreenView, SeasonScreenView
from server.runtime import Runtime
from server.services import season_reads
from server.services.events import screens
from server.services.events.screens import StandingsCache
from server.services.season_stats.reads import kept_shape
from server.services.seasons import seasons
from server.values.night import Night
from server.views.screen import night_screen, standing_line
from server.views.season_stats import screen_statistics


async def season_screen(rt: Runtime, season_id: str, night: Night | None,
                        standings: StandingsCache | None = None) -> SeasonScreenView:
    """The season's screen now: `night` is tonight's (`season_screens.tonight_of`)."""
    if night is not None:
        view = night_screen(await screens.night_screen(rt, night, standings))
        season = view["season"]
        return {"season_id": season_id, "name": season["name"] if season else "",
                "night": view, "standings": [],
                "statistics": await _statistics(rt, season_id) if ended(view) else None}
    book = await season_reads.cached_book(rt, season_id)
    if book is None:  # deleted while the TV showed it
        raise seasons.unknown_season(season_id)
    return {"season_id": season_id, "name": book.row.name, "night": None,
            "standings": [standing_line(line) for line in book.table],
            "statistics": await _statistics(rt, season_id)}


def ended(night: ScreenView) -> bool:
    """The night's end: every pod done (the screen's own test, `screen.js`)."""
    return bool(night["pods"]) and all(pod["phase"] == "done" for pod in night["pods"])


async def _statistics(rt: Runtime, season_id: str) -> ScreenStatistics | None:
    """The rows kept for the statistics' version; None until a night counts."""
    rows = await kept_shape(rt, season_id, "screen", screen_statistics)
    return rows if rows is not None and rows["nights"] else None
