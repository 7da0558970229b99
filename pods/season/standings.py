"""Standings: who leads a night or a season, with the tie-breakers in their documented order.

Order (docs/seasons.md): points, then wins, then the average points of the opponents met,
then head-to-head among the players still level. Players level on all four share a rank
("1, 2, 2, 4"), listed by name so the table reads the same on every screen.

Why the opponents' average: a player who met the night's strongest tables earned their
points harder. It counts each opponent once per game met, so meeting a leader twice
weighs twice, as it was twice as hard.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pods.results import GameResult
from pods.season.scoring import Scheme


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


@dataclass
class _Tally:
    points: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0


def standings(results: Iterable[GameResult], scheme: Scheme) -> list[Standing]:
    """The standings over `results`, whose players are the keys to rank (names, ids)."""
    played = list(results)
    tallies: dict[str, _Tally] = defaultdict(_Tally)
    met: dict[str, list[str]] = defaultdict(list)
    for result in played:
        points = scheme.for_game(result)
        for player in result.players:
            tally = tallies[player]
            tally.points += points[player]
            tally.games += 1
            outcome = result.outcome(player)
            tally.wins += outcome == "win"
            tally.draws += outcome == "draw"
            met[player].extend(p for p in result.players if p != player)
    average = {
        player: (sum(tallies[o].points for o in met[player]) / len(met[player])
                 if met[player] else 0.0)
        for player in tallies
    }

    def level(player: str) -> tuple[int, int, float]:
        tally = tallies[player]
        return (tally.points, tally.wins, round(average[player], 9))

    by_level: dict[tuple[int, int, float], list[str]] = defaultdict(list)
    for player in tallies:
        by_level[level(player)].append(player)
    record: dict[str, int] = {}
    for group in by_level.values():
        record.update(_head_to_head_records(group, played))

    def key(player: str) -> tuple[int, int, float, int]:
        return (*level(player), record[player])

    ordered = sorted(sorted(tallies), key=key, reverse=True)
    lines: list[Standing] = []
    for index, player in enumerate(ordered):
        previous = lines[-1] if lines else None
        tally = tallies[player]
        lines.append(Standing(
            rank=previous.rank if previous and key(previous.player) == key(player) else index + 1,
            player=player, points=tally.points, games=tally.games, wins=tally.wins,
            draws=tally.draws, opponents_average=round(average[player], 2)))
    return lines


def _head_to_head(a: str, b: str, results: Sequence[GameResult]) -> int:
    """Games where `a` placed above `b`, minus games where `b` placed above `a`."""
    score = 0
    for result in results:
        players = result.players
        if a in players and b in players:
            place_a, place_b = result.place_of(a), result.place_of(b)
            score += (place_a < place_b) - (place_b < place_a)
    return score


def _head_to_head_records(level: list[str], results: Sequence[GameResult]) -> dict[str, int]:
    """Each player's head-to-head record against the others level with them."""
    return {p: sum(_head_to_head(p, o, results) for o in level if o != p) for p in level}
