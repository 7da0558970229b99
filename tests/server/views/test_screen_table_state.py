"""The store's screen shows what the whole table shares: the turn, whose turn it is, the
monarch's crown, the initiative with its holder's Undercity room, and poison."""

from __future__ import annotations

from pods.table_state import BecomeMonarch, EndTurn, FirstPlayer, TakeInitiative
from pods.tracker import Adjustment, Kind, Player, replay_game
from server.realtime.live import LiveGame
from server.views.screen import table_line


def test_the_tv_shows_the_turn_the_crown_the_initiative_and_poison() -> None:
    players = [Player("ann", "Ann"), Player("bob", "Bob"), Player("cid", "Cid")]
    game = replay_game(players, [
        FirstPlayer(1, "host", "ann"), BecomeMonarch(2, "ann", "bob"),
        TakeInitiative(3, "cid", "cid", "Secret Entrance"), EndTurn(4, "ann"),
        Adjustment(5, "ann", Kind.POISON, "cid", 3)])
    line = table_line(LiveGame(id="g", table=1, number=1, game=game))
    assert line["turn"] == 2
    marks = {p["name"]: (p["active"], p["monarch"], p["initiative"], p["room"], p["poison"])
             for p in line["players"]}
    assert marks == {"Ann": (False, False, False, None, 0),
                     "Bob": (True, True, False, None, 0),
                     "Cid": (False, False, True, "Secret Entrance", 3)}
