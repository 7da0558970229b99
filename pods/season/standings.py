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

    Cost: three passes over the games, each over the game's own table (the tallies,
    then the two breakers of `pods.season.tie_breaks`), then one sort of the players.
    A game's points are looked up by place (`Scheme.by_place`), not built per game by
    name, unless awards or a name placed twice need `Scheme.for_game`."""
    played = list(results)
    tallies: dict[str, _Tally] = defaultdict(_Tally)
    by_draw = {draw: scheme.by_place(draw) for draw in (False, True)}
    for result in played:
        placings, draw = result.placings, result.draw
        by_name = (scheme.for_game(result)  # awards, or one name placed twice: by name
                   if result.awards or len({p.player for p in placings}) != len(placings)
                   else None)
        by_place, other = by_draw[draw]
        for placing in placings:
            tally = tallies[placing.player]
            tally.points += (by_place.get(placing.place, other) if by_name is None
                             else by_name[placing.player])
            tally.games += 1
            if placing.place == 1:
                if draw:
                    tally.draws += 1
                else:
                    tally.wins += 1
    average = opponents_average(played, {p: t.points for p, t in tallies.items()})

    levels = {player: (tally.points, tally.wins, round(average[player], 9))
              for player, tally in tallies.items()}
    record = head_to_head(played, levels.__getitem__)
    keys = {player: (*level, record.get(player, 0)) for player, level in levels.items()}
    ordered = sorted(sorted(tallies), key=keys.__getitem__, reverse=True)
    lines: list[Standing] = []
    rank, above = 0, None
    for index, player in enumerate(ordered, start=1):
        if keys[player] != above:  # level on all four with the line above: its rank
            rank, above = index, keys[player]
        tally = tallies[player]
        lines.append(Standing(
            rank=rank, player=player, points=tally.points, games=tally.games, wins=tally.wins,
            draws=tally.draws, opponents_average=round(average[player], 2),
            head_to_head=record.get(player, 0)))
    return lines
