"""Every query the server runs. Functions take a session and never commit.

Why core statements for picks and updates: the pick path is the hot path (issue #7
measures it), so it is one compact INSERT per pick and targeted UPDATEs, no ORM loads.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import orjson
import sqlalchemy as sa
from sqlmodel import Session, SQLModel, col, select

from server.db.driver_sql import DriverStatement
from server.db.tables import PickRow, PlayerRow, PodRow, utcnow

PickRecord = tuple[int, int, tuple[int, ...], bool]
"""(seq, seat, card ids, by_bot): one entry of a pod's pick log."""


def as_utc(moment: datetime | None) -> datetime | None:
    """Every stored time is UTC: SQLite returns it naive, PostgreSQL in its session zone."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def _table(model: type[SQLModel]) -> sa.Table:
    table: sa.Table = model.__table__  # type: ignore[attr-defined]
    return table


def encode_cards(cards: Sequence[int]) -> str:
    """A pick's card ids as stored: compact JSON (`[4,17]`). orjson, not `json.dumps`
    with separators, which builds an encoder per call: this runs for every pick on the
    writer thread (#45); the text is the same."""
    return orjson.dumps(list(cards)).decode()


def add_pod(session: Session, row: PodRow) -> None:
    session.add(row)


def add_players(session: Session, rows: Iterable[PlayerRow]) -> None:
    session.add_all(list(rows))


def get_pod(session: Session, pod_id: str) -> PodRow | None:
    return session.get(PodRow, pod_id)


def list_unfinished_pods(session: Session) -> list[PodRow]:
    return list(session.exec(select(PodRow).where(PodRow.phase != "done")).all())


def lobby_pods_created_before(session: Session, moment: datetime) -> list[str]:
    """Pods of their own (not a night's) still in their lobby, made before `moment`
    (compared here, not in SQL: SQLite stores these times without their zone)."""
    query = select(PodRow.id, PodRow.created_at).where(
        PodRow.phase == "lobby", col(PodRow.event_id).is_(None))
    return [pod_id for pod_id, created in session.exec(query).all()
            if (as_utc(created) or moment) < moment]


def list_players(session: Session, pod_id: str) -> list[PlayerRow]:
    query = select(PlayerRow).where(PlayerRow.pod_id == pod_id).order_by(col(PlayerRow.join_index))
    return list(session.exec(query).all())


def load_pick_log(session: Session, pod_id: str) -> list[PickRecord]:
    query = (
        select(PickRow.seq, PickRow.seat, PickRow.cards, PickRow.by_bot)
        .where(PickRow.pod_id == pod_id)
        .order_by(col(PickRow.seq))
    )
    return [
        (seq, seat, tuple(json.loads(cards)), by_bot)
        for seq, seat, cards, by_bot in session.exec(query).all()
    ]


def get_draft_started_at(session: Session, pod_id: str) -> datetime | None:
    """When the pod's first pick was stored (the draft log's `Time:`), or None before it."""
    query = select(sa.func.min(PickRow.created_at)).where(PickRow.pod_id == pod_id)
    return as_utc(session.exec(query).one())


def append_picks(session: Session, pod_id: str, picks: Sequence[PickRecord]) -> None:
    """Append picks to the pod's log in one statement."""
    append_pick_logs(session.connection(), [(pod_id, picks)])


def pick_log_rows(logs: Sequence[tuple[str, Sequence[PickRecord]]]) -> list[dict[str, Any]]:
    """The pick log's rows for several pods' picks, stamped with one time."""
    now = utcnow()
    return [
        {
            "pod_id": pod_id,
            "seq": seq,
            "seat": seat,
            "cards": encode_cards(cards),
            "by_bot": by_bot,
            "created_at": now,
        }
        for pod_id, picks in logs
        for seq, seat, cards, by_bot in picks
    ]


def append_pick_logs(connection: sa.Connection,
                     logs: Sequence[tuple[str, Sequence[PickRecord]]]) -> None:
    """Append the picks of several pods in one statement (an executemany): the group
    commit writes every pick of a transaction that holds other statements at once
    (`server.db.writer`); a transaction of picks alone goes through `DriverPickLog`."""
    rows = pick_log_rows(logs)
    if rows:
        connection.execute(sa.insert(_table(PickRow)), rows)


class DriverPickLog:
    """The pick log's INSERT compiled once for an engine, run on the driver's own
    connection: a transaction that holds only picks (most commits at table pace hold
    one or two) needs none of SQLAlchemy's per-statement work.

    Why: a one-pick transaction through a SQLAlchemy connection costs ~0.4 ms of CPU on
    this laptop, through the driver ~0.2 ms (`bench/writer.py`). The values pass through
    the same bind processors SQLAlchemy would use, so the rows are the same either way."""

    COLUMNS = ("pod_id", "seq", "seat", "cards", "by_bot", "created_at")

    def __init__(self, engine: sa.Engine) -> None:
        table = _table(PickRow)
        dialect = engine.dialect
        statement = sa.insert(table).values({name: sa.bindparam(name) for name in self.COLUMNS})
        self._statement = DriverStatement.compile(statement, engine)
        processors = {name: table.c[name].type.dialect_impl(dialect).bind_processor(dialect)
                      for name in self.COLUMNS}
        self._processors = {name: p for name, p in processors.items() if p is not None}

    def parameters(self, logs: Sequence[tuple[str, Sequence[PickRecord]]]) -> list[Any]:
        """The driver's parameters: tuples in the statement's order (`?` style) or
        dicts (`%(name)s` style)."""
        rows = pick_log_rows(logs)
        for row in rows:
            for name, process in self._processors.items():
                row[name] = process(row[name])
        return [self._statement.parameters(row) for row in rows]

    def append(self, dbapi_connection: Any,
               logs: Sequence[tuple[str, Sequence[PickRecord]]]) -> None:
        """Append in the driver connection's open transaction (the caller commits)."""
        parameters = self.parameters(logs)
        if parameters:
            cursor = dbapi_connection.cursor()
            try:
                cursor.executemany(self._statement.sql, parameters)
            finally:
                cursor.close()


def begin_explicitly(session: Session) -> None:
    """Open the session's transaction on the database itself before a savepoint.

    Why: Python's sqlite3 begins a transaction only before an INSERT, UPDATE or DELETE, so
    a SAVEPOINT as a transaction's first statement would open a transaction of its own,
    and releasing it would commit everything staged so far. PostgreSQL's driver has
    begun already (nothing to do)."""
    connection = session.connection()
    if connection.dialect.name != "sqlite":
        return
    driver = connection.connection.driver_connection
    if driver is not None and not driver.in_transaction:
        connection.exec_driver_sql("BEGIN")


def update_pod(session: Session, pod_id: str, **values: Any) -> None:
    values["updated_at"] = utcnow()
    table = _table(PodRow)
    session.connection().execute(
        sa.update(table).where(table.c.id == pod_id).values(**values)
    )


def update_player(session: Session, player_id: str, **values: Any) -> None:
    table = _table(PlayerRow)
    session.connection().execute(
        sa.update(table).where(table.c.id == player_id).values(**values)
    )


def set_deadlines(session: Session, deadlines: Sequence[tuple[str, datetime | None]]) -> None:
    """Store each player's pick deadline (one executemany)."""
    if not deadlines:
        return
    table = _table(PlayerRow)
    session.connection().execute(
        sa.update(table)
        .where(table.c.id == sa.bindparam("player_id"))
        .values(deadline_at=sa.bindparam("deadline")),
        [{"player_id": pid, "deadline": moment} for pid, moment in deadlines],
    )


def delete_player(session: Session, player_id: str) -> None:
    table = _table(PlayerRow)
    session.connection().execute(
        sa.delete(table).where(table.c.id == player_id)
    )
