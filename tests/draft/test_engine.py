"""The rules of a Commander Draft table, one fact per test."""

from __future__ import annotations

import random

import pytest

from draft.bots import FirstCardsBot
from draft.changes import DraftFinished, PackEmptied, PackPassed, PickMade, RoundStarted
from draft.engine import (
    auto_pick,
    passed_from,
    pick,
    seat_players,
    start,
    view_for,
    waiting_on,
    waiting_on_all,
)
from draft.errors import (
    CardNotInPackError,
    ConfigError,
    DraftOverError,
    DuplicateCardError,
    NoPackError,
    UnknownSeatError,
    WrongPickCountError,
)
from draft.state import DraftConfig
from tests.draft.builders import new_draft, players, run_to_end


def first_two(state, seat):  # type: ignore[no-untyped-def]
    pack = state.current_pack(seat)
    return pack.cards[:2]


def test_every_seat_opens_its_own_20_card_pack() -> None:
    state = new_draft()
    for seat in state.seats:
        assert seat.queue == (seat.index,)
        assert len(state.packs[seat.index].cards) == 20


def test_a_draft_opens_three_packs_per_seat_up_front() -> None:
    state = new_draft(seats=6)
    assert len(state.packs) == 18
    assert [p.round for p in state.packs] == [1] * 6 + [2] * 6 + [3] * 6


def test_seating_is_a_seeded_shuffle_of_the_players() -> None:
    names = players(8)
    assert seat_players(names, 3) == seat_players(names, 3)
    assert sorted(seat_players(names, 3)) == sorted(names)
    assert any(seat_players(names, seed) != tuple(names) for seed in range(5))


def test_a_pick_takes_two_cards_into_the_pool() -> None:
    state = new_draft()
    taken = first_two(state, 0)
    state, changes = pick(state, 0, taken)
    assert state.seats[0].pool == taken
    assert isinstance(changes[0], PickMade) and changes[0].cards == taken


def test_pack_one_passes_left() -> None:
    state = new_draft()
    state, changes = pick(state, 0, first_two(state, 0))
    assert PackPassed(pack_id=0, from_seat=0, to_seat=1) in changes
    assert state.seats[1].queue == (1, 0)


def test_the_last_seat_passes_left_to_the_first() -> None:
    state = new_draft()
    state, _ = pick(state, 7, first_two(state, 7))
    assert state.seats[0].queue == (0, 7)


def test_pack_two_passes_right() -> None:
    state = new_draft()
    state = advance_to_round(state, 2)
    pack_of_seat_0 = state.seats[0].queue[0]
    state, changes = pick(state, 0, first_two(state, 0))
    assert PackPassed(pack_id=pack_of_seat_0, from_seat=0, to_seat=7) in changes


def test_pack_three_passes_left_again() -> None:
    state = advance_to_round(new_draft(), 3)
    state, changes = pick(state, 3, first_two(state, 3))
    assert any(isinstance(c, PackPassed) and c.to_seat == 4 for c in changes)


def advance_to_round(state, round_number):  # type: ignore[no-untyped-def]
    bot = FirstCardsBot()
    while state.round < round_number:
        for seat in range(state.config.seats):
            if state.seats[seat].queue and state.round < round_number:
                state, _ = auto_pick(state, seat, bot)
    return state


def test_a_fast_picker_can_hold_several_packs() -> None:
    state = new_draft()
    state, _ = pick(state, 0, first_two(state, 0))
    state, _ = pick(state, 7, first_two(state, 7))
    assert len(state.seats[1].queue) == 2
    view = view_for(state, 1)
    assert view.packs_waiting == 1


def test_a_seat_with_no_pack_waits_on_its_upstream_neighbour() -> None:
    state = new_draft(seats=2)
    state, _ = pick(state, 0, first_two(state, 0))
    assert state.seats[0].queue == ()
    view = view_for(state, 0)
    assert view.pack is None
    assert view.waiting_on == 1 == waiting_on(state, 0)


@pytest.mark.parametrize("seats", range(2, 9))
def test_the_whole_table_s_waiting_on_is_each_seat_s(seats: int) -> None:
    """Through a whole draft, one seat picking at a time in a seeded order (so seats
    hold several packs, one, or none; every round's direction), for every seat."""
    order = random.Random(seats)
    state = new_draft(seats=seats)
    while not state.finished:
        everyone = waiting_on_all(state)
        assert everyone == tuple(waiting_on(state, seat) for seat in range(seats))
        holding = [seat.index for seat in state.seats if seat.queue]
        state, _ = auto_pick(state, order.choice(holding), FirstCardsBot())
    assert waiting_on_all(state) == tuple(waiting_on(state, seat) for seat in range(seats))


def test_the_next_round_opens_only_after_every_pack_is_empty() -> None:
    state = new_draft(seats=2)
    bot = FirstCardsBot()
    # Seat 0 races ahead as far as it can; the round cannot end without seat 1.
    while state.seats[0].queue:
        state, _ = auto_pick(state, 0, bot)
    assert state.round == 1
    state, changes = auto_pick(state, 1, bot)
    while state.round == 1:
        seat = 0 if state.seats[0].queue else 1
        state, changes = auto_pick(state, seat, bot)
    assert RoundStarted(round=2, direction="right") in changes
    assert state.seats[0].queue == (2,) and state.seats[1].queue == (3,)


def test_a_short_pack_gives_what_is_left() -> None:
    state = start(DraftConfig(seats=2, picks_per_pass=3), players(2), seed=4)
    bot = FirstCardsBot()
    needed = []
    while state.round == 1:
        seat = 0 if state.seats[0].queue else 1
        needed.append(state.picks_needed(seat))
        state, _ = auto_pick(state, seat, bot)
    assert needed[-2:] == [3, 2] or needed[-1] == 2


def test_the_emptied_pack_is_not_passed_on() -> None:
    state = new_draft(seats=2)
    bot = FirstCardsBot()
    changes: list[object] = []
    while not any(isinstance(c, PackEmptied) for c in changes):
        seat = 0 if state.seats[0].queue else 1
        state, changes = auto_pick(state, seat, bot)
    assert not any(isinstance(c, PackPassed) for c in changes)


def test_a_whole_draft_ends_with_60_cards_each() -> None:
    state, log, changes = run_to_end(new_draft())
    assert state.finished
    assert [len(seat.pool) for seat in state.seats] == [60] * 8
    assert len(log) == 240
    assert isinstance(changes[-1], DraftFinished)


def test_a_seat_makes_ten_picks_per_round() -> None:
    _state, _log, changes = run_to_end(new_draft())
    picks = [c for c in changes if isinstance(c, PickMade) and c.seat == 5]
    assert [(p.round, p.pick) for p in picks] == [
        (r, n) for r in (1, 2, 3) for n in range(1, 11)
    ]


@pytest.mark.parametrize(
    ("take", "error"),
    [
        (lambda ids: ids[:1], WrongPickCountError),
        (lambda ids: ids[:3], WrongPickCountError),
        (lambda ids: (ids[0], ids[0]), DuplicateCardError),
        (lambda ids: (ids[0], 99_999), CardNotInPackError),
    ],
)
def test_illegal_picks_raise_and_change_nothing(take, error) -> None:  # type: ignore[no-untyped-def]
    state = new_draft()
    with pytest.raises(error):
        pick(state, 2, take(state.current_pack(2).cards))
    assert state.seats[2].pool == ()


def test_a_card_from_another_seats_pack_is_refused() -> None:
    state = new_draft()
    with pytest.raises(CardNotInPackError):
        pick(state, 0, state.current_pack(1).cards[:2])


def test_a_seat_without_a_pack_cannot_pick() -> None:
    state = new_draft(seats=2)
    state, _ = pick(state, 0, first_two(state, 0))
    with pytest.raises(NoPackError):
        pick(state, 0, (1, 2))


def test_unknown_seats_are_refused() -> None:
    state = new_draft()
    with pytest.raises(UnknownSeatError):
        pick(state, 8, (0, 1))
    with pytest.raises(UnknownSeatError):
        view_for(state, -1)


def test_no_picks_after_the_draft_is_over() -> None:
    state, _log, _changes = run_to_end(new_draft(seats=2))
    with pytest.raises(DraftOverError):
        pick(state, 0, (0, 1))


@pytest.mark.parametrize("seats", [1, 9])
def test_a_pod_has_two_to_eight_seats(seats: int) -> None:
    with pytest.raises(ConfigError):
        DraftConfig(seats=seats)


def test_every_seat_needs_a_player() -> None:
    with pytest.raises(ConfigError):
        start(DraftConfig(seats=4), players(3), seed=1)


def test_card_instances_have_unique_ids_even_for_two_copies() -> None:
    state = new_draft()
    assert [c.id for c in state.cards] == list(range(480))
    names = [c.card.name for c in state.cards]
    assert len(set(names)) < len(names)


def test_the_same_seed_opens_the_same_packs() -> None:
    one, two = new_draft(seed=11), new_draft(seed=11)
    assert [c.card.key for c in one.cards] == [c.card.key for c in two.cards]
    assert [c.card.key for c in new_draft(seed=12).cards] != [c.card.key for c in one.cards]


def test_view_shows_only_the_seats_own_pack_and_pool() -> None:
    state = new_draft()
    state, _ = pick(state, 0, first_two(state, 0))
    view = view_for(state, 1)
    assert view.pack is not None
    assert {c.id for c in view.pack} == set(state.packs[1].cards)
    assert view.pool == ()
    assert view.pick == 1 and view.pick_in_round == 1 and view.direction == "left"
    assert view.picks_needed == 2



def test_a_seats_queue_fills_from_the_neighbour_passed_from() -> None:
    state = new_draft()
    state, _ = pick(state, 0, first_two(state, 0))
    receiver = next(s for s in range(8) if len(state.seats[s].queue) == 2)
    assert passed_from(state, receiver) == 0


def test_a_seat_view_cannot_be_changed() -> None:
    view = view_for(new_draft(), 0)
    with pytest.raises(AttributeError):
        view.pick = 5  # type: ignore[misc]
    assert view.pick == 1
