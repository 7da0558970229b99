"""Joining a night when several processes share the database: decided under its row lock.

Why checked again in the transaction: a night's joins are checked against the night's
players (its size, its phase, and above all its names, compared by their look-alike
skeleton), and two processes each hold only what they read a moment ago. A unique index
could refuse only identical strings, not "Ann" beside a Cyrillic "Аnn". So the join's
write asks the writer for the event's row lock (`SELECT … FOR UPDATE`, taken before any
stage of its batch), re-reads the players committed so far, checks again and inserts in
that transaction: the second of two racing joins waits for the first, sees its name and
is refused with the code one process would give (`name_taken`). The write is refusable
(`server.db.writer`), so that refusal fails this join alone, never the picks committed
with it. Forming the night's pods takes the same row lock (`claim_open_event`), so a join
cannot land in a night formed meanwhile either.
"""

from __future__ import annotations

from server.core.errors import UnknownPodError
from server.db import Session, cluster_repo, event_repo
from server.db.tables import EventPlayerRow
from server.db.writer import Rows
from server.modes.mode import JoinCheck
from server.runtime import Runtime
from server.services.commit import commit


async def join_night(rt: Runtime, event_id: str, row: EventPlayerRow,
                     check: JoinCheck) -> None:
    """Store `row` as the night's next player if `check` passes on the committed night;
    raises its refusal otherwise, or `BusyError` (nothing stored)."""

    def stage(session: Session) -> None:
        phase = cluster_repo.lock_event(session, event_id)  # held already: reads the phase
        if phase is None:
            raise UnknownPodError(f"there is no event {event_id!r}", "unknown_event")
        players = event_repo.list_event_players(session, event_id)
        check(phase, players)
        # After a removal (`events.remove_player`) the count is no longer the next index.
        row.join_index = max((p.join_index for p in players), default=-1) + 1
        event_repo.add_event_player(session, row)
        event_repo.update_event(session, event_id, changed_at=rt.now())

    await commit(rt, stage, lambda: None, rows=Rows(events=(event_id,)), refusable=True)
