"""A season's statistics as one value: what the services compute and the views shape."""

from __future__ import annotations

from dataclasses import dataclass

from pods.season_stats.cards import CardsOfSeason
from pods.season_stats.commanders import CommandersOfSeason


@dataclass(frozen=True)
class SeasonStatistics:
    season_name: str
    nights: int
    """The nights counted (every seat of them shown): the page says how many."""
    cards: CardsOfSeason
    commanders: CommandersOfSeason
