"""Mixed nights: a line-up opens one set per round, and one set stays that set's draft."""

from __future__ import annotations

import pytest

from draft.engine import start, view_for
from draft.errors import ConfigError
from draft.packs import booster_for_set, open_packs
from draft.replay import replay
from draft.simulate import simulate
from draft.state import DraftConfig
from tests.draft.builders import players, run_to_end


def test_a_line_up_of_one_set_is_that_set() -> None:
    config = DraftConfig.for_packs(["clb", "CLB", "CLB"])
    assert config == DraftConfig(set_code="CLB")
    assert config.round_sets == ("CLB", "CLB", "CLB")


def test_a_mixed_line_up_keeps_one_set_per_round() -> None:
    config = DraftConfig.for_packs(["CMM", "CLB", "CLB"], seats=4)
    assert config.set_code == "CMM" and config.packs == ("CMM", "CLB", "CLB")
    assert [config.set_for_round(r) for r in (1, 2, 3)] == ["CMM", "CLB", "CLB"]
    assert config.sets == ("CMM", "CLB")


def test_a_line_up_names_one_set_for_every_round() -> None:
    with pytest.raises(ConfigError):
        DraftConfig(set_code="CMM", packs=("CMM", "CLB"))
    with pytest.raises(ConfigError):
        DraftConfig.for_packs([])


def test_each_round_opens_packs_of_its_own_set() -> None:
    config = DraftConfig.for_packs(["CMM", "CLB", "CMR"], seats=4)
    state = start(config, players(4), seed=5)
    for pack in state.packs:
        sets = {state.cards[i].card.set for i in pack.cards}
        assert sets == {config.set_for_round(pack.round)}


def test_a_single_set_draft_deals_the_same_packs_as_before_line_ups() -> None:
    # Old pods replay from seed + log: the packs of a seed must never change.
    state = start(DraftConfig(set_code="CMR", seats=8), players(8), seed=42)
    expected = open_packs(booster_for_set("CMR"), seed=42, count=24)
    dealt = [[state.cards[i].card.key for i in pack.cards] for pack in state.packs]
    assert dealt == [[c.card.key for c in pack] for pack in expected]


def test_a_line_up_drafts_to_60_card_pools_and_replays() -> None:
    config = DraftConfig.for_packs(["CMM", "CLB", "CLB"], seats=8)
    final, log, _changes = run_to_end(start(config, players(8), seed=9))
    assert {len(seat.pool) for seat in final.seats} == {60}
    assert replay(config, 9, players(8), log) == final


def test_the_seat_view_says_which_set_the_round_opens() -> None:
    config = DraftConfig.for_packs(["CMM", "CLB", "CLB"], seats=2)
    state = start(config, players(2), seed=3)
    view = view_for(state, 0)
    assert view.round_set == "CMM" and view.line_up == ("CMM", "CLB", "CLB")


@pytest.mark.parametrize("packs", [["CMM"] * 3, ["CMM", "CLB", "CLB"], ["CMR", "CLB", "CMM"]])
def test_todays_bot_drafts_every_set_and_line_up(packs: list[str]) -> None:
    final, picks = simulate(DraftConfig.for_packs(packs, seats=8), seed=11)
    assert {len(seat.pool) for seat in final.seats} == {60}
    assert len(picks) == 8 * 30
