"""The TV's few card rows, chosen from the season worked out by hand
(`tests.pods.season_stats.season`): per set, ranked, below their thresholds left out."""

from __future__ import annotations

from pods.season_stats.cards import cards_of_season
from pods.season_stats.highlights import MIN_PICKS, taken_earliest, winning_most
from tests.pods.season_stats.season import SEASON


def rows(found: tuple[object, ...]) -> list[tuple[str, str]]:
    return [(card.name, card.set_code) for card in found]  # type: ignore[attr-defined]


def test_the_cards_taken_earliest_are_per_set_lowest_average_pick_first() -> None:
    """Alpha (CMR) was taken at pick 1 twice; Alpha (CLB) and Epsilon once each, then
    Beta at 1.5; ties go to more picks, then the name. The rows over all sets never show."""
    season = cards_of_season(SEASON, min_games=1)
    assert rows(taken_earliest(season, 4, min_picks=1)) == [
        ("Alpha", "CMR"), ("Alpha", "CLB"), ("Epsilon", "CMR"), ("Beta", "CMR")]


def test_a_card_taken_fewer_times_than_the_threshold_is_not_ranked() -> None:
    season = cards_of_season(SEASON, min_games=1)
    assert rows(taken_earliest(season, 10, min_picks=2)) == [("Alpha", "CMR"), ("Beta", "CMR")]
    assert taken_earliest(season, 10) == (), f"no card of it was taken {MIN_PICKS} times"


def test_the_cards_whose_decks_win_most_rank_by_win_rate_then_place() -> None:
    """Beta and Zeta's deck (Ann's, night 1) won 2 of 4 at an average place of 1.25;
    Alpha (CMR) 3 of 8; Bob's cards 1 of 4; Ann's night-2 cards none of 1. Iota, in no
    deck, has no win rate to rank."""
    season = cards_of_season(SEASON, min_games=1)
    assert rows(winning_most(season, 10)) == [
        ("Beta", "CMR"), ("Zeta", "CMR"), ("Alpha", "CMR"), ("Delta", "CMR"),
        ("Epsilon", "CMR"), ("Gamma", "CMR"), ("Alpha", "CLB"), ("Eta", "CLB")]
    assert rows(winning_most(season, 2)) == [("Beta", "CMR"), ("Zeta", "CMR")]


def test_below_the_games_threshold_no_card_has_a_win_rate_to_rank() -> None:
    assert winning_most(cards_of_season(SEASON), 10) == ()  # 10 games: none has them
