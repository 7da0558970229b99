"""Queries for seasons: the season, its nights, its players' aliases and imported results.
Functions take a session and never commit (the writer commits, `server.db.writer`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import sqlalchemy as sa
from sqlmodel import Session, col, select

from server.db.tables import (
    EventRow,
    SeasonAliasRow,
    SeasonNightRow,
    SeasonPlayerRow,
    SeasonResultRow,
    SeasonRow,
)


def get_season(session: Session, season_id: str) -> SeasonRow | None:
    return session.get(SeasonRow, season_id)


def season_of_event(session: Session, event_id: str) -> SeasonRow | None:
    event = session.get(EventRow, event_id)
    if event is None or event.season_id is None:
        return None
    return session.get(SeasonRow, event.season_id)


def list_events(session: Session, season_id: str) -> list[EventRow]:
    """The season's nights held here, oldest first."""
    query = (select(EventRow).where(EventRow.season_id == season_id)
             .order_by(col(EventRow.created_at), col(EventRow.id)))
    return list(session.exec(query).all())


def list_players(session: Session, season_id: str) -> list[SeasonPlayerRow]:
    query = (select(SeasonPlayerRow).where(SeasonPlayerRow.season_id == season_id)
             .order_by(col(SeasonPlayerRow.created_at), col(SeasonPlayerRow.id)))
    return list(session.exec(query).all())


def list_aliases(session: Session, season_id: str) -> list[SeasonAliasRow]:
    query = (select(SeasonAliasRow).where(SeasonAliasRow.season_id == season_id)
             .order_by(col(SeasonAliasRow.skeleton)))
    return list(session.exec(query).all())


def list_imported_nights(session: Session, season_id: str) -> list[SeasonNightRow]:
    query = (select(SeasonNightRow).where(SeasonNightRow.season_id == season_id)
             .order_by(col(SeasonNightRow.number)))
    return list(session.exec(query).all())


def imported_results(session: Session, night_ids: Sequence[str]) -> dict[str, list[str]]:
    """Night id → its games' `result_json`, in the file's order."""
    found: dict[str, list[str]] = {night_id: [] for night_id in night_ids}
    if not night_ids:
        return found
    query = (select(SeasonResultRow).where(col(SeasonResultRow.night_id).in_(night_ids))
             .order_by(col(SeasonResultRow.night_id), col(SeasonResultRow.seq)))
    for row in session.exec(query):
        found[row.night_id].append(row.result_json)
    return found


def add_rows(session: Session, *groups: Iterable[object]) -> None:
    """Season rows, a group at a time in dependency order (season, players, aliases,
    nights, results): each group is flushed before the next refers to it."""
    for group in groups:
        session.add_all(list(group))
        session.flush()


def alias_owner(session: Session, season_id: str, skeleton: str) -> str | None:
    row = session.get(SeasonAliasRow, (season_id, skeleton))
    return row.player_id if row is not None else None


def rename_player(session: Session, player_id: str, name: str) -> None:
    session.get_one(SeasonPlayerRow, player_id).name = name


def move_aliases(session: Session, season_id: str, source: str, target: str) -> None:
    """Every alias of player `source` now means `target`; `source` is gone."""
    aliases: sa.Table = SeasonAliasRow.__table__  # type: ignore[attr-defined]
    session.connection().execute(
        sa.update(aliases).where(aliases.c.season_id == season_id,
                                 aliases.c.player_id == source).values(player_id=target))
    players: sa.Table = SeasonPlayerRow.__table__  # type: ignore[attr-defined]
    session.connection().execute(sa.delete(players).where(players.c.id == source))
