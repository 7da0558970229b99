"""Game split (domain doc §5): tables of 3-5, never 1, a table of 2 only when asked."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pods.errors import SplitError
from pods.split import SplitPolicy, neighbours_together, split_tables, table_sizes

NAMES = [f"P{i}" for i in range(1, 11)]


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, (3,)),
        (4, (4,)),
        (5, (5,)),
        (6, (3, 3)),
        (7, (4, 3)),
        (8, (4, 4)),
        (9, (5, 4)),
        (10, (5, 5)),
    ],
)
def test_default_sizes_follow_the_domain_examples(players: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(players) == sizes


def test_nine_may_be_three_tables_of_three() -> None:
    assert table_sizes(9, SplitPolicy(tables=3)) == (3, 3, 3)


def test_ten_may_be_four_three_three() -> None:
    assert table_sizes(10, SplitPolicy(tables=3)) == (4, 3, 3)


def test_five_splits_three_and_two_only_when_the_host_allows_small_tables() -> None:
    with pytest.raises(SplitError):
        table_sizes(5, SplitPolicy(sizes=(3, 2)))
    assert table_sizes(5, SplitPolicy(sizes=(3, 2), allow_small=True)) == (3, 2)


def test_a_table_of_one_is_never_allowed() -> None:
    with pytest.raises(SplitError):
        table_sizes(5, SplitPolicy(sizes=(4, 1), allow_small=True))


def test_sizes_must_seat_everyone() -> None:
    with pytest.raises(SplitError, match="seat 7, not 8"):
        table_sizes(8, SplitPolicy(sizes=(4, 3)))


def test_too_few_players_is_a_clear_error() -> None:
    with pytest.raises(SplitError, match="at least 3"):
        table_sizes(2)


def test_tables_hold_at_most_five() -> None:
    with pytest.raises(SplitError, match="too big"):
        table_sizes(8, SplitPolicy(tables=1))


def test_eight_players_make_two_tables_of_four_by_seed() -> None:
    first = split_tables(NAMES[:8], random.Random(7))
    again = split_tables(NAMES[:8], random.Random(7))
    assert first == again
    assert [len(t.players) for t in first.tables] == [4, 4]
    assert sorted(p for t in first.tables for p in t.players) == sorted(NAMES[:8])
    assert [t.number for t in first.tables] == [1, 2]


def test_keeping_neighbours_apart_seats_no_draft_neighbours_together() -> None:
    split = split_tables(NAMES[:8], random.Random(3), SplitPolicy(keep_neighbours_apart=True))
    assert split.neighbours_together == 0
    seats = {p: i for i, p in enumerate(NAMES[:8])}
    for table in split.tables:
        parities = {seats[p] % 2 for p in table.players}
        assert len(parities) == 1  # with 8 seats only odd/even seats avoid all neighbours


def test_first_and_last_seats_are_neighbours() -> None:
    assert neighbours_together(["A", "B", "C", "D"], [["A", "C"], ["B", "D"]]) == 0
    assert neighbours_together(["A", "B", "C", "D"], [["A", "D"], ["B", "C"]]) == 2


def test_players_need_different_names() -> None:
    with pytest.raises(SplitError):
        split_tables(["A", "A", "B"], random.Random(1))


@given(st.integers(min_value=3, max_value=10), st.integers(), st.booleans())
def test_every_player_sits_at_exactly_one_table_of_three_to_five(
    count: int, seed: int, apart: bool
) -> None:
    split = split_tables(
        NAMES[:count], random.Random(seed), SplitPolicy(keep_neighbours_apart=apart)
    )
    seated = [p for t in split.tables for p in t.players]
    assert sorted(seated) == sorted(NAMES[:count])
    assert all(3 <= len(t.players) <= 5 for t in split.tables)
