"""Which seats hear of a pick: the picker and the receiver at once, and waiting seats
whose `waiting_on` moved later (once per window); a waiting seat whose view did not change
gets no update."""

from __future__ import annotations

import pytest

from draft import engine
from draft.bots import FirstCardsBot
from draft.changes import PackPassed
from draft.engine import waiting_on
from draft.state import DraftConfig, DraftState
from server.services.night.drafting import affected_seats


def first_cards(state: DraftState, seat: int) -> tuple[DraftState, list]:  # type: ignore[type-arg]
    return engine.auto_pick(state, seat, FirstCardsBot())


@pytest.mark.parametrize("order", ["longest queue first", "lowest seat first"])
def test_a_waiting_seat_hears_of_a_pick_only_when_whom_it_waits_for_changes_and_later(
    order: str,
) -> None:
    state = engine.start(DraftConfig(set_code="CMR", seats=8), [f"p{i}" for i in range(8)], 3)
    quiet_waiters = moved_waiters = 0
    while state.round == 1:
        holding = [s for s in state.seats if s.queue]
        seat = (max(holding, key=lambda s: len(s.queue)) if order == "longest queue first"
                else holding[0]).index
        before = state
        state, changes = first_cards(before, seat)
        if state.round != 1:
            break
        receivers = {c.to_seat for c in changes if isinstance(c, PackPassed)}
        waiters = {s.index for s in state.seats if not s.queue}
        moved = {w for w in waiters if waiting_on(before, w) != waiting_on(state, w)}
        now, later = affected_seats(before, state, changes)
        assert now == {seat} | receivers
        assert later == moved - receivers - {seat}
        quiet_waiters += len(waiters - moved - receivers - {seat})
        moved_waiters += len(later)
    assert moved_waiters or order == "longest queue first"  # told later: whom they wait
    assert quiet_waiters  # seats that waited and heard nothing: their view did not change


def test_a_new_round_tells_everyone() -> None:
    state = engine.start(DraftConfig(set_code="CMR", seats=2), ["a", "b"], 1)
    while state.round == 1:
        seat = next(s.index for s in state.seats if s.queue)
        before = state
        state, changes = first_cards(state, seat)
    assert affected_seats(before, state, changes) == (None, frozenset())
