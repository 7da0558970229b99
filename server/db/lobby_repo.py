"""Queries for the laptop's list of every night and lobby (`server.services.lobbies`).
Functions take a session, never commit."""

from __future__ import annotations

from datetime import datetime

import sqlalchemy as sa
from sqlmodel import Session, col, func, select

from server.db.tables import EventPlayerRow, EventRow, PlayerRow, PodRow, RoundClockEntryRow


def open_events(session: Session) -> list[tuple[EventRow, int]]:
    """Nights still open for joining, oldest first, each with how many have joined."""
    joined = (select(func.count()).where(col(EventPlayerRow.event_id) == col(EventRow.id))
              .scalar_subquery())
    query = (select(EventRow, joined).where(EventRow.phase == "open")
             .order_by(col(EventRow.created_at), col(EventRow.id)))
    return [(row, int(count)) for row, count in session.exec(query).all()]


def pods_created_at(session: Session, pod_ids: list[str]) -> dict[str, datetime]:
    """When each of these pods was made."""
    if not pod_ids:
        return {}
    query = select(PodRow.id, PodRow.created_at).where(col(PodRow.id).in_(pod_ids))
    return dict(session.exec(query).all())


def delete_lobby_pod(session: Session, pod_id: str) -> None:
    """Delete a pod that never started (its seats and its row): a lobby holds no picks
    and no games, so nothing else refers to it."""
    session.execute(sa.delete(PlayerRow).where(col(PlayerRow.pod_id) == pod_id))
    session.execute(sa.delete(PodRow).where(col(PodRow.id) == pod_id))


def delete_unformed_event(session: Session, event_id: str) -> bool:
    """Delete a night whose pods were never formed (its players and its row); False when
    it has pods or is not there (nothing deleted)."""
    row = session.get(EventRow, event_id)
    has_pods = session.exec(select(func.count()).select_from(PodRow)
                            .where(col(PodRow.event_id) == event_id)).one()
    if row is None or row.phase not in ("open", "ended") or has_pods:
        return False
    session.execute(sa.delete(EventPlayerRow).where(col(EventPlayerRow.event_id) == event_id))
    session.execute(sa.delete(RoundClockEntryRow)
                    .where(col(RoundClockEntryRow.event_id) == event_id))
    session.execute(sa.delete(EventRow).where(col(EventRow.id) == event_id))
    return True
