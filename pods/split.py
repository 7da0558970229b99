"""Splitting the pod into game tables after the draft (domain doc §5).

Why these defaults: Commander is best with four, playable with three or five; a table of
two is a duel the host must ask for, and a table of one is no game. So by default we use
the fewest tables of at most five, as even as possible: 8 -> 4+4, 7 -> 4+3, 6 -> 3+3,
5 -> 5, 9 -> 5+4, 10 -> 5+5. The host may ask for more tables (9 -> 3+3+3, 10 -> 4+3+3)
or exact sizes (5 -> 3+2 with `allow_small`). Seats are random from the given `rng`;
"keep neighbours apart" avoids seating draft neighbours (adjacent in seat order,
wrapping around) at the same table, since they already fought over the same packs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pods.errors import SplitError

MAX_TABLE = 5
MIN_TABLE = 3
MIN_SMALL_TABLE = 2
SEARCH_ATTEMPTS = 2000


@dataclass(frozen=True, slots=True)
class Table:
    """One game: its number (from 1) and its players in seat order."""

    number: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SplitPolicy:
    """The host's choices: exact sizes or a table count, small tables, neighbours apart."""

    sizes: tuple[int, ...] | None = None
    tables: int | None = None
    allow_small: bool = False
    keep_neighbours_apart: bool = False


@dataclass(frozen=True, slots=True)
class TableSplit:
    """The tables, and how many draft-neighbour pairs share a table (0 when kept apart)."""

    tables: tuple[Table, ...]
    neighbours_together: int


def table_sizes(players: int, policy: SplitPolicy | None = None) -> tuple[int, ...]:
    """The table sizes for this many players, largest first; `SplitError` if impossible."""
    policy = policy or SplitPolicy()
    smallest = MIN_SMALL_TABLE if policy.allow_small else MIN_TABLE
    if policy.sizes is not None:
        sizes = tuple(sorted(policy.sizes, reverse=True))
        if sum(sizes) != players:
            raise SplitError(f"table sizes {policy.sizes} seat {sum(sizes)}, not {players}")
    else:
        if players < smallest:
            raise SplitError(
                f"{players} player(s) cannot make a table; a table needs at least {smallest}"
            )
        count = policy.tables or -(-players // MAX_TABLE)
        if count < 1:
            raise SplitError(f"cannot split into {count} tables")
        base, extra = divmod(players, count)
        sizes = tuple(base + 1 if i < extra else base for i in range(count))
    for size in sizes:
        if size > MAX_TABLE:
            raise SplitError(f"a table of {size} is too big; tables hold at most {MAX_TABLE}")
        if size < smallest:
            hint = "" if policy.allow_small or size < MIN_SMALL_TABLE else " unless allowed"
            raise SplitError(
                f"a table of {size} is too small; tables need at least {smallest}{hint}"
            )
    return sizes


def split_tables(
    players: Sequence[str], rng: random.Random, policy: SplitPolicy | None = None
) -> TableSplit:
    """Random tables for `players` (given in draft seat order) under the host's policy."""
    policy = policy or SplitPolicy()
    if len(set(players)) != len(players):
        raise SplitError("every player must have a different name")
    sizes = table_sizes(len(players), policy)
    attempts = SEARCH_ATTEMPTS if policy.keep_neighbours_apart and len(sizes) > 1 else 1
    best: tuple[tuple[str, ...], ...] | None = None
    best_score = len(players) + 1
    for _ in range(attempts):
        order = list(players)
        rng.shuffle(order)
        tables = _cut(order, sizes)
        score = neighbours_together(players, tables)
        if score < best_score:
            best, best_score = tables, score
        if score == 0:
            break
    assert best is not None
    numbered = tuple(Table(i, seats) for i, seats in enumerate(best, start=1))
    return TableSplit(numbered, neighbours_together(players, best))


def neighbours_together(seat_order: Sequence[str], tables: Sequence[Sequence[str]]) -> int:
    """How many adjacent draft seats (wrapping around) ended up at the same table."""
    table_of = {player: i for i, table in enumerate(tables) for player in table}
    count = len(seat_order)
    if count < 2:
        return 0
    pairs = {frozenset((seat_order[i], seat_order[(i + 1) % count])) for i in range(count)}
    return sum(1 for pair in pairs if len({table_of[p] for p in pair}) == 1)


def _cut(order: list[str], sizes: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    tables: list[tuple[str, ...]] = []
    start = 0
    for size in sizes:
        tables.append(tuple(order[start : start + size]))
        start += size
    return tuple(tables)
