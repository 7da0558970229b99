"""Replay is the source of truth: the stored log rebuilds the draft, and a bad log fails."""

from __future__ import annotations

import pytest

from draft.errors import CardNotInPackError
from draft.replay import replay
from draft.state import DraftConfig
from tests.draft.builders import new_draft, players, run_to_end


def test_replay_of_a_bot_draft_equals_the_live_state() -> None:
    live, log, _changes = run_to_end(new_draft(seed=21))
    assert replay(DraftConfig(), 21, players(8), log) == live


def test_a_tampered_log_is_refused_like_a_live_pick() -> None:
    _live, log, _changes = run_to_end(new_draft(seed=21))
    seat, cards = log[0]
    with pytest.raises(CardNotInPackError):
        replay(DraftConfig(), 21, players(8), [(seat, (cards[0], 10_000))])
