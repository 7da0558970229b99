"""The store's screen marks a table's result that counts for no season yet as pending."""

from __future__ import annotations

from pods.game_end import Confirm
from pods.tracker import Adjustment, Kind, Player, apply, new_game
from server.realtime.live import LiveGame
from server.views.screen import table_line


def test_a_result_one_phone_made_is_pending_until_another_player_confirms_it() -> None:
    game = new_game([Player("ann", "Ann"), Player("bob", "Bob")])
    game = apply(game, Adjustment(1, "ann", Kind.LIFE, "bob", -40))
    line = table_line(LiveGame(id="g", table=1, number=1, game=game))
    assert line["result"] is not None and line["result"]["pending"] is True
    confirmed = apply(game, Confirm(2, "bob", game.end.result_seq))
    line = table_line(LiveGame(id="g", table=1, number=1, game=confirmed))
    assert line["result"] is not None and line["result"]["pending"] is False
