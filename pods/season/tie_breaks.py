"""The tie-breakers after points and wins: the opponents' average and head-to-head.

Why one pass over the games each: a season file may hold thousands of games and players
who all tie, so comparing every pair of level players over every game (pairs × games)
made one read cost seconds. Both breakers here are sums over each game's own table, so
their cost is games × players at a table, however many players are level.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping

from pods.results import GameResult, Placing


def opponents_average(results: Iterable[GameResult],
                      points: Mapping[str, int]) -> dict[str, float]:
    """Each player's opponents' season points, averaged over every opponent of every game
    (an opponent met twice weighs twice); 0.0 for a player who met nobody."""
    total: dict[str, int] = defaultdict(int)
    met: dict[str, int] = defaultdict(int)
    for result in results:
        placings = result.placings
        scored = [points[placing.player] for placing in placings]
        table = sum(scored)
        others = len(placings) - 1
        for placing, own in zip(placings, scored, strict=True):
            total[placing.player] += table - own
            met[placing.player] += others
    return {player: (total[player] / met[player] if met[player] else 0.0)
            for player in points}


def head_to_head(results: Iterable[GameResult],
                 level: Callable[[str], Hashable]) -> dict[str, int]:
    """Each player's record against the players `level` with them: over every game, the
    level opponents they placed above, minus those who placed above them."""
    record: dict[str, int] = defaultdict(int)
    for result in results:
        placings = result.placings
        levels = [level(placing.player) for placing in placings]
        if len(set(levels)) == len(levels):
            continue  # nobody at this table is level with another: no record changes
        groups: dict[Hashable, list[Placing]] = defaultdict(list)
        for placing, key in zip(placings, levels, strict=True):
            groups[key].append(placing)
        for group in groups.values():
            if len(group) < 2:
                continue
            places = sorted(placing.place for placing in group)
            for placing in group:
                above = bisect_left(places, placing.place)
                below = len(places) - bisect_right(places, placing.place)
                record[placing.player] += below - above
    return record
