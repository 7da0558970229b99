"""The game board as JSON: what every phone at a table and the host screen draw.

Why totals and the recent log but never decks: the board is public at the table; the
log carries authors so each phone can offer "undo" for its own taps only.
"""

from __future__ import annotations

from collections.abc import Iterable

from pods.achievements import Achievement, as_json
from pods.game_end import Ending
from pods.table_state import MOVE_NAMES, TABLE_ENTRIES, TableEntry, TakeInitiative, Venture, active
from pods.tracker import Adjustment, CommanderRef, Game, Kind
from pods.undercity import next_rooms
from server.protocol.shapes.game import (
    AchievementLine,
    CommanderLine,
    DamageLine,
    GamePlayer,
    GameView,
    LogLine,
    ResultView,
    TurnView,
)
from server.realtime.live import PLACEHOLDER, LiveGame

RECENT = 12
"""How many of the latest adjustments the view carries (enough to undo a slip)."""


def game_view(live: LiveGame, achievements: Iterable[Achievement] = ()) -> GameView:
    """The board; `achievements` are what the pod's players may claim in it."""
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
                        "conceded": game.end.conceded.get(player.id),
                        "commanders": commanders, "damage": damage,
                        "counters": {"poison": game.counter(player.id, Kind.POISON),
                                     "experience": game.counter(player.id, Kind.EXPERIENCE),
                                     "energy": game.counter(player.id, Kind.ENERGY)},
                        "undercity": {"room": game.table.room(player.id),
                                      "next_rooms": list(next_rooms(game.table.room(player.id))),
                                      "completed": game.table.completed(player.id)}})
    recent = [entry for entry in game.log
              if isinstance(entry, (Adjustment, *TABLE_ENTRIES))][-RECENT:]
    return {
        "table": live.table,
        "number": live.number,
        "round": live.round,
        "game_id": live.id,
        "seq": live.next_seq - 1,
        "winner": live.winner,
        "players": players,
        "log": [_entry(entry, entry.seq in game.undone) for entry in reversed(recent)],
        "result": _result(game.end),
        "draw_votes": [{"player_id": p.id, "seq": game.end.draw_votes[p.id]}
                       for p in game.players if p.id in game.end.draw_votes],
        "time_called": game.end.time_called is not None,
        "claims": [{"seq": c.seq, "player_id": c.player, "achievement": c.achievement,
                    "points": c.points, "confirmed_by": c.confirmed_by}
                   for c in game.end.claims],
        "achievements": [AchievementLine(name=a["name"], points=a["points"])
                         for a in as_json(achievements)],
        "turn": _turn(game),
        "monarch": game.table.monarch,
        "initiative": game.table.initiative,
    }


def _turn(game: Game) -> TurnView:
    ids = [p.id for p in game.players]
    return {"number": game.table.turn_number,
            "player_id": active(game.table, ids, game.standing) if game.end.result is None
            else None,
            "first_player_id": game.table.first_player, "first_picked": bool(game.table.picks)}


def _result(end: Ending) -> ResultView | None:
    result = end.full_result()
    if result is None:
        return None
    return {
        "placings": [{"player_id": p.player, "place": p.place} for p in result.placings],
        "draw": result.draw,
        "by_host": end.by_host,
        "result_seq": end.result_seq,
        "reported_by": end.reported_by,
        "confirmed": sorted(end.confirmed),
        "disputed": sorted(end.disputed),
        "counts": end.counts,
        "awards": [{"player_id": a.player, "achievement": a.achievement, "points": a.points}
                   for a in result.awards],
    }


def _entry(entry: Adjustment | TableEntry, undone: bool) -> LogLine:
    if not isinstance(entry, Adjustment):
        return {"seq": entry.seq, "author": entry.author, "kind": MOVE_NAMES[type(entry)],
                "target": getattr(entry, "player", ""), "delta": 0, "undone": undone,
                "source": None,
                "room": entry.room if isinstance(entry, TakeInitiative | Venture) else None}
    source = entry.source
    return {
        "seq": entry.seq, "author": entry.author, "kind": entry.kind.value,
        "target": entry.target, "delta": entry.delta, "undone": undone,
        "source": {"owner": source.owner, "index": source.index} if source else None,
        "room": None,
    }
