"""Cards of the season, every figure checked against the season worked out by hand."""

from __future__ import annotations

import pytest

from pods.season_stats.cards import ALL_SETS, CardFigures, cards_of_season
from pods.season_stats.outcomes import MIN_GAMES, TOO_FEW_GAMES, Outcome
from tests.pods.season_stats.season import NIGHT_1, SEASON


def row(name: str, set_code: str, min_games: int = 1) -> CardFigures:
    found = [c for c in cards_of_season(SEASON, min_games).cards
             if c.name == name and c.set_code == set_code]
    assert len(found) == 1
    return found[0]


@pytest.mark.parametrize(("name", "set_code", "seen", "picked", "average_pick", "last_seen",
                          "drafted", "in_deck"), [
    ("Alpha", "CMR", 2, 2, 1.0, 1.0, 2, 2),
    ("Beta", "CMR", 3, 2, 1.5, 4 / 3, 2, 1),
    ("Gamma", "CMR", 2, 1, 2.0, 1.5, 1, 1),
    ("Delta", "CMR", 2, 1, 2.0, 1.5, 1, 1),
    ("Epsilon", "CMR", 1, 1, 1.0, 1.0, 1, 1),
    ("Zeta", "CMR", 2, 1, 2.0, 1.5, 1, 1),
    ("Alpha", "CLB", 1, 1, 1.0, 1.0, 1, 1),
    ("Eta", "CLB", 2, 1, 2.0, 1.5, 1, 1),
    ("Iota", "CLB", 1, 0, None, 1.0, 0, 0),
    ("Alpha", ALL_SETS, 3, 3, 1.0, 1.0, 3, 3),
])
def test_the_draft_figures_count_what_people_saw_and_took(
        name: str, set_code: str, seen: int, picked: int, average_pick: float | None,
        last_seen: float, drafted: int, in_deck: int) -> None:
    card = row(name, set_code)
    assert (card.seen, card.picked, card.drafted, card.in_deck) == (seen, picked, drafted,
                                                                   in_deck)
    assert card.average_pick == (pytest.approx(average_pick) if average_pick else None)
    assert card.last_seen == pytest.approx(last_seen)


def test_a_card_only_a_bot_saw_has_no_row() -> None:
    assert not [c for c in cards_of_season(SEASON).cards if c.name == "Theta"]


def test_decks_that_held_a_card_are_compared_with_the_baseline() -> None:
    season = cards_of_season(SEASON, min_games=1)
    assert season.baseline == Outcome(3, 9, 13 / 9, 3 / 9, ((1, 5), (2, 4)))
    assert row("Alpha", ALL_SETS).with_card == Outcome(3, 9, 13 / 9, 3 / 9, ((1, 5), (2, 4)))
    assert row("Alpha", "CMR").with_card == Outcome(2, 8, 11 / 8, 3 / 8, ((1, 5), (2, 3)))
    assert row("Beta", "CMR").with_card == Outcome(1, 4, 5 / 4, 2 / 4, ((1, 3), (2, 1)))
    assert row("Gamma", "CMR").with_card == Outcome(1, 4, 6 / 4, 1 / 4, ((1, 2), (2, 2)))
    assert row("Eta", "CLB").with_card == Outcome(1, 1, 2.0, 0.0, ((2, 1),))
    assert row("Iota", "CLB").with_card == Outcome(0, 0, TOO_FEW_GAMES, TOO_FEW_GAMES, ())


def test_a_drafted_copy_left_in_the_sideboard_does_not_hold_the_card() -> None:
    """Ann's second Beta (8) stayed out, her first (2) is in: one deck, not two."""
    assert row("Beta", "CMR").with_card.decks == 1


def test_below_the_threshold_a_figure_says_too_few_games() -> None:
    assert MIN_GAMES == 10
    alpha = row("Alpha", ALL_SETS, MIN_GAMES)
    assert alpha.with_card.games == 9
    assert alpha.with_card.average_place is TOO_FEW_GAMES
    assert alpha.with_card.win_rate is TOO_FEW_GAMES
    assert row("Alpha", ALL_SETS, 9).with_card.win_rate == pytest.approx(3 / 9)


def test_the_sets_are_those_people_drafted() -> None:
    assert cards_of_season(SEASON).sets == ("CLB", "CMR")
    assert cards_of_season([NIGHT_1]).sets == ("CMR",)


def test_rows_are_by_name_with_all_sets_first() -> None:
    keys = [(c.name, c.set_code) for c in cards_of_season(SEASON).cards]
    assert keys[:3] == [("Alpha", ALL_SETS), ("Alpha", "CLB"), ("Alpha", "CMR")]
    assert keys == sorted(keys)
