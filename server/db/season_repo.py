"""Queries for seasons: the season, its nights, its players' aliases and imported results.
Functions take a session and never commit (the writer commits, `server.db.writer`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

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


def list_seasons(session: Session) -> list[tuple[str, str, datetime]]:
    """Every season on this server (id, name, created), newest first: the laptop's list."""
    query = (select(SeasonRow.id, SeasonRow.name, SeasonRow.created_at)
             .order_by(col(SeasonRow.created_at).desc(), col(SeasonRow.id)))
    return [(id_, name, created) for id_, name, created in session.exec(query).all()]


def count_seasons(session: Session) -> int:
    return int(session.exec(select(sa.func.count()).select_from(SeasonRow)).one())


def season_version(session: Session, season_id: str) -> tuple[int, ...] | None:
    """What the season's standings depend on, read from its own row in O(1): its own
    version (renames, merges) and its games' version, which the database's triggers bump
    whenever a game of its nights is added, deleted or moved, or changes its winner or its
    facts' version (`GameRow.facts_version`: a result, a confirmation or a dispute; a life
    tap does not), and whenever a night joins or leaves it (migration 0021). `None` for an
    unknown season."""
    found = session.exec(select(SeasonRow.version, SeasonRow.games_version)
                         .where(SeasonRow.id == season_id)).first()
    if found is None:
        return None
    return (int(found[0]), int(found[1]))


def bump_version(session: Session, season_id: str) -> None:
    session.execute(sa.update(SeasonRow).where(col(SeasonRow.id) == season_id)
                    .values(version=SeasonRow.version + 1))


def delete_season(session: Session, season_id: str) -> bool:
    """Delete the season and everything only it holds (players, aliases, imported nights
    and their results). Its nights held here stay nights of their own, in no season."""
    if session.get(SeasonRow, season_id) is None:
        return False
    nights = select(SeasonNightRow.id).where(SeasonNightRow.season_id == season_id)
    session.execute(sa.delete(SeasonResultRow).where(col(SeasonResultRow.night_id).in_(nights)))
    session.execute(sa.delete(SeasonNightRow).where(col(SeasonNightRow.season_id) == season_id))
    session.execute(sa.delete(SeasonAliasRow).where(col(SeasonAliasRow.season_id) == season_id))
    session.execute(sa.delete(SeasonPlayerRow).where(col(SeasonPlayerRow.season_id) == season_id))
    session.execute(sa.update(EventRow).where(col(EventRow.season_id) == season_id)
                    .values(season_id=None))
    session.execute(sa.delete(SeasonRow).where(col(SeasonRow.id) == season_id))
    return True


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


def last_event(session: Session, season_id: str) -> EventRow | None:
    """The season's latest night held here (its choices fill in the next night's form)."""
    query = (select(EventRow).where(EventRow.season_id == season_id)
             .order_by(col(EventRow.created_at).desc(), col(EventRow.id).desc()).limit(1))
    return session.exec(query).first()


def player_names(session: Session, season_id: str) -> dict[str, str]:
    """Season player id → name, in the order they were made (columns only: a season of
    thousands of players is read on every cold standings read, and rows cost more)."""
    query = (select(SeasonPlayerRow.id, SeasonPlayerRow.name)
             .where(SeasonPlayerRow.season_id == season_id)
             .order_by(col(SeasonPlayerRow.created_at), col(SeasonPlayerRow.id)))
    return {player_id: name for player_id, name in session.exec(query).all()}


def alias_lines(session: Session, season_id: str) -> list[tuple[str, str, str]]:
    """(skeleton, season player id, name as spelled) of every alias (columns only, like
    `player_names`: an imported season stores one alias per player)."""
    query = (select(SeasonAliasRow.skeleton, SeasonAliasRow.player_id, SeasonAliasRow.name)
             .where(SeasonAliasRow.season_id == season_id)
             .order_by(col(SeasonAliasRow.skeleton)))
    return [(skeleton, player_id, name) for skeleton, player_id, name in session.exec(query)]


def list_imported_nights(session: Session, season_id: str) -> list[SeasonNightRow]:
    query = (select(SeasonNightRow).where(SeasonNightRow.season_id == season_id)
             .order_by(col(SeasonNightRow.number)))
    return list(session.exec(query).all())


def imported_results(session: Session, night_ids: Sequence[str]) -> dict[str, list[str]]:
    """Night id → its games' `result_json`, in the file's order."""
    found: dict[str, list[str]] = {night_id: [] for night_id in night_ids}
    if not night_ids:
        return found
    # Two columns, not rows: a season file may hold 20,000 games, and building an ORM
    # object per game cost more than the standings computed from them.
    query = (select(SeasonResultRow.night_id, SeasonResultRow.result_json)
             .where(col(SeasonResultRow.night_id).in_(night_ids))
             .order_by(col(SeasonResultRow.night_id), col(SeasonResultRow.seq)))
    for night_id, text in session.exec(query):
        found[night_id].append(text)
    return found


def add_rows(session: Session, *groups: Iterable[object]) -> None:
    """Season rows, a group at a time in dependency order (season, players, aliases,
    nights, results): each group is flushed before the next refers to it."""
    for group in groups:
        session.add_all(list(group))
        session.flush()


ResultLine = tuple[str, int, str]
"""An imported game as `season_result` stores it: (night id, seq, result JSON)."""
RESULT_BATCH = 1000
"""Games per INSERT: a big file's thousands of games in a few statements, none huge."""


def add_results(session: Session, lines: Sequence[ResultLine]) -> None:
    """Imported games, a batch at a time, as plain inserts: a mapped row per game would
    cost ten times the line itself (issue #42), and nothing reads them back here."""
    results: sa.Table = SeasonResultRow.__table__  # type: ignore[attr-defined]
    for start in range(0, len(lines), RESULT_BATCH):
        session.connection().execute(sa.insert(results), [
            {"night_id": night_id, "seq": seq, "result_json": text}
            for night_id, seq, text in lines[start:start + RESULT_BATCH]])


def alias_owner(session: Session, season_id: str, skeleton: str) -> str | None:
    row = session.get(SeasonAliasRow, (season_id, skeleton))
    return row.player_id if row is not None else None


def rename_player(session: Session, player_id: str, name: str) -> None:
    session.get_one(SeasonPlayerRow, player_id).name = name


def move_alias(session: Session, season_id: str, skeleton: str, target: str) -> None:
    """The one alias `skeleton` now means player `target` (a merge undone)."""
    session.get_one(SeasonAliasRow, (season_id, skeleton)).player_id = target


def move_aliases(session: Session, season_id: str, source: str, target: str) -> None:
    """Every alias of player `source` now means `target`; `source` is gone."""
    aliases: sa.Table = SeasonAliasRow.__table__  # type: ignore[attr-defined]
    session.connection().execute(
        sa.update(aliases).where(aliases.c.season_id == season_id,
                                 aliases.c.player_id == source).values(player_id=target))
    players: sa.Table = SeasonPlayerRow.__table__  # type: ignore[attr-defined]
    session.connection().execute(sa.delete(players).where(players.c.id == source))
