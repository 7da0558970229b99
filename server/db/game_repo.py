"""Queries for the games at the tables. Functions take a session and never commit.

Why entries are plain rows mapped to `pods.tracker` entries here: the tracker is the
truth for what an entry means; this module only knows how one is spelled in a row.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from pods.game_end import (
    CallTime,
    Claim,
    Concede,
    Confirm,
    ConfirmClaim,
    Correct,
    Dispute,
    DrawVote,
    EndEntry,
    SetWinner,
)
from pods.table_state import (
    MOVE_NAMES,
    TABLE_ENTRIES,
    BecomeMonarch,
    EndTurn,
    FirstDrawn,
    FirstPlayer,
    TableEntry,
    TakeInitiative,
    Venture,
)
from pods.tracker import Adjustment, CommanderRef, Entry, Kind, Player, Undo
from server.db.tables import GameEntryRow, GameRow, utcnow

UNDO = "undo"
END_KINDS: dict[type, str] = {
    Concede: "concede", DrawVote: "draw", CallTime: "time", SetWinner: "winner",
    Correct: "correct", Confirm: "confirm", Claim: "claim", ConfirmClaim: "confirm_claim",
    Dispute: "dispute",
}
"""How each end-of-game entry (`pods.game_end`) is spelled in `game_entry.kind`."""
TABLE_KINDS = MOVE_NAMES
"""How each move of the whole table (`pods.table_state`) is spelled in `game_entry.kind`:
the player in `target`, a venture's room as JSON in `detail`."""
DRAWN = "first_drawn"
"""How the logged draw of the first player (`pods.table_state.FirstDrawn`) is spelled: the
player in `target`."""


def players_json(players: Iterable[Player]) -> str:
    return json.dumps([{"id": p.id, "name": p.name, "commanders": list(p.commanders)}
                       for p in players], ensure_ascii=False)


def players_of(row: GameRow) -> tuple[Player, ...]:
    return tuple(Player(p["id"], p["name"], tuple(p["commanders"]))
                 for p in json.loads(row.players_json))


def add_games(session: Session, rows: Iterable[GameRow]) -> None:
    session.add_all(list(rows))


def retire_games(session: Session, pod_id: str, table_number: int | None = None) -> None:
    """Mark a pod's current games (or one table's) as no longer current."""
    table: sa.Table = GameRow.__table__  # type: ignore[attr-defined]
    query = sa.update(table).where(table.c.pod_id == pod_id, table.c.current.is_(True))
    if table_number is not None:
        query = query.where(table.c.table_number == table_number)
    session.connection().execute(query.values(current=False))


def set_winner(session: Session, game_id: str, winner_id: str | None) -> None:
    table: sa.Table = GameRow.__table__  # type: ignore[attr-defined]
    session.connection().execute(
        sa.update(table).where(table.c.id == game_id).values(winner_id=winner_id))


def bump_facts(session: Session, game_id: str) -> None:
    """The game's standings facts changed (`GameRow.facts_version`): its season's
    standings and statistics have a new version."""
    table: sa.Table = GameRow.__table__  # type: ignore[attr-defined]
    session.connection().execute(
        sa.update(table).where(table.c.id == game_id)
        .values(facts_version=table.c.facts_version + 1))


def set_players(session: Session, game_id: str, players: Iterable[Player]) -> None:
    """A game's players and commanders, before its first entry (a deck submitted late)."""
    table: sa.Table = GameRow.__table__  # type: ignore[attr-defined]
    session.connection().execute(
        sa.update(table).where(table.c.id == game_id).values(players_json=players_json(players)))


def played_numbers(session: Session, pod_id: str) -> dict[int, int]:
    """Table number → the highest game number played there: a game with an entry or a
    winner. New games continue from it, so no two played games share a label."""
    games: sa.Table = GameRow.__table__  # type: ignore[attr-defined]
    entries: sa.Table = GameEntryRow.__table__  # type: ignore[attr-defined]
    has_entry = sa.exists().where(entries.c.game_id == games.c.id)
    query = (sa.select(games.c.table_number, sa.func.max(games.c.number))
             .where(games.c.pod_id == pod_id,
                    sa.or_(games.c.winner_id.is_not(None), has_entry))
             .group_by(games.c.table_number))
    return {int(table): int(number) for table, number in session.connection().execute(query)}


def is_played(row: GameRow, log: list[Entry]) -> bool:
    """A current game, or one where something was recorded; an untouched game replaced by
    a re-split or the next game was never played and is left out of summaries."""
    return row.current or bool(log) or row.winner_id is not None


def list_games(session: Session, pod_id: str, current_only: bool = False) -> list[GameRow]:
    query = select(GameRow).where(GameRow.pod_id == pod_id)
    if current_only:
        query = query.where(col(GameRow.current).is_(True))
    query = query.order_by(col(GameRow.table_number), col(GameRow.number))
    return list(session.exec(query).all())


def entry_values(game_id: str, entry: Entry, ref: str | None = None) -> dict[str, Any]:
    values: dict[str, Any] = {"game_id": game_id, "seq": entry.seq, "author": entry.author,
                              "ref": ref, "created_at": utcnow()}
    if isinstance(entry, Undo):
        return {**values, "kind": UNDO, "undoes": entry.undoes, "delta": 0}
    if isinstance(entry, FirstDrawn):
        return {**values, "kind": DRAWN, "target": entry.player, "delta": 0}
    if isinstance(entry, TABLE_ENTRIES):
        return {**values, "kind": TABLE_KINDS[type(entry)], "delta": 0,
                **_table_values(entry)}
    if not isinstance(entry, Adjustment):
        return {**values, "kind": END_KINDS[type(entry)], **_end_values(entry)}
    source = entry.source
    return {**values, "kind": entry.kind.value, "target": entry.target, "delta": entry.delta,
            "source_owner": source.owner if source else None,
            "source_index": source.index if source else None}


def append_entry(session: Session, game_id: str, entry: Entry, ref: str | None = None) -> None:
    """One INSERT: the entry is durable once the surrounding transaction commits."""
    table: sa.Table = GameEntryRow.__table__  # type: ignore[attr-defined]
    session.connection().execute(sa.insert(table), [entry_values(game_id, entry, ref)])


def load_refs(session: Session, game_ids: Iterable[str]) -> dict[str, dict[tuple[str, str], int]]:
    """Each game's tap names: `(author, ref) -> seq` of the entry stored under them."""
    ids = list(game_ids)
    refs: dict[str, dict[tuple[str, str], int]] = {game_id: {} for game_id in ids}
    if not ids:
        return refs
    query = (select(GameEntryRow.game_id, GameEntryRow.author, GameEntryRow.ref,
                    GameEntryRow.seq)
             .where(col(GameEntryRow.game_id).in_(ids), col(GameEntryRow.ref).is_not(None)))
    for game_id, author, ref, seq in session.exec(query).all():
        assert ref is not None
        refs[game_id][(author, ref)] = seq
    return refs


def load_entries(session: Session, game_ids: Iterable[str]) -> dict[str, list[Entry]]:
    """Each game's log in `seq` order, as tracker entries."""
    ids = list(game_ids)
    logs: dict[str, list[Entry]] = {game_id: [] for game_id in ids}
    if not ids:
        return logs
    query = (select(GameEntryRow).where(col(GameEntryRow.game_id).in_(ids))
             .order_by(col(GameEntryRow.game_id), col(GameEntryRow.seq)))
    for row in session.exec(query).all():
        logs[row.game_id].append(_entry(row))
    return logs


def _end_values(entry: EndEntry) -> dict[str, Any]:
    """The columns of an end-of-game entry: a player in `target`, points in `delta`,
    the rest as JSON in `detail`."""
    if isinstance(entry, Concede):
        return {"target": entry.player, "delta": 0}
    if isinstance(entry, SetWinner):
        return {"target": entry.winner, "delta": 0}
    if isinstance(entry, Correct):
        return {"delta": int(entry.draw),
                "detail": json.dumps([list(p) for p in entry.placings], ensure_ascii=False)}
    if isinstance(entry, Confirm | Dispute):
        return {"delta": 0, "detail": json.dumps({"result_seq": entry.result_seq})}
    if isinstance(entry, Claim):
        return {"delta": entry.points,
                "detail": json.dumps({"achievement": entry.achievement}, ensure_ascii=False)}
    if isinstance(entry, ConfirmClaim):
        return {"delta": 0, "detail": json.dumps({"claim": entry.claim})}
    return {"delta": 0}  # a draw vote or time called: the author and seq say it all


def _table_values(entry: TableEntry) -> dict[str, Any]:
    if isinstance(entry, EndTurn):
        return {}
    values: dict[str, Any] = {"target": entry.player}
    if isinstance(entry, TakeInitiative | Venture):
        values["detail"] = json.dumps({"room": entry.room}, ensure_ascii=False)
    return values


def _table_entry(row: GameEntryRow) -> TableEntry:
    seq, author, player = row.seq, row.author, row.target or ""
    room = str(json.loads(row.detail)["room"]) if row.detail else ""
    match row.kind:
        case "end_turn":
            return EndTurn(seq, author)
        case "first_player":
            return FirstPlayer(seq, author, player)
        case "monarch":
            return BecomeMonarch(seq, author, player)
        case "initiative":
            return TakeInitiative(seq, author, player, room)
    return Venture(seq, author, player, room)


def _end_entry(row: GameEntryRow) -> EndEntry:
    detail: Any = json.loads(row.detail) if row.detail else {}
    seq, author = row.seq, row.author
    match row.kind:
        case "concede":
            assert row.target is not None
            return Concede(seq, author, row.target)
        case "draw":
            return DrawVote(seq, author)
        case "time":
            return CallTime(seq, author)
        case "winner":
            return SetWinner(seq, author, row.target)
        case "correct":
            return Correct(seq, author, tuple((p, int(n)) for p, n in detail),
                           bool(row.delta))
        case "confirm":
            return Confirm(seq, author, int(detail["result_seq"]))
        case "dispute":
            return Dispute(seq, author, int(detail["result_seq"]))
        case "claim":
            return Claim(seq, author, str(detail["achievement"]), row.delta)
        case "confirm_claim":
            return ConfirmClaim(seq, author, int(detail["claim"]))
    raise ValueError(f"unknown game entry kind {row.kind!r}")


def _entry(row: GameEntryRow) -> Entry:
    if row.kind in END_KINDS.values():
        return _end_entry(row)
    if row.kind in TABLE_KINDS.values():
        return _table_entry(row)
    if row.kind == UNDO:
        assert row.undoes is not None
        return Undo(row.seq, row.author, row.undoes)
    if row.kind == DRAWN:
        return FirstDrawn(row.seq, row.author, row.target or "")
    source = None
    if row.source_owner is not None and row.source_index is not None:
        source = CommanderRef(row.source_owner, row.source_index)
    assert row.target is not None
    return Adjustment(row.seq, row.author, Kind(row.kind), row.target, row.delta, source)
