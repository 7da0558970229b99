"""The suggestion bench counts what docs/building.md says it counts."""

from __future__ import annotations

import json

import pytest

from bench.suggest import left_out, main
from draft.cards import load_set
from pods.legality import DeckRules
from pods.suggest import suggest_decks


def test_left_out_counts_in_identity_cards_neither_played_nor_leading() -> None:
    cmr = load_set("CMR")
    red = [c for c in cmr if c.color_identity == ("R",) and not c.is_land
           and not c.can_be_commander][:40]
    best = suggest_decks(red, DeckRules.for_draft(["CMR"]))[0]
    played = sum(1 for c in best.deck.main if not c.is_basic_land)
    assert left_out(best, red) == len(red) - played


def test_one_draft_prints_every_figure_for_both_pool_kinds(
        capsys: pytest.CaptureFixture[str]) -> None:
    main(["--drafts", "1", "--sets", "CMR", "--line-ups", "", "--json"])
    drafted, leaderless = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    for figures in (drafted, leaderless):
        assert figures["pools"] == 8
        assert figures["legal_pct"] == 100.0, figures["failures"]
        assert {"median_left_out", "lands", "two_drops", "ms_p50", "ms_p95"} <= set(figures)
    assert leaderless["led_by_piper_or_faceless_one_pct"] == 100.0
