"""Commanders and colors of the season, checked against the season worked out by hand."""

from __future__ import annotations

from pods.season_stats.commanders import LineFigures, commanders_of_season
from pods.season_stats.outcomes import TOO_FEW_GAMES, Outcome
from tests.pods.season_stats.season import PIPER_RED, SEASON


def test_each_commander_line_counts_its_decks_and_games() -> None:
    season = commanders_of_season(SEASON, min_games=1)
    assert season.commanders == (
        LineFigures("Alpha", Outcome(2, 5, 7 / 5, 2 / 5, ((1, 3), (2, 2)))),
        LineFigures(f"Epsilon + {PIPER_RED}", Outcome(1, 4, 6 / 4, 1 / 4, ((1, 2), (2, 2)))),
    )


def test_each_color_identity_counts_its_decks_and_games() -> None:
    season = commanders_of_season(SEASON, min_games=1)
    assert season.identities == (
        LineFigures("B", Outcome(1, 1, 2.0, 0.0, ((2, 1),))),
        LineFigures("R", Outcome(1, 4, 5 / 4, 2 / 4, ((1, 3), (2, 1)))),
        LineFigures("RG", Outcome(1, 4, 6 / 4, 1 / 4, ((1, 2), (2, 2)))),
    )
    assert season.baseline == Outcome(3, 9, 13 / 9, 3 / 9, ((1, 5), (2, 4)))


def test_a_player_without_a_deck_counts_for_no_line() -> None:
    """Cid won night 2 with no submitted deck: that win is nobody's."""
    season = commanders_of_season(SEASON, min_games=1)
    assert sum(line.outcome.places[0][1] for line in season.commanders
               if line.outcome.places[0][0] == 1) == 5


def test_below_the_threshold_the_figures_say_too_few_games() -> None:
    alpha = commanders_of_season(SEASON).commanders[0].outcome
    assert (alpha.decks, alpha.games) == (2, 5)
    assert alpha.average_place is TOO_FEW_GAMES and alpha.win_rate is TOO_FEW_GAMES
