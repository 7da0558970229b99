"""Properties that hold for every draft, whatever the seed, table size or pick order."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from draft.changes import PackPassed, PickMade, RoundStarted
from draft.engine import pick, seats_to_act, start, view_for
from draft.replay import replay
from draft.state import DraftConfig, DraftState
from tests.draft.builders import players

configs = st.builds(
    DraftConfig,
    seats=st.integers(2, 8),
    picks_per_pass=st.integers(1, 3),
)


def random_draft(
    config: DraftConfig, seed: int, chooser: random.Random
) -> tuple[DraftState, DraftState, list[tuple[int, tuple[int, ...]]], list[object], list[str]]:
    """Play a draft where a random seat with a pack takes random cards each step."""
    names = players(config.seats)
    first = state = start(config, names, seed)
    log: list[tuple[int, tuple[int, ...]]] = []
    changes: list[object] = []
    leaks: list[str] = []
    while not state.finished:
        seat = chooser.choice(seats_to_act(state))
        pack = state.current_pack(seat)
        assert pack is not None
        taken = tuple(chooser.sample(pack.cards, state.picks_needed(seat)))
        check_view_hides_other_seats(state, leaks)
        state, new = pick(state, seat, taken)
        log.append((seat, taken))
        changes.extend(new)
    return first, state, log, changes, leaks


def check_view_hides_other_seats(state: DraftState, leaks: list[str]) -> None:
    for seat in range(state.config.seats):
        view = view_for(state, seat)
        seen = {c.id for c in view.pool} | {c.id for c in view.pack or ()}
        mine = set(state.seats[seat].pool)
        if state.seats[seat].queue:
            mine |= set(state.packs[state.seats[seat].queue[0]].cards)
        if seen != mine:
            leaks.append(f"seat {seat} sees {sorted(seen - mine)}")


def assert_cards_are_conserved_and_pools_are_equal(first: DraftState, final: DraftState) -> None:
    pooled = Counter(card for seat in final.seats for card in seat.pool)
    assert pooled == Counter(card for pack in first.packs for card in pack.cards)
    assert all(count == 1 for count in pooled.values())
    sizes = {len(seat.pool) for seat in final.seats}
    assert sizes == {60}
    assert all(not pack.cards for pack in final.packs)


def assert_packs_pass_left_right_left(config: DraftConfig, changes: list[object]) -> None:
    round_number = 1
    n = config.seats
    for change in changes:
        if isinstance(change, RoundStarted):
            round_number = change.round
        if isinstance(change, PackPassed):
            step = 1 if round_number in (1, 3) else -1
            assert change.to_seat == (change.from_seat + step) % n
        if isinstance(change, PickMade):
            assert change.round == round_number


def assert_replaying_the_pick_log_rebuilds_the_live_state(
    config: DraftConfig, seed: int, final: DraftState, log: list[tuple[int, tuple[int, ...]]]
) -> None:
    assert replay(config, seed, players(config.seats), log) == final
    cut = len(log) // 3
    partial = replay(config, seed, players(config.seats), log[:cut])
    assert sum(len(s.pool) for s in partial.seats) == sum(len(c) for _s, c in log[:cut])


@settings(max_examples=25, deadline=None)
@given(config=configs, seed=st.integers(0, 2**63 - 1), chooser=st.randoms(use_true_random=False))
def test_every_random_draft_conserves_cards_passes_left_right_left_replays_and_hides_seats(
    config: DraftConfig, seed: int, chooser: random.Random
) -> None:
    """Four properties of one random draft each (they were four tests, each playing its
    own 25 or 15 drafts for one property: issue #43). Each still meets 25 drafts; a seat
    never sees another seat's pack or pool at any step of any of them."""
    first, final, log, changes, leaks = random_draft(config, seed, chooser)
    assert_cards_are_conserved_and_pools_are_equal(first, final)
    assert_packs_pass_left_right_left(config, changes)
    assert_replaying_the_pick_log_rebuilds_the_live_state(config, seed, final, log)
    assert leaks == []


line_ups = st.lists(st.sampled_from(["CMR", "CLB", "CMM"]), min_size=3, max_size=3)


@settings(max_examples=15, deadline=None)
@given(
    packs=line_ups,
    seats=st.integers(2, 8),
    seed=st.integers(0, 2**63 - 1),
    chooser=st.randoms(use_true_random=False),
)
def test_any_line_up_gives_60_card_pools_replays_and_opens_its_rounds_sets(
    packs: list[str], seats: int, seed: int, chooser: random.Random
) -> None:
    config = DraftConfig.for_packs(packs, seats=seats)
    first, final, log, changes, leaks = random_draft(config, seed, chooser)
    assert {len(seat.pool) for seat in final.seats} == {60}
    assert replay(config, seed, players(seats), log) == final
    assert leaks == []
    for change in changes:
        if isinstance(change, PickMade):
            opened = {first.cards[i].card.set for i in change.pack_before}
            assert opened == {packs[change.round - 1].upper()}
