"""A season's book as read (`server.services.seasons.season_book.read_book`): its nights,
their results and what waits for a confirmation, its roster and its standings; the
season's views shape it (`server.views.season`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from pods.achievements import Achievement, from_json
from pods.results import GameResult
from pods.season.pending import PendingGame
from pods.season.roster import Roster
from pods.season.scoring import Scheme
from pods.season.standings import Standing
from server.db.tables import SeasonRow


@dataclass(frozen=True)
class BookNight:
    """One night of the season, its results with the names its players used that night."""

    held_at: datetime
    event_id: str | None
    results: list[GameResult]
    """The results that count (confirmed, or stored before confirmations counted)."""
    pending: list[PendingGame] = field(default_factory=list)
    """Games waiting for a confirmation: listed, not counted (an imported night has none)."""


@dataclass(frozen=True)
class SeasonBook:
    row: SeasonRow
    scheme: Scheme
    nights: list[BookNight]
    roster: Roster
    results: list[GameResult]
    """Every game of every night, players by their season names."""
    alias_names: dict[str, str]
    """Each stored alias's skeleton → the name as it was spelled when stored."""
    table: list[Standing]
    """The season's standings, computed with the read (off the event loop: head-to-head
    among many level players is quadratic in them)."""

    @property
    def achievements(self) -> tuple[Achievement, ...]:
        """The achievements the season's host defined (a night offers some of them)."""
        return from_json(json.loads(self.row.achievements_json))
