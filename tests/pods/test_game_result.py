"""A game's result, as standings and rounds read it."""

from __future__ import annotations

from pods.game_result import result_of
from pods.tracker import Player, new_game

GAME = new_game([Player("ann", "Ann"), Player("bo", "Bo"), Player("cy", "Cy")])


def test_a_game_without_a_result_counts_for_nothing_yet() -> None:
    assert result_of(GAME, None) is None


def test_a_recorded_winner_places_first_and_the_others_share_second() -> None:
    result = result_of(GAME, "bo")
    assert result is not None
    assert [(p.player, p.place) for p in result.placings] == [("bo", 1), ("ann", 2), ("cy", 2)]
    assert result.outcome("bo") == "win" and result.outcome("ann") == "loss"
