"""A finished game whose result waits for a confirmation: shown beside a season's
standings, counted in none of their lines (`pods.game_end.Ending.counts`)."""

from __future__ import annotations

from dataclasses import dataclass

from pods.results import GameResult


@dataclass(frozen=True)
class PendingGame:
    """A finished game whose result waits for a confirmation (or, `disputed`, for the
    host's word): shown beside the standings, counted in none of their lines."""

    round: int
    table: int
    number: int
    result: GameResult
    """Players by name, like every result of `night_games`."""
    disputed: bool
