"""The bot bench counts what docs/bots.md says it counts."""

from __future__ import annotations

import pytest

from bench.bots import (
    commander_options,
    decided_by_tie_break,
    main,
    playables,
    top_two_slots,
)
from draft.cards import Card
from draft.state import CardInstance


def card(name: str, colors: str = "", **facts: object) -> Card:
    return Card(set="CMR", number=name, name=name, rarity="common",
                color_identity=tuple(colors), **facts)  # type: ignore[arg-type]


PIPER = card("The Prismatic Piper", can_be_commander=True, chooses_color=True,
             pairing=("Partner",))


def test_a_tie_for_the_second_slot_is_shared() -> None:
    slots = top_two_slots([card("w", "W"), card("w2", "W"), card("u", "U"), card("b", "B")])
    assert slots == {"W": 1.0, "U": 0.5, "B": 0.5, "R": 0.0, "G": 0.0}


def test_a_tie_counts_only_between_cards_of_different_names() -> None:
    one, copy, other = card("one"), card("one"), card("other")
    pack = [CardInstance(0, one, "c", False), CardInstance(1, copy, "c", False)]
    assert not decided_by_tie_break(pack, (0,), [1.0, 1.0])
    pack.append(CardInstance(2, other, "c", False))
    assert decided_by_tie_break(pack, (0,), [1.0, 1.0, 1.0])
    assert not decided_by_tie_break(pack, (0,), [2.0, 1.0, 1.0])


def test_a_piper_alone_is_not_a_real_commander() -> None:
    pool = [PIPER, *(card(f"g{i}", "G") for i in range(40))]
    options = commander_options(pool, ("CMR",))
    assert not any(option.real for option in options)
    assert max(playables(pool, option) for option in options) == 41  # the Piper too


def test_a_partner_legend_with_a_piper_chooses_the_best_colour() -> None:
    legend = card("legend", "U", can_be_commander=True, pairing=("Partner",))
    pool = [legend, *(card(f"r{i}", "R") for i in range(30)), card("g", "G")]
    real = [o for o in commander_options(pool, ("CMR",)) if o.real]
    assert max(playables(pool, option) for option in real) == 31


def test_the_cmm_grant_lets_a_mono_coloured_legend_lead_with_a_piper() -> None:
    legend = card("legend", "U", can_be_commander=True)
    pool = [legend, *(card(f"r{i}", "R") for i in range(30))]
    best = {sets: max(playables(pool, o) for o in commander_options(pool, sets) if o.real)
            for sets in (("CMR",), ("CMM",))}
    assert best == {("CMR",): 1, ("CMM",): 31}


def test_the_bench_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--packs", "CMM,CLB,CLB", "--drafts", "1", "--speed-drafts", "0"])
    out = capsys.readouterr().out
    for label in ("top-two colour slots", "picks decided by tie", "real commander",
                  "median playables", "pools with >= 35", "picks/s"):
        assert label in out
