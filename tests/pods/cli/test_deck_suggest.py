"""`prismatic deck suggest`: its deck text passes `prismatic deck check` for every pool."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from draft.simulate import simulate
from draft.state import DraftConfig
from pods.formats import write_pool
from server.cli import cli

LINE_UPS = [("CMR",) * 3, ("CLB",) * 3, ("CMM",) * 3, ("CMM", "CLB", "CLB")]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def drafted_pools(packs: tuple[str, ...], seed: int) -> list[str]:
    state, _ = simulate(DraftConfig.for_packs(packs), seed)
    return [write_pool([state.cards[i].card for i in seat.pool], "arena") for seat in state.seats]


@pytest.mark.parametrize("packs", LINE_UPS, ids=",".join)
@pytest.mark.parametrize("size", ["at-least", "exact"])
def test_the_suggested_deck_passes_the_deck_check(tmp_path: Path, packs: tuple[str, ...],
                                                   size: str) -> None:
    for seat, text in enumerate(drafted_pools(packs, seed=7)[:3]):
        pool, deck = tmp_path / f"pool{seat}.txt", tmp_path / f"deck{seat}.txt"
        pool.write_text(text)
        options = ["--packs", ",".join(packs), "--size", size]
        code, output = run("deck", "suggest", "--pool", str(pool), *options)
        assert code == 0, output
        deck.write_text(output)
        code, report = run("deck", "check", str(deck), "--pool", str(pool), *options)
        assert code == 0, output + report


def test_a_pool_without_legends_gets_pipers_whose_colors_the_text_carries(tmp_path: Path) -> None:
    pool = tmp_path / "pool.txt"
    pool.write_text("10 Angel of the Dawn\n10 Boarding Party\n")
    code, output = run("deck", "suggest", "--pool", str(pool), "--set", "CMR")
    assert code == 0, output
    assert "2 The Prismatic Piper (CMR) 1" in output
    assert "// chosen colors: W R" in output
    deck = tmp_path / "deck.txt"
    deck.write_text(output)
    code, report = run("deck", "check", str(deck), "--pool", str(pool))
    assert code == 0, report


def test_the_json_lists_each_choice_with_its_notes_and_deck(tmp_path: Path) -> None:
    pool = tmp_path / "pool.txt"
    pool.write_text(drafted_pools(("CMR",) * 3, seed=1)[0])
    code, output = run("deck", "suggest", "--pool", str(pool), "--json")
    assert code == 0, output
    suggestions = json.loads(output)["suggestions"]
    assert 1 <= len(suggestions) <= 3
    best = suggestions[0]
    assert best["legal"] and best["size"] == 60
    assert best["notes"][0]["id"] == "summary"
    assert best["notes"][0]["message"].startswith("/".join(best["color_identity"]) + ":")
    assert best["deck"].startswith("Deck\n")


def test_an_unreadable_pool_line_is_refused_with_exit_code_2(tmp_path: Path) -> None:
    pool = tmp_path / "pool.txt"
    pool.write_text("3 Angel of the Dawn\n1 Angle of the Dusk\n")
    code, output = run("deck", "suggest", "--pool", str(pool))
    assert code == 2
    assert "Angle of the Dusk" in output
