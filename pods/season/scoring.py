"""The season's scoring scheme: how many points a game's result is worth to each player.

Why two schemes: stores keep score either the way TopDeck's multiplayer events do
(win 5, draw 1, loss 0) or by place at the table (4/3/2/1). A season uses one scheme for
every night, so points from different nights add up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from pods.results import GameResult

MAX_POINTS = 100
"""Points for one outcome, place or achievement; more is a typo, never a store's scheme."""


class Scoring(Enum):
    WIN_DRAW_LOSS = "win-draw-loss"
    PLACEMENT = "placement"


DEFAULT_POINTS: Mapping[Scoring, Mapping[str, int]] = MappingProxyType({
    Scoring.WIN_DRAW_LOSS: MappingProxyType({"win": 5, "draw": 1, "loss": 0}),
    Scoring.PLACEMENT: MappingProxyType({"1": 4, "2": 3, "3": 2, "4": 1}),
})


class SchemeError(ValueError):
    """A scheme a season cannot use; the message says which key is wrong."""

    code = "bad_scoring"


@dataclass(frozen=True)
class Scheme:
    """One season's scoring: the kind and the points of each outcome or place."""

    scoring: Scoring = Scoring.WIN_DRAW_LOSS
    points: Mapping[str, int] = field(
        default_factory=lambda: DEFAULT_POINTS[Scoring.WIN_DRAW_LOSS])

    @classmethod
    def parse(cls, scoring: str, points: Mapping[str, object] | None = None) -> Scheme:
        """The scheme a host asked for: the defaults, with any of their keys overridden."""
        try:
            kind = Scoring(scoring)
        except ValueError:
            raise SchemeError(f"scoring is one of {[s.value for s in Scoring]}") from None
        chosen = dict(DEFAULT_POINTS[kind])
        for key, value in (points or {}).items():
            if key not in chosen:
                raise SchemeError(f"{kind.value} scores {sorted(chosen)}, not {key!r}")
            if type(value) is not int or not 0 <= value <= MAX_POINTS:
                raise SchemeError(f"points for {key!r} are a whole number 0–{MAX_POINTS}")
            chosen[key] = value
        return cls(kind, MappingProxyType(chosen))

    def for_player(self, result: GameResult, player: str) -> int:
        """The player's points for the game, confirmed achievements included."""
        if self.scoring is Scoring.WIN_DRAW_LOSS:
            base = self.points[result.outcome(player)]
        else:
            base = self.points.get(str(result.place_of(player)), 0)
        return base + sum(a.points for a in result.awards if a.player == player)

    def by_place(self, draw: bool) -> tuple[dict[int, int], int]:
        """The points of each place in a game (a draw or not), before awards, and of any
        place not listed: `for_game`'s points as a lookup by place, made once for the
        thousands of games of a season's standings."""
        if self.scoring is Scoring.WIN_DRAW_LOSS:
            return {1: self.points["draw" if draw else "win"]}, self.points["loss"]
        return {int(place): points for place, points in self.points.items()}, 0

    def for_game(self, result: GameResult) -> dict[str, int]:
        """Every player's points for the game, in one pass over its placings and awards
        (equal to `for_player` for each)."""
        points: dict[str, int] = {}
        for placing in result.placings:
            if placing.player in points:
                continue  # a player is placed once; `place_of` reads the first placing
            if self.scoring is Scoring.WIN_DRAW_LOSS:
                outcome = "loss" if placing.place != 1 else ("draw" if result.draw else "win")
                points[placing.player] = self.points[outcome]
            else:
                points[placing.player] = self.points.get(str(placing.place), 0)
        for award in result.awards:
            if award.player in points:
                points[award.player] += award.points
        return points
