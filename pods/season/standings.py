"""Standings: who leads a night or a season, with the tie-breakers in their documented order.

Order (docs/seasons.md): points, then wins, then the average points of the opponents met,
then head-to-head among the players still level (`pods.season.tie_breaks`). Players
level on all four share a rank ("1, 2, 2, 4"), listed by name so the table reads the same
on every screen.

Why the opponents' average: a player who met the night's strongest tables earned their
points harder. It counts each opponent once per game met, so meeting a leader twice
weighs twice, as it was twice as hard.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from pods.results import GameResult
from pods.season.scoring import Scheme
from pods.season.tie_breaks import head_to_head, opponents_average


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings. `player` is whatever key the results use."""

    rank: int
    player: str
    points: int
    games: int
    wins: int
    draws: int
    opponents_average: float
    head_to_head: int = 0
    """Games placed above minus below the players level with them on the tie-breaks
    before it (0 with nobody level): the last tie-break, shown so the table explains it."""


@dataclass
class _Tally:
    points: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0


def standings(results: Iterable[GameResult], scheme: Scheme) -> list[Standing]:
    """The standings over `results`, whose players are the keys to rank (names, ids).

    Cost: two passes over the games, each over the game's own table
    (`pods.season.tie_breaks`), then one sort of the players."""
    played = list(results)
    tallies: dict[str, _Tally] = defaultdict(_Tally)
    for result in played:
        points = scheme.for_game(result)
        for placing in result.placings:
            tally = tallies[placing.player]
            tally.points += points[placing.player]
            tally.games += 1
            if placing.place == 1:
                tally.wins += not result.draw
                tally.draws += result.draw
    average = opponents_average(played, {p: t.points for p, t in tallies.items()})

    def level(player: str) -> tuple[int, int, float]:
        tally = tallies[player]
        return (tally.points, tally.wins, round(average[player], 9))

    levels = {player: level(player) for player in tallies}
    record = head_to_head(played, levels.__getitem__)

    def key(player: str) -> tuple[int, int, float, int]:
        return (*levels[player], record.get(player, 0))

    ordered = sorted(sorted(tallies), key=key, reverse=True)
    lines: list[Standing] = []
    for index, player in enumerate(ordered):
        previous = lines[-1] if lines else None
        tally = tallies[player]
        lines.append(Standing(
            rank=previous.rank if previous and key(previous.player) == key(player) else index + 1,
            player=player, points=tally.points, games=tally.games, wins=tally.wins,
            draws=tally.draws, opponents_average=round(average[player], 2),
            head_to_head=record.get(player, 0)))
    return lines
