"""Seating: a seeded shuffle, or, with bots, the people spread as evenly as they can be."""

from __future__ import annotations

import random

import pytest

from draft.engine import seat_players, start
from draft.replay import replay
from draft.state import DraftConfig

SEATS = 8


def table(people: int) -> tuple[list[str], list[str]]:
    humans = [f"Person {i}" for i in range(people)]
    bots = [f"Bot {i}" for i in range(SEATS - people)]
    return humans + bots, bots


def gaps(order: tuple[str, ...], bots: list[str]) -> list[int]:
    """Seats from each person to the next one round the table."""
    at = [i for i, name in enumerate(order) if name not in bots]
    return [(at[(k + 1) % len(at)] - at[k]) % len(order) or len(order) for k in range(len(at))]


def bots_side_by_side(order: tuple[str, ...], bots: list[str]) -> int:
    return sum(1 for i in range(len(order))
               if order[i] in bots and order[(i + 1) % len(order)] in bots)


@pytest.mark.parametrize("people", range(1, SEATS + 1))
@pytest.mark.parametrize("seed", [0, 1, 7, 2**40])
def test_people_sit_as_evenly_as_their_count_allows(people: int, seed: int) -> None:
    players, bots = table(people)
    order = seat_players(players, seed, bots)
    assert sorted(order) == sorted(players)
    spacing = gaps(order, bots)
    assert max(spacing) - min(spacing) <= 1
    if people >= SEATS - people:
        assert bots_side_by_side(order, bots) == 0
    else:  # every bot run is as short as it can be
        longest = -(-(SEATS - people) // people)
        assert max(spacing) - 1 <= longest


def test_four_people_and_four_bots_alternate() -> None:
    players, bots = table(4)
    for seed in range(20):
        order = seat_players(players, seed, bots)
        assert all((order[i] in bots) != (order[i + 1] in bots) for i in range(SEATS - 1))


def test_the_spread_seating_is_seeded() -> None:
    players, bots = table(5)
    assert seat_players(players, 3, bots) == seat_players(players, 3, bots)
    assert len({seat_players(players, seed, bots) for seed in range(30)}) > 10


def test_without_bots_the_seating_is_the_old_seeded_shuffle() -> None:
    players, _ = table(5)
    order = list(players)
    random.Random("prismatic:9:seating").shuffle(order)
    assert seat_players(players, 9) == tuple(order)
    assert seat_players(players, 9, ()) == tuple(order)


def test_a_table_of_only_people_or_only_bots_is_shuffled_as_before() -> None:
    players, _ = table(SEATS)
    assert seat_players(players, 4, ["nobody here"]) == seat_players(players, 4)
    assert seat_players(players, 4, players) == seat_players(players, 4)


def test_replay_with_the_bots_seats_the_same_table() -> None:
    players, bots = table(3)
    config = DraftConfig("CMR", SEATS)
    first = start(config, players, 11, bots=bots)
    assert replay(config, 11, players, [], bots=bots).seats == first.seats
    assert [s.player for s in first.seats] == list(seat_players(players, 11, bots))
