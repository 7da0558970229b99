"""What a finished game means for the night's points: who placed where, a draw, the awards.

Why a separate value from `pods.tracker.Game`: the tracker folds taps into totals while
the game runs; a result is what the table agreed on at the end (a winner, a draw, the
order players went out, the achievements confirmed). Seasons, rounds and standings read
only results, so they never depend on how a game was tracked.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's place: 1 is the winner; players out at the same moment share a place."""

    player: str
    place: int


@dataclass(frozen=True, slots=True)
class Award:
    """An achievement the table or the host confirmed for a player, worth `points`."""

    player: str
    achievement: str
    points: int


@dataclass(frozen=True)
class GameResult:
    """A finished game.

    `placings` holds every player of the game, best place first. In a draw (the table
    agreed, or time was called) the players still in share place 1 and `draw` is true;
    players already out keep the places they went out in.
    """

    placings: tuple[Placing, ...]
    draw: bool = False
    awards: tuple[Award, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p.player for p in self.placings)

    def place_of(self, player: str) -> int:
        return next(p.place for p in self.placings if p.player == player)

    def outcome(self, player: str) -> str:
        """"win", "draw" or "loss" for `player`, as win/draw/loss scoring counts it."""
        if self.place_of(player) != 1:
            return "loss"
        return "draw" if self.draw else "win"
