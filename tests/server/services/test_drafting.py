"""Which seats hear of a pick: the picker, the receiver, and waiting seats whose
`waiting_on` moved; a waiting seat whose view did not change gets no update."""

from __future__ import annotations

from draft import engine
from draft.bots import FirstCardsBot
from draft.changes import PackPassed
from draft.engine import waiting_on
from draft.state import DraftConfig, DraftState
from server.services.night.drafting import affected_seats


def first_cards(state: DraftState, seat: int) -> tuple[DraftState, list]:  # type: ignore[type-arg]
    return engine.auto_pick(state, seat, FirstCardsBot())


def test_a_waiting_seat_hears_of_a_pick_only_when_whom_it_waits_for_changes() -> None:
    state = engine.start(DraftConfig(set_code="CMR", seats=8), [f"p{i}" for i in range(8)], 3)
    quiet_waiters = 0
    while state.round == 1:
        seat = max((s for s in state.seats if s.queue), key=lambda s: len(s.queue)).index
        before = state
        state, changes = first_cards(before, seat)
        if state.round != 1:
            break
        receivers = {c.to_seat for c in changes if isinstance(c, PackPassed)}
        waiters = {s.index for s in state.seats if not s.queue}
        moved = {w for w in waiters if waiting_on(before, w) != waiting_on(state, w)}
        assert affected_seats(before, state, changes) == {seat} | receivers | moved
        quiet_waiters += len(waiters - moved - receivers - {seat})
    assert quiet_waiters  # seats that waited and heard nothing: their view did not change


def test_a_new_round_tells_everyone() -> None:
    state = engine.start(DraftConfig(set_code="CMR", seats=2), ["a", "b"], 1)
    while state.round == 1:
        seat = next(s.index for s in state.seats if s.queue)
        before = state
        state, changes = first_cards(state, seat)
    assert affected_seats(before, state, changes) is None
