"""Joining a night when several processes share the database: decided under its row lock.

Why not the group writer: a night's joins are checked against the night's players (its
size, its phase, and above all its names, compared by their look-alike skeleton), and two
processes each hold only what they read a moment ago. A unique index could refuse only
identical strings, not "Ann" beside a Cyrillic "Аnn". So the join takes the event's row
lock (`SELECT … FOR UPDATE`), re-reads the players committed so far, checks again and
inserts in that one transaction: the second of two racing joins waits for the first,
sees its name and is refused with the code one process would give (`name_taken`).
Forming the night's pods takes the same row lock (`claim_open_event`), so a join cannot
land in a night formed meanwhile either.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from server.db import cluster_repo, event_repo
from server.db.tables import EventPlayerRow
from server.errors import BusyError, PodError, UnknownPodError
from server.runtime import Runtime

JoinCheck = Callable[[str, list[EventPlayerRow]], None]
"""Raises the refusal for a night in this phase holding these players, if any."""


async def join_night(rt: Runtime, event_id: str, row: EventPlayerRow,
                     check: JoinCheck) -> None:
    """Store `row` as the night's next player if `check` passes on the committed night."""

    def write() -> None:
        with rt.session() as session:
            phase = cluster_repo.lock_event(session, event_id)
            if phase is None:
                raise UnknownPodError(f"there is no event {event_id!r}", "unknown_event")
            players = event_repo.list_event_players(session, event_id)
            check(phase, players)
            row.join_index = len(players)
            event_repo.add_event_player(session, row)
            session.commit()

    try:
        await asyncio.to_thread(write)
    except PodError:
        raise
    except Exception as error:  # the transaction rolled back: nothing was stored
        raise BusyError("The database is busy; try again.", "db_busy") from error
