"""Queries for events (nights bigger than one pod). Functions take a session, never commit."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlmodel import Session, col, func, select

from server.db.tables import EventPlayerRow, EventRow, PodRow, SeasonRow


def get_event(session: Session, event_id: str) -> EventRow | None:
    return session.get(EventRow, event_id)


def list_event_players(session: Session, event_id: str) -> list[EventPlayerRow]:
    query = (select(EventPlayerRow).where(EventPlayerRow.event_id == event_id)
             .order_by(col(EventPlayerRow.join_index)))
    return list(session.exec(query).all())


def list_event_pod_ids(session: Session, event_id: str) -> list[str]:
    query = (select(PodRow.id).where(PodRow.event_id == event_id)
             .order_by(col(PodRow.created_at), col(PodRow.id)))
    return list(session.exec(query).all())


def add_event(session: Session, row: EventRow) -> None:
    session.add(row)


def add_event_player(session: Session, row: EventPlayerRow) -> None:
    session.add(row)


def assign_pods(session: Session, assigned: Sequence[tuple[str, str]]) -> None:
    """Each (event player id, pod id): the pod that player was dealt into."""
    for person_id, pod_id in assigned:
        session.get_one(EventPlayerRow, person_id).pod_id = pod_id


def set_event_phase(session: Session, event_id: str, phase: str) -> None:
    session.get_one(EventRow, event_id).phase = phase


def count_open_events(session: Session, created_by: str | None = None,
                      season_id: str | None = None) -> int:
    """Events still taking players (their pods not formed yet); only those opened from
    `created_by`, or for `season_id`, when given."""
    query = select(func.count()).select_from(EventRow).where(EventRow.phase == "open")
    if created_by is not None:
        query = query.where(EventRow.created_by == created_by)
    if season_id is not None:
        query = query.where(EventRow.season_id == season_id)
    return int(session.exec(query).one())


def event_id_of_screen(session: Session, screen_token_hash: str) -> str | None:
    """The event whose store's screen token hashes to `screen_token_hash` (a unique index).

    Why an index lookup is no timing leak: the database compares SHA-256 digests of the
    token, never the token; timing tells how close a guess's digest came to a stored
    one, which says nothing of the token itself."""
    stored = EventRow.screen_token_hash
    query = select(EventRow.id).where(stored == screen_token_hash)  # a digest lookup
    return session.exec(query).first()


def newest_event_of_season(session: Session, season_id: str) -> EventRow | None:
    """The season's most recently opened night (its screen shows it), or None."""
    query = (select(EventRow).where(EventRow.season_id == season_id)
             .order_by(col(EventRow.created_at).desc(), col(EventRow.id).desc()).limit(1))
    return session.exec(query).first()


def set_screen_hash(session: Session, event_id: str, screen_token_hash: str) -> None:
    """Give a night stored before the screen existed its screen token (idempotent: the
    token is derived, so two hosts' requests store the same hash)."""
    row = session.get_one(EventRow, event_id)
    if row.screen_token_hash is None:
        row.screen_token_hash = screen_token_hash


def set_event_achievements(session: Session, event_id: str, achievements_json: str) -> None:
    session.get_one(EventRow, event_id).achievements_json = achievements_json


def is_some_host(session: Session, token_hash: str) -> bool:
    """Whether `token_hash` is the host token's hash of any night, or of any season: a
    digest lookup, like `event_id_of_screen` (no timing leak of the token)."""
    night = select(EventRow.id).where(EventRow.host_token_hash == token_hash)  # a digest lookup
    season = select(SeasonRow.id).where(SeasonRow.host_token_hash == token_hash)  # a digest lookup
    return (session.exec(night).first() is not None
            or session.exec(season).first() is not None)


def update_event(session: Session, event_id: str, **values: object) -> None:
    """Set the named columns of the event's row (the lobby guard, its last change)."""
    row = session.get_one(EventRow, event_id)
    for key, value in values.items():
        setattr(row, key, value)


def remove_event_player(session: Session, player_id: str) -> None:
    """The host removed them before the pods were formed: their token is no one's now."""
    row = session.get(EventPlayerRow, player_id)
    if row is not None:
        session.delete(row)


def open_events_unchanged_since(session: Session, moment: datetime) -> list[str]:
    """Events still open for joining whose last change (else their creation) was before
    `moment` (compared here: SQLite stores these times without their zone)."""
    query = select(EventRow.id, EventRow.changed_at, EventRow.created_at).where(
        EventRow.phase == "open")
    return [event_id for event_id, changed, created in session.exec(query).all()
            if _utc(changed or created) < moment]


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
