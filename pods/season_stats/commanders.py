"""Commanders and colors of the season: how each commander line and each color identity did.

A commander line is a deck's commanders as one key (`pods.season_stats.inputs.commander_key`):
a Piper or Faceless One by its chosen color ("The Prismatic Piper (red)"), a partner or
Background pair as the pair. A color identity is the deck's, in WUBRG order ("" for
colorless). Only decks a person submitted count; bots build none.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pods.season_stats.inputs import StatsNight, commander_key
from pods.season_stats.outcomes import MIN_GAMES, Outcome, Tally, placings_by_player


@dataclass(frozen=True, slots=True)
class LineFigures:
    """One commander line or one color identity: its decks and how they did."""

    key: str
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class CommandersOfSeason:
    commanders: tuple[LineFigures, ...]
    identities: tuple[LineFigures, ...]
    baseline: Outcome


def commanders_of_season(nights: Iterable[StatsNight],
                         min_games: int = MIN_GAMES) -> CommandersOfSeason:
    commanders: dict[str, Tally] = {}
    identities: dict[str, Tally] = {}
    baseline = Tally()
    for night in nights:
        placings = placings_by_player(night.games)
        for pod in night.pods:
            for seat in pod.seats:
                if seat.bot or seat.deck is None:
                    continue
                for tally in (commanders.setdefault(commander_key(seat.deck.commanders),
                                                    Tally()),
                              identities.setdefault(seat.deck.identity, Tally()), baseline):
                    tally.decks += 1
                    tally.add_games(placings.get(seat.player, []))
    return CommandersOfSeason(_lines(commanders, min_games), _lines(identities, min_games),
                             baseline.outcome(min_games))


def _lines(tallies: dict[str, Tally], min_games: int) -> tuple[LineFigures, ...]:
    """Most decks first, then by key."""
    return tuple(LineFigures(key, tally.outcome(min_games)) for key, tally in
                 sorted(tallies.items(), key=lambda item: (-item[1].decks, item[0])))
