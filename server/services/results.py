"""A game's result as seasons and rounds count it, from what the tracker stored.

Why here and not in the tracker: the tracker folds taps; the result also depends on what
the host recorded (`POST …/games/{table}/winner`), which lives on the game's row. Every
reader of results (standings, rounds, the store's screen) goes through this one function,
so they agree on what a game was worth.
"""

from __future__ import annotations

from pods.results import GameResult, Placing
from pods.tracker import Game


def result_of(game: Game, winner: str | None) -> GameResult | None:
    """The finished game's result, or None while it has none.

    A game with only a recorded winner places the winner first and every other player
    second, together: nobody recorded the order they went out in.
    """
    if winner is None:
        return None
    return GameResult(tuple(
        Placing(player.id, 1 if player.id == winner else 2) for player in game.players))
