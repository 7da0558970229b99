"""How decks did in their games: games, average place, win rate, and the threshold.

Why a threshold with a value of its own: three games won out of three reads like a 100 %
card, and a regular deciding between two cards would believe it. Below `MIN_GAMES` games a
figure is `TOO_FEW_GAMES`, which no table can sort as a number or print as one.

A win is first place in a game that was not a draw (`pods.results.GameResult.outcome`); a
draw's shared first place counts in the average place, not as a win.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from pods.results import GameResult

MIN_GAMES = 10
"""Fewer games than this: the average place and the win rate say "too few games"."""


class Verdict(Enum):
    TOO_FEW_GAMES = "too few games"


TOO_FEW_GAMES = Verdict.TOO_FEW_GAMES
Figure = float | Literal[Verdict.TOO_FEW_GAMES]


@dataclass
class Tally:
    """Games of some decks, added one placing at a time."""

    decks: int = 0
    games: int = 0
    wins: int = 0
    place_total: int = 0
    places: dict[int, int] = field(default_factory=dict)

    def add_games(self, games: list[tuple[int, bool]]) -> None:
        """Add a deck's games: (place, won) each (`placings_by_player`)."""
        for place, won in games:
            self.games += 1
            self.place_total += place
            self.places[place] = self.places.get(place, 0) + 1
            self.wins += won

    def outcome(self, min_games: int = MIN_GAMES) -> Outcome:
        enough = self.games >= min_games
        return Outcome(
            self.decks, self.games,
            self.place_total / self.games if enough else TOO_FEW_GAMES,
            self.wins / self.games if enough else TOO_FEW_GAMES,
            tuple(sorted(self.places.items())))


def placings_by_player(games: Iterable[GameResult]) -> dict[str, list[tuple[int, bool]]]:
    """Each player's (place, won) in `games`, read once per night rather than per deck."""
    found: dict[str, list[tuple[int, bool]]] = {}
    for game in games:
        for placing in game.placings:
            won = placing.place == 1 and not game.draw
            found.setdefault(placing.player, []).append((placing.place, won))
    return found


@dataclass(frozen=True, slots=True)
class Outcome:
    """The games of some decks: how many decks and games, and (from `MIN_GAMES` games)
    the average place and the share of games won; `places` counts games per place."""

    decks: int
    games: int
    average_place: Figure
    win_rate: Figure
    places: tuple[tuple[int, int], ...] = ()
