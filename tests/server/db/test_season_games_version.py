"""A season's version is one row's read, and the database keeps it: every write that moves
what its standings depend on (a game added, deleted or moved, a winner, a game's facts, a
night joining or leaving the season) bumps it in the same transaction, whichever code made
the write; a change that is none of those (a game's players, a life tap's row) does not.

Written as plain SQL through the engine, not through the services, on both databases: the
rule is the triggers' (migration 0021), and a later migration that rebuilt `game` or
`event` on SQLite and dropped them would fail here.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from server.core.settings import Settings
from server.db import season_repo
from server.db.engine import create_db_engine
from server.db.tables import EventRow, GameRow, PodRow, SeasonRow


@pytest.fixture
def engine(db_url: str) -> Iterator[sa.Engine]:
    made = create_db_engine(Settings(db_url=db_url))
    with Session(made) as session:
        for season in ("s1", "s2"):
            session.add(SeasonRow(id=season, name=season, scoring="win-draw-loss",
                                  points_json="{}", host_token_hash="h"))
        session.commit()
        session.add(EventRow(id="e1", set_code="CMR", seed=1, host_token_hash="h",
                             season_id="s1"))
        session.add(EventRow(id="e0", set_code="CMR", seed=1, host_token_hash="h"))
        session.commit()
        session.add(PodRow(id="p1", set_code="CMR", seats=4, seed=1, host_token_hash="h",
                           event_id="e1"))
        session.add(PodRow(id="p0", set_code="CMR", seats=4, seed=1, host_token_hash="h",
                           event_id="e0"))
        session.commit()
    yield made
    made.dispose()


def version(engine: sa.Engine, season_id: str = "s1") -> tuple[int, ...] | None:
    with Session(engine) as session:
        return season_repo.season_version(session, season_id)


def write(engine: sa.Engine, sql: str) -> None:
    with engine.begin() as connection:
        connection.execute(sa.text(sql))


def add_game(engine: sa.Engine, game_id: str, pod_id: str) -> None:
    with Session(engine) as session:
        session.add(GameRow(id=game_id, pod_id=pod_id, table_number=1, players_json="[]"))
        session.commit()


def test_every_write_a_seasons_standings_read_moves_its_version(engine: sa.Engine) -> None:
    seen = [version(engine)]
    add_game(engine, "g1", "p1")
    seen.append(version(engine))
    write(engine, "UPDATE game SET winner_id = 'a' WHERE id = 'g1'")
    seen.append(version(engine))
    write(engine, "UPDATE game SET facts_version = facts_version + 1 WHERE id = 'g1'")
    seen.append(version(engine))
    write(engine, "UPDATE game SET winner_id = NULL WHERE id = 'g1'")
    seen.append(version(engine))
    write(engine, "DELETE FROM game WHERE id = 'g1'")
    seen.append(version(engine))
    write(engine, "UPDATE event SET season_id = NULL WHERE id = 'e1'")
    seen.append(version(engine))
    assert len(set(seen)) == len(seen), seen


def test_a_write_that_changes_no_standings_fact_leaves_it(engine: sa.Engine) -> None:
    add_game(engine, "g1", "p1")
    write(engine, "UPDATE game SET winner_id = 'a' WHERE id = 'g1'")
    before = version(engine)
    write(engine, "UPDATE game SET players_json = '[{}]', current = false WHERE id = 'g1'")
    write(engine, "UPDATE game SET winner_id = 'a', facts_version = facts_version "
                  "WHERE id = 'g1'")  # named, but unchanged
    add_game(engine, "g0", "p0")  # a game of a night in no season
    write(engine, "UPDATE event SET phase = 'formed' WHERE id = 'e1'")
    assert version(engine) == before


def test_a_night_joining_or_leaving_moves_both_seasons_and_only_them(engine: sa.Engine) -> None:
    s1, s2 = version(engine, "s1"), version(engine, "s2")
    write(engine, "UPDATE event SET season_id = 's2' WHERE id = 'e1'")
    assert version(engine, "s1") != s1 and version(engine, "s2") != s2
    s1, s2 = version(engine, "s1"), version(engine, "s2")
    with Session(engine) as session:
        session.add(EventRow(id="e2", set_code="CMR", seed=1, host_token_hash="h",
                             season_id="s1"))
        session.commit()
    assert version(engine, "s1") != s1 and version(engine, "s2") == s2
    s1 = version(engine, "s1")
    write(engine, "DELETE FROM event WHERE id = 'e2'")
    assert version(engine, "s1") != s1 and version(engine, "s2") == s2


def test_an_unknown_season_has_no_version(engine: sa.Engine) -> None:
    assert version(engine, "nope") is None
