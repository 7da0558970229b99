"""The queries of several server processes over one PostgreSQL (`server.cluster`).

Why here: only `server.db` runs SQL. These are PostgreSQL only (row locks through a
conditional UPDATE, `pg_notify`), the cluster never runs on SQLite.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, select

from server.core.errors import BusyError
from server.db import repo
from server.db.driver_sql import DriverStatement
from server.db.tables import PickRow, PlayerRow, PodRow

CHANNEL = "prismatic"
"""The LISTEN/NOTIFY channel every process of one database hears (`pod_channel`: the
channel of one pod's notices, heard only by the processes that serve it)."""

ORIGIN = secrets.token_hex(6)
"""This process's name in its notices (`<pod>:<revision>:<origin>`), so it skips its own."""


def _name_a_forked_process() -> None:
    """A fork is another process: with its parent's name it would skip the parent's
    notices as its own (the test suite forks its servers from one warm parent)."""
    global ORIGIN
    ORIGIN = secrets.token_hex(6)


os.register_at_fork(after_in_child=_name_a_forked_process)

_BUMP = sa.text(
    "WITH bumped AS (UPDATE pod SET revision = revision + 1 "
    "WHERE id = :pod_id AND revision = :expected RETURNING id, revision) "
    "SELECT pg_notify(:channel, id || ':' || revision || ':' || :origin) FROM bumped"
)


def pod_channel(pod_id: str) -> str:
    """The channel of one pod's own notices (`server.cluster.channels` says which pods
    announce there). A channel name is an identifier of at most 63 bytes: pod ids are 32
    at most (`server.cluster.node.MAX_POD_ID`)."""
    return f"{CHANNEL}.{pod_id}"


def bump_revision(session: Session, pod_id: str, expected: int, channel: str = CHANNEL) -> bool:
    """Lock the pod's row and move it from `expected` to the next revision, announcing
    the new revision on `channel` on commit; false (and nothing locked for long) when the
    pod is at another revision."""
    result = session.connection().execute(
        _BUMP, {"pod_id": pod_id, "expected": expected, "origin": ORIGIN, "channel": channel})
    return result.first() is not None


class DriverBump:
    """`bump_revision` compiled once for an engine, run on the driver's own connection:
    the writer's batches of cluster picks (`server.db.writer`) need no ORM session.

    Why: on PostgreSQL the writer thread was half of a cluster process's CPU, and most
    of a pick's batch was SQLAlchemy's work around two statements (issue #33)."""

    def __init__(self, engine: sa.Engine) -> None:
        self._statement = DriverStatement.compile(_BUMP, engine)

    def __call__(self, cursor: Any, pod_id: str, expected: int, channel: str) -> bool:
        """As `bump_revision`, on a driver cursor in its open transaction."""
        cursor.execute(self._statement.sql, self._statement.parameters(
            {"pod_id": pod_id, "expected": expected, "origin": ORIGIN, "channel": channel}))
        return cursor.fetchone() is not None


def claim_open_event(session: Session, event_id: str) -> bool:
    """Lock the event's row and mark it formed, if it was still open (two processes
    forming one night's pods at once: only the first transaction may)."""
    result = session.connection().execute(
        sa.text("UPDATE event SET phase = 'formed' WHERE id = :id AND phase = 'open' "
                "RETURNING id"), {"id": event_id})
    return result.first() is not None


def lock_event(session: Session, event_id: str) -> str | None:
    """Take the event's row lock until the transaction ends; its phase (None: no event)."""
    result = session.connection().execute(
        sa.text("SELECT phase FROM event WHERE id = :id FOR UPDATE"), {"id": event_id})
    row = result.first()
    return None if row is None else str(row[0])


def lock_pod(session: Session, pod_id: str) -> int | None:
    """Take the pod's row lock until the transaction ends; its revision (None: no pod)."""
    result = session.connection().execute(
        sa.text("SELECT revision FROM pod WHERE id = :id FOR UPDATE"), {"id": pod_id})
    row = result.first()
    return None if row is None else int(row[0])


def commit_locked(session: Session, pod_id: str, revision: int, channel: str,
                  stage: Callable[[Session], None]) -> None:
    """Move the pod (whose row lock `session` holds, from `lock_pod`) past `revision`
    (announced on `channel`), add `stage`'s statements and commit: the pick that cannot
    lose a race (`server.cluster.locked`; why not through the writer:
    `server.services.commit`). Raises `BusyError` (nothing stored) if the revision moved
    all the same."""
    if not bump_revision(session, pod_id, revision, channel):
        raise BusyError("the pod's revision moved under its row lock", "db_busy")
    stage(session)
    session.commit()


def lock_rows(session: Session, pod_ids: list[str], event_ids: list[str]) -> None:
    """Take the row locks of these pods, then of these events, each in id order (a
    batch's first statements, `server.db.writer.Rows`)."""
    for table, ids in (("pod", pod_ids), ("event", event_ids)):
        if ids:
            session.connection().execute(
                sa.text(f"SELECT id FROM {table} WHERE id = ANY(:ids) ORDER BY id FOR UPDATE"),
                {"ids": ids})


def list_revisions(session: Session) -> dict[str, int]:
    """Pod id → stored revision, for every pod not done (a listener's catch-up sweep)."""
    table = PodRow.__table__  # type: ignore[attr-defined]
    query = sa.select(table.c.id, table.c.revision).where(table.c.phase != "done")
    return {pod_id: revision for pod_id, revision in session.connection().execute(query)}


def snapshot(session: Session) -> None:
    """Make the session's reads one consistent snapshot (a pod row, its players and its
    log as of one moment): call before the first read."""
    session.connection(execution_options={"isolation_level": "REPEATABLE READ"})


def load_pod_rows(session: Session, pod_id: str, after_seq: int,
                  ) -> tuple[PodRow, list[PlayerRow], list[repo.PickRecord]] | None:
    """A pod's row, players and the picks from `after_seq` on (None: no such pod)."""
    row = repo.get_pod(session, pod_id)
    if row is None:
        return None
    query = (
        select(PickRow.seq, PickRow.seat, PickRow.cards, PickRow.by_bot)
        .where(PickRow.pod_id == pod_id, col(PickRow.seq) >= after_seq)
        .order_by(col(PickRow.seq))
    )
    picks = [(seq, seat, tuple(json.loads(cards)), by_bot)
             for seq, seat, cards, by_bot in session.exec(query).all()]
    return row, repo.list_players(session, pod_id), picks
