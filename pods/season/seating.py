"""Re-seating a night's players for the next round: tables by standings, no rematches.

Why tables of 4 and 3 only: Commander is played four to a table; a table of 3 is the
fallback when the count demands it, and a table of 5 (or of 2) is never dealt. So a night
of n players gets the fewest tables that hold everyone with at most one empty seat each:
6 = 3+3, 7 = 4+3, 8 = 4+4, 9 = 3+3+3, 10 = 4+3+3, 11 = 4+4+3, 12 = 4+4+4 … Only 1, 2
and 5 players cannot be seated that way (5 is neither 4+1 nor 3+2), and `SeatingError`
says so: the host then seats that round by hand (or waits for a sixth player).

Why standings first, then rematches: players on equal points should meet each other
(that is what "re-seat by standings" means), so the plain seating cuts the standings,
best first, into tables: table 1 holds the leaders. Meeting the same opponent twice in a
night is what players mind most, so when a cut puts two earlier opponents together, the
search moves players to the nearest table (in standings order) where they meet nobody
again; it backtracks when it gets stuck, and finds a rematch-free seating whenever one
exists (within a fixed budget of steps; the small nights of the property tests are
searched exhaustively). When none exists it keeps the seating with the fewest rematches.
Then swaps of two players that bring them closer to their standings' tables without
adding a rematch are made while any helps.

Why a seed: players on equal points are ordered by a seeded shuffle, so the same night,
points and seed always give the same tables (a restart replays the same round).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations

from pods.errors import PodsError

TABLE = 4
SMALL_TABLE = 3
SEARCH_BUDGET = 50_000
"""Search steps at most: a fixed count (never a clock), so a seating is reproducible.
Reached only when no rematch-free seating turns up (a night of pods that all met)."""


class SeatingError(PodsError):
    """The night's players cannot be seated at tables of 4 and 3 (or the input is bad)."""

    code = "cannot_seat"


@dataclass(frozen=True, slots=True)
class Seating:
    """The round's tables, best standings first, and how many rematches they hold."""

    tables: tuple[tuple[str, ...], ...]
    rematches: int


def table_sizes(players: int) -> tuple[int, ...]:
    """Tables of 4 then 3 for `players`: the fewest tables, never 5, never under 3."""
    if players in (1, 2, 5) or players < 1:
        raise SeatingError(
            f"{players} player(s) cannot sit at tables of {TABLE} and {SMALL_TABLE}: "
            "seat this round by hand")
    count = -(-players // TABLE)
    small = count * TABLE - players
    return (TABLE,) * (count - small) + (SMALL_TABLE,) * small


def pair(a: str, b: str) -> frozenset[str]:
    """Two players who met, in either order."""
    return frozenset((a, b))


def met_pairs(tables: Iterable[Iterable[str]]) -> set[frozenset[str]]:
    """Every pair of players who sat at one of `tables`."""
    found: set[frozenset[str]] = set()
    for table in tables:
        seated = list(table)
        found.update(pair(a, b) for i, a in enumerate(seated) for b in seated[i + 1:])
    return found


def count_rematches(tables: Iterable[Iterable[str]], met: Collection[frozenset[str]]) -> int:
    """How many pairs at `tables` already met tonight."""
    return len(met_pairs(tables) & set(met))


def standings_order(players: Iterable[str], points: Mapping[str, int],
                    seed: int | str) -> list[str]:
    """Best points first; equal points in a seeded shuffle (same seed, same order)."""
    names = sorted(players)
    random.Random(f"prismatic:seating:{seed}").shuffle(names)
    return sorted(names, key=lambda name: -points.get(name, 0))


def seat(players: Iterable[str], points: Mapping[str, int],
         met: Collection[frozenset[str]], seed: int | str) -> Seating:
    """The next round's tables for `players` (names), by `points` tonight, avoiding the
    pairs in `met`. Raises `SeatingError` for a count tables of 4 and 3 cannot seat."""
    names = list(players)
    if len(set(names)) != len(names):
        raise SeatingError("every player must have a different name")
    sizes = table_sizes(len(names))
    order = standings_order(names, points, seed)
    return _Search(order, sizes, frozenset(met)).run()


def _add(one: tuple[int, int], two: tuple[int, int]) -> tuple[int, int]:
    return one[0] + two[0], one[1] + two[1]


class _Search:
    """Branch and bound over seatings: players in standings order, each tried at the
    tables nearest its plain-cut table first, until the first rematch-free seating.
    Cost: (rematches, displacement), where displacement sums how many tables each player
    moved from the plain cut."""

    def __init__(self, order: list[str], sizes: tuple[int, ...],
                 met: frozenset[frozenset[str]]) -> None:
        self.order = order
        self.sizes = sizes
        self.met = met
        self.ideal: list[int] = []
        for number, size in enumerate(sizes):
            self.ideal.extend([number] * size)
        self.home = dict(zip(order, self.ideal, strict=True))
        """Each player's table in the plain cut of the standings."""
        self.tables: list[list[str]] = [[] for _ in sizes]
        self.best: tuple[int, int] | None = None
        self.best_tables: tuple[tuple[str, ...], ...] = ()
        self.steps = 0

    def run(self) -> Seating:
        self._place(0, 0, 0)
        assert self.best is not None
        tables = self._closer([list(table) for table in self.best_tables])
        return Seating(tuple(tuple(table) for table in tables), self.best[0])

    def _cost(self, number: int, table: list[str]) -> tuple[int, int]:
        """A table's (rematches, displacement) if it were table `number`."""
        again = sum(1 for i, a in enumerate(table) for b in table[i + 1:]
                    if pair(a, b) in self.met)
        return again, sum(abs(number - self.home[name]) for name in table)

    def _closer(self, tables: list[list[str]]) -> list[list[str]]:
        """Swap two players of different tables while a swap lowers (rematches,
        displacement); each table then lists its players in standings order."""
        while self._swap_once(tables):
            pass
        rank = {name: index for index, name in enumerate(self.order)}
        return [sorted(table, key=rank.__getitem__) for table in tables]

    def _swap_once(self, tables: list[list[str]]) -> bool:
        for first, second in combinations(range(len(tables)), 2):
            old = _add(self._cost(first, tables[first]), self._cost(second, tables[second]))
            for a in tables[first]:
                for b in tables[second]:
                    one = [b if p == a else p for p in tables[first]]
                    two = [a if p == b else p for p in tables[second]]
                    if _add(self._cost(first, one), self._cost(second, two)) < old:
                        tables[first], tables[second] = one, two
                        return True
        return False

    def _place(self, index: int, rematches: int, moved: int) -> None:
        if self.best is not None and (rematches, moved) >= self.best:
            return
        if index == len(self.order):
            self.best = (rematches, moved)
            self.best_tables = tuple(tuple(table) for table in self.tables)
            return
        player = self.order[index]
        home = self.ideal[index]
        choices = []
        for number, table in enumerate(self.tables):
            if len(table) < self.sizes[number]:
                again = sum(1 for other in table if pair(player, other) in self.met)
                choices.append((again, abs(number - home), number))
        choices.sort()
        for again, distance, number in choices:
            if self.steps >= SEARCH_BUDGET or (self.best is not None and self.best[0] == 0):
                return
            self.steps += 1
            self.tables[number].append(player)
            self._place(index + 1, rematches + again, moved + distance)
            self.tables[number].pop()
