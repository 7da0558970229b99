"""Re-seating for the next round: tables of 4 and 3, everyone once, standings, no rematches."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pods.season.seating import (
    Seating,
    SeatingError,
    count_rematches,
    met_pairs,
    pair,
    seat,
    table_sizes,
)

SEATABLE = [n for n in range(3, 40) if n != 5]


@st.composite
def nights(draw: st.DrawFn, smallest: int = 3, largest: int = 24) -> tuple[
        list[str], dict[str, int], set[frozenset[str]], int]:
    """A night: names, points tonight, pairs who met, and a seed."""
    count = draw(st.sampled_from([n for n in SEATABLE if smallest <= n <= largest]))
    names = [f"p{i}" for i in range(count)]
    points = {name: draw(st.integers(0, 10)) for name in names}
    possible = list(combinations(names, 2))
    chosen = draw(st.lists(st.sampled_from(possible), max_size=3 * count)) if possible else []
    return names, points, {pair(a, b) for a, b in chosen}, draw(st.integers(0, 2**32))


def _partitions(players: list[str], sizes: tuple[int, ...]) -> list[list[tuple[str, ...]]]:
    """Every way to cut `players` into tables of `sizes` (tables of one size unordered):
    the first player sits at a table of each size in turn, the rest are cut likewise."""
    if not sizes:
        return [[]]
    first, rest = players[0], players[1:]
    found = []
    for size in sorted(set(sizes)):
        left_sizes = list(sizes)
        left_sizes.remove(size)
        for others in combinations(rest, size - 1):
            left = [p for p in rest if p not in others]
            for tail in _partitions(left, tuple(left_sizes)):
                found.append([(first, *others), *tail])
    return found


@pytest.mark.parametrize("players", [0, 1, 2, 5])
def test_counts_that_tables_of_four_and_three_cannot_hold_are_refused(players: int) -> None:
    with pytest.raises(SeatingError, match="cannot sit at tables of 4 and 3"):
        seat([f"p{i}" for i in range(players)], {}, set(), 1)


@pytest.mark.parametrize(("players", "sizes"), [
    (3, (3,)), (4, (4,)), (6, (3, 3)), (7, (4, 3)), (8, (4, 4)), (9, (3, 3, 3)),
    (10, (4, 3, 3)), (11, (4, 4, 3)), (12, (4, 4, 4)), (13, (4, 3, 3, 3))])
def test_the_fewest_tables_of_four_and_three(players: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(players) == sizes


def test_two_players_of_one_name_are_refused() -> None:
    with pytest.raises(SeatingError, match="different name"):
        seat(["ann", "ann", "bo", "cy"], {}, set(), 1)


def test_leaders_sit_together_at_table_one() -> None:
    points = {"a": 5, "b": 5, "c": 5, "d": 5, "e": 0, "f": 0, "g": 0, "h": 0}
    seating = seat(list(points), points, set(), 7)
    assert set(seating.tables[0]) == {"a", "b", "c", "d"}


def test_a_rematch_is_moved_to_the_nearest_table() -> None:
    points = {"a": 5, "b": 5, "c": 5, "d": 5, "e": 0, "f": 0, "g": 0, "h": 0}
    seating = seat(list(points), points, {pair("a", "b")}, 7)
    assert seating.rematches == 0
    assert not any({"a", "b"} <= set(table) for table in seating.tables)


def test_when_every_seating_has_a_rematch_the_fewest_are_kept() -> None:
    names = ["a", "b", "c", "d"]
    seating = seat(names, {}, met_pairs([["a", "b"]]), 3)
    assert seating == Seating((seating.tables[0],), 1)


@settings(max_examples=150)
@given(nights())
def test_every_player_sits_exactly_once_at_a_table_of_three_or_four(night: tuple) -> None:
    names, points, met, seed = night
    seating = seat(names, points, met, seed)
    seated = [name for table in seating.tables for name in table]
    assert sorted(seated) == sorted(names)
    assert all(3 <= len(table) <= 4 for table in seating.tables)
    assert seating.rematches == count_rematches(seating.tables, met)


@settings(max_examples=100)
@given(nights())
def test_the_same_night_and_seed_give_the_same_tables(night: tuple) -> None:
    names, points, met, seed = night
    assert seat(names, points, met, seed) == seat(list(reversed(names)), dict(points),
                                                  set(met), seed)


@settings(max_examples=150)
@given(nights(largest=8))
def test_rematches_are_avoided_whenever_a_rematch_free_seating_exists(night: tuple) -> None:
    names, points, met, seed = night
    seating = seat(names, points, met, seed)
    fewest = min(count_rematches(tables, met)
                 for tables in _partitions(names, table_sizes(len(names))))
    assert seating.rematches == fewest


@settings(max_examples=100)
@given(nights())
def test_without_earlier_opponents_tables_follow_the_standings(night: tuple) -> None:
    names, points, _met, seed = night
    seating = seat(names, points, set(), seed)
    ranked = [points[name] for table in seating.tables for name in table]
    assert ranked == sorted(ranked, reverse=True)


def test_the_brute_force_tries_the_first_player_at_every_table_size() -> None:
    """Found by the property above: a brute force that sat the first player only at a
    table of 4 missed the seating that puts them, at a table of 3, with nobody they met."""
    names = [f"p{i}" for i in range(7)]
    assert len(_partitions(names, (4, 3))) == 35  # 7 choose 4
    met = {pair("p0", other) for other in ("p1", "p2", "p3", "p4")}
    fewest = min(count_rematches(tables, met) for tables in _partitions(names, (4, 3)))
    assert fewest == 0 == seat(names, dict.fromkeys(names, 0), met, 0).rematches
