"""Queries for the nights' round clocks (`pods.round_clock`). Functions take a session and
never commit.

Why a row holds the whole clock: the clock now is the night's last entry, read with one
indexed query; the earlier entries are the log of what the host did.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlmodel import Session, col, func, select

from pods.round_clock import RoundClock
from server.db.tables import EventRow, RoundClockEntryRow


def _utc(moment: datetime) -> datetime:
    """SQLite gives its stored times back without their zone (they were stored in UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def clock_of(row: RoundClockEntryRow) -> RoundClock:
    return RoundClock(round=row.round, length=row.length_seconds, left_at=row.left_seconds,
                      since=_utc(row.since), running=row.running, ended=row.ended, rule=row.rule)


def last_entry(session: Session, event_id: str) -> RoundClockEntryRow | None:
    query = (select(RoundClockEntryRow).where(RoundClockEntryRow.event_id == event_id)
             .order_by(col(RoundClockEntryRow.seq).desc()).limit(1))
    return session.exec(query).first()


def current_clock(session: Session, event_id: str) -> tuple[RoundClock, int] | None:
    """The night's clock and its entry's `seq`, or None before its first start."""
    row = last_entry(session, event_id)
    return None if row is None else (clock_of(row), row.seq)


def add_entry(session: Session, event_id: str, seq: int, action: str, clock: RoundClock) -> None:
    """Append the clock after `action` as the night's entry `seq` (unique per night: two
    writers of the same entry fail instead of both counting)."""
    session.add(RoundClockEntryRow(
        event_id=event_id, seq=seq, action=action, round=clock.round,
        length_seconds=clock.length, left_seconds=clock.left_at, since=clock.since,
        running=clock.running, ended=clock.ended, rule=clock.rule))


def entries(session: Session, event_id: str) -> list[tuple[str, RoundClock]]:
    """The night's clock log, oldest first: each action with the clock after it."""
    query = (select(RoundClockEntryRow).where(RoundClockEntryRow.event_id == event_id)
             .order_by(col(RoundClockEntryRow.seq)))
    return [(row.action, clock_of(row)) for row in session.exec(query).all()]


def clocked_events(session: Session) -> list[tuple[str, datetime | None]]:
    """Every night with a clock that is not over, with when its clock was last stored as
    running: the clocks a start restores."""
    query = (select(EventRow.id, EventRow.clock_saved_at)
             .where(col(EventRow.id).in_(select(func.distinct(RoundClockEntryRow.event_id))))
             .where(EventRow.phase != "ended"))
    return [(event_id, None if saved is None else _utc(saved))
            for event_id, saved in session.exec(query).all()]


def set_saved_at(session: Session, event_ids: Sequence[str], moment: datetime) -> None:
    """Store that these nights' running clocks ran until `moment`."""
    for event_id in event_ids:
        row = session.get(EventRow, event_id)
        if row is not None:
            row.clock_saved_at = moment
