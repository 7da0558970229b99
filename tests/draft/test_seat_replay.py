"""The reveal's replay equals the stored log: packs, picks, wheels and order.

The expected values are worked out from the golden files alone (the packs as opened and
the pick log), without the engine: a pick's pack is the opened pack holding the cards it
took, minus every card taken from that pack before it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from draft.engine import start
from draft.errors import CardNotInPackError, UnknownSeatError
from draft.seat_replay import replay_seat, replay_seats
from draft.simulate import simulate
from draft.state import DraftConfig
from tests.draft.builders import players
from tests.draft.test_golden_drafts import golden

Log = list[tuple[int, tuple[int, ...]]]


def expected_from_log(opened: list[list[int]], log: Log, seats: int) -> list[list[dict[str, Any]]]:
    """Each seat's picks as the log says: pack before the pick, taken, wheeled, pool."""
    left = {k: list(pack) for k, pack in enumerate(opened)}
    pack_of = {card: k for k, pack in enumerate(opened) for card in pack}
    rows: list[list[dict[str, Any]]] = [[] for _ in range(seats)]
    pools: list[list[int]] = [[] for _ in range(seats)]
    for seat, taken in log:
        k = pack_of[taken[0]]
        before = list(left[k])
        left[k] = [card for card in before if card not in taken]
        pools[seat] += taken
        rows[seat].append({"pack_id": k, "pack": before, "taken": list(taken),
                           "pool": list(pools[seat])})
    for seat_rows in rows:
        for i, row in enumerate(seat_rows):
            later = next((r for r in seat_rows[i + 1:] if r["pack_id"] == row["pack_id"]), None)
            row["wheeled"] = list(later["pack"]) if later else []
    return rows


def as_ids(seat_replay: Any) -> list[dict[str, Any]]:
    return [{"pack_id": p.pack_id, "pack": [c.id for c in p.pack],
             "taken": [c.id for c in p.taken], "pool": [c.id for c in p.pool],
             "wheeled": [c.id for c in p.wheeled]} for p in seat_replay.picks]


def golden_log(set_code: str, seed: int) -> tuple[list[list[int]], Log, dict[str, Any]]:
    data = json.loads(golden.golden_path(set_code, seed).read_text(encoding="utf-8"))
    opened, next_id = [], 0
    for pack in data["packs"]:
        opened.append(list(range(next_id, next_id + len(pack))))
        next_id += len(pack)
    return opened, [(seat, tuple(cards)) for seat, cards in data["picks"]], data


@pytest.mark.parametrize("set_code", golden.SETS)
@pytest.mark.parametrize("seed", golden.SEEDS)
def test_every_seat_replays_its_golden_picks(set_code: str, seed: int) -> None:
    opened, log, data = golden_log(set_code, seed)
    config = DraftConfig(set_code=set_code)
    replays = replay_seats(config, seed, [f"p{i}" for i in range(8)], log)
    expected = expected_from_log(opened, log, 8)
    for seat, seat_replay in enumerate(replays):
        assert seat_replay.player == data["seating"][seat]
        assert as_ids(seat_replay) == expected[seat]
        assert [(p.round, p.pick) for p in seat_replay.picks] == [
            (r, n) for r in (1, 2, 3) for n in range(1, 11)]
        numbers = [c.card.number for c in seat_replay.picks[-1].pool]
        assert numbers == data["pools"][seat]


def test_a_whole_pack_wheels_at_an_eight_seat_table() -> None:
    """20 cards, 2 a pick, 8 seats: the opener sees its pack at picks 1 and 9."""
    _opened, log, _data = golden_log("CMR", 7)
    first = replay_seat(DraftConfig(), 7, [f"p{i}" for i in range(8)], log, 0).picks
    assert len(first[0].pack) == 20 and len(first[8].pack) == 4
    assert first[0].wheeled == first[8].pack and len(first[0].wheeled) == 4
    assert not set(first[0].taken) & set(first[0].wheeled)
    assert first[1].wheeled == first[9].pack
    assert all(p.wheeled == () for p in first[2:8])
    assert first[8].wheeled == () and first[9].wheeled == ()


@pytest.mark.parametrize("packs", [["CMM", "CLB", "CLB"], ["CMR", "CLB", "CMM"]])
def test_a_line_up_replays_its_log(packs: list[str]) -> None:
    config = DraftConfig.for_packs(packs, seats=8)
    _final, made = simulate(config, seed=11, players=players(8))
    log: Log = [(p.seat, p.cards) for p in made]
    opened = [list(pack.cards) for pack in start(config, players(8), 11).packs]
    replays = replay_seats(config, 11, players(8), log)
    expected = expected_from_log(opened, log, 8)
    assert [as_ids(r) for r in replays] == expected
    for seat_replay in replays:
        sets = [{c.card.set for c in p.pack} for p in seat_replay.picks]
        assert sets == [{config.set_for_round(p.round)} for p in seat_replay.picks]


def test_a_small_table_wheels_only_to_the_next_look() -> None:
    config = DraftConfig(seats=2)
    _final, made = simulate(config, seed=4, players=players(2))
    log: Log = [(p.seat, p.cards) for p in made]
    picks = replay_seat(config, 4, players(2), log, 1).picks
    opened = [list(pack.cards) for pack in start(config, players(2), 4).packs]
    assert as_ids(replay_seats(config, 4, players(2), log)[1]) == expected_from_log(
        opened, log, 2)[1]
    assert picks[0].wheeled == picks[2].pack


def test_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(UnknownSeatError):
        replay_seat(DraftConfig(), 7, players(8), [], 8)


def test_a_tampered_log_fails_like_a_live_pick() -> None:
    _opened, log, _data = golden_log("CMR", 7)
    seat, cards = log[0]
    with pytest.raises(CardNotInPackError):
        replay_seats(DraftConfig(), 7, [f"p{i}" for i in range(8)], [(seat, (cards[0], 9999))])


def test_the_state_from_the_same_pass_equals_replay() -> None:
    from draft.replay import replay
    from draft.seat_replay import replay_draft

    _opened, log, _data = golden_log("CLB", 7)
    config, names = DraftConfig(set_code="CLB"), [f"p{i}" for i in range(8)]
    state, seats = replay_draft(config, 7, names, log)
    assert state == replay(config, 7, names, log) and state.finished
    assert seats == replay_seats(config, 7, names, log)
