"""A game's result as seasons and rounds count it, from what the tracker stored.

Why an adapter of its own (pure, so the views read it as the services do): the rules of a
game's end live in `pods.game_end` (folded from the game's log: the order players went
out, concessions, draws, the host's word, confirmed achievements); a game stored before
the log kept results has only the winner the host recorded on its row. Every reader of
results (standings, rounds, the store's screen) goes through this one function, so they
agree on what a game was worth.
"""

from __future__ import annotations

from dataclasses import replace

from pods.game_end import winner_first
from pods.results import GameResult
from pods.tracker import Game


def result_of(game: Game, winner: str | None) -> GameResult | None:
    """The finished game's result with its confirmed awards, or None while it has none.

    The game's log decides (`pods.game_end`: the order players went out, concessions,
    a draw, the host's corrections and recorded winner). A game whose log holds no
    result but which has a recorded `winner` (stored before the log kept results) places
    the winner first and the rest by the order they went out, else sharing second.
    """
    result = game.end.full_result()
    if result is not None or winner is None:
        return result
    if winner not in {p.id for p in game.players}:
        return None
    ids = tuple(p.id for p in game.players)
    return replace(winner_first(ids, game.end, winner), awards=game.end.awards)
