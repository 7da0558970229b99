"""The game board as JSON: what every phone at a table and the host screen draw.

Why totals and the recent log but never decks: the board is public at the table; the
log carries authors so each phone can offer "undo" for its own taps only.
"""

from __future__ import annotations

from pods.tracker import Adjustment, CommanderRef
from server.protocol.shapes import CommanderLine, DamageLine, GamePlayer, GameView, LogLine
from server.realtime.live import PLACEHOLDER, LiveGame

RECENT = 12
"""How many of the latest adjustments the view carries (enough to undo a slip)."""


def game_view(live: LiveGame) -> GameView:
    game = live.game
    players: list[GamePlayer] = []
    for player in game.players:
        damage: list[DamageLine] = [
            {"owner": other.id, "index": index,
             "amount": game.damage(player.id, CommanderRef(other.id, index))}
            for other in game.players if other.id != player.id
            for index in range(len(other.commanders))
        ]
        commanders: list[CommanderLine] = []
        for index, name in enumerate(player.commanders):
            ref = CommanderRef(player.id, index)
            commanders.append({"index": index, "name": name, "placeholder": name == PLACEHOLDER,
                               "casts": game.casts.get(ref.key, 0), "tax": game.tax(ref)})
        players.append({"player_id": player.id, "name": player.name,
                        "life": game.life[player.id], "out": game.out(player.id),
                        "commanders": commanders, "damage": damage})
    recent = [entry for entry in game.log if isinstance(entry, Adjustment)][-RECENT:]
    return {
        "table": live.table,
        "number": live.number,
        "round": live.round,
        "game_id": live.id,
        "seq": live.next_seq - 1,
        "winner": live.winner,
        "players": players,
        "log": [_entry(entry, entry.seq in game.undone) for entry in reversed(recent)],
    }


def _entry(entry: Adjustment, undone: bool) -> LogLine:
    source = entry.source
    return {
        "seq": entry.seq, "author": entry.author, "kind": entry.kind.value,
        "target": entry.target, "delta": entry.delta, "undone": undone,
        "source": {"owner": source.owner, "index": source.index} if source else None,
    }
