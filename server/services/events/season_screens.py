"""A season's screen: one link a store's TV opens once, showing tonight's night of the
season whenever there is one, and the season's standings between nights.

Which night is tonight's: the season's most recently opened night, while it is open for
joining (an idle open night ends by itself, `server.services.expiry`) or for
`TONIGHT_SECONDS` after it was opened once its pods are formed (a night's pods are
never "ended": without a limit, last Friday's night's end would stay up all week).
Before the first night, and after that, the TV shows the season's standings.

Why the screen asks again every few seconds (`FOLLOW_SECONDS`) rather than waiting for
a message: the host opens tonight's night from any process of a cluster, and one indexed
read of the season's newest night is cheaper than a channel every process must relay.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from server.db import event_repo, repo, season_repo
from server.db.tables import EventRow, SeasonRow
from server.runtime import Runtime
from server.services.events.screen_tokens import opens_season_screen

TONIGHT_SECONDS = 18 * 3600.0
"""How long a night whose pods are formed stays tonight's: a night opened in the
afternoon and played past midnight is still on, and it is gone by the next afternoon."""

FOLLOW_SECONDS = 3.0
"""How often a season's screen looks for a newly opened night."""


async def season_of_screen(rt: Runtime, season_id: str, token: str) -> SeasonRow | None:
    """The season whose screen token is `token`, or None (an unknown season and a wrong
    token look the same to the caller)."""
    if not token:
        return None
    row = await rt.read(lambda session: season_repo.get_season(session, season_id))
    return row if row is not None and opens_season_screen(token, row.host_token_hash) else None


def is_tonight(row: EventRow, now: datetime) -> bool:
    """Whether the season's newest night is still the one its screen shows."""
    if row.phase == "open":
        return True
    opened = repo.as_utc(row.created_at)
    return (row.phase != "ended" and opened is not None
            and now - opened < timedelta(seconds=TONIGHT_SECONDS))


async def tonight_of(rt: Runtime, season_id: str) -> str | None:
    """The id of the night the season's screen shows now, or None between nights."""
    row = await rt.read(lambda session: event_repo.newest_event_of_season(session, season_id))
    return row.id if row is not None and is_tonight(row, rt.now()) else None
