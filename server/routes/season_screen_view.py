"""A season's screen (`/seasons/{id}/screen`): tonight's night as the night's own screen
shows it, or, between nights, the season's standings under its name.

It sits beside the routes because it reads (the season's book, tonight's night) and
shapes (the night's screen view): views import no service, and the HTTP route and the
socket both serve it."""

from __future__ import annotations

from server.protocol.shapes.screen import SeasonScreenView
from server.runtime import Runtime
from server.services import season_reads
from server.services.events import screens
from server.services.events.screens import StandingsCache
from server.services.seasons import seasons
from server.values.night import Night
from server.views.screen import night_screen, standing_line


async def season_screen(rt: Runtime, season_id: str, night: Night | None,
                        standings: StandingsCache | None = None) -> SeasonScreenView:
    """The season's screen now: `night` is tonight's (`season_screens.tonight_of`)."""
    if night is not None:
        view = night_screen(await screens.night_screen(rt, night, standings))
        season = view["season"]
        return {"season_id": season_id, "name": season["name"] if season else "",
                "night": view, "standings": []}
    book = await season_reads.cached_book(rt, season_id)
    if book is None:  # deleted while the TV showed it
        raise seasons.unknown_season(season_id)
    return {"season_id": season_id, "name": book.row.name, "night": None,
            "standings": [standing_line(line) for line in book.table]}
