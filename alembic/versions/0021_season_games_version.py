"""season.games_version: a season's version read from one row, kept by triggers

Revision ID: 0021_season_games_version
Revises: 0020_game_facts_version
Create Date: 2026-12-05

Why: the cached standings are found by the season's version, read on every standings
read. It summed `game.facts_version` over every game of the season's nights (a join of
game, pod and event), so a read cost O(games). Now the database keeps one counter per
season, `season.games_version`, and bumps it in the same transaction as every write that
moved what the sum and the counts read: a game added, deleted or moved to another pod, a
game's winner or facts version changed, a night added to or removed from the season.
Triggers and not the services' code, so that no write path (the services, a repair, a
later feature) can change a season's games and leave its version behind. A life tap
changes none of those columns, so it still leaves the version as it was.

Existing seasons start at 0: the caches live in memory and start empty.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0021_season_games_version'
down_revision: str | None = '0020_game_facts_version'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_SEASONS_OF_PODS = ("SELECT event.season_id FROM pod JOIN event ON event.id = pod.event_id "
                    "WHERE pod.id IN ({pods})")
_BUMP = "UPDATE season SET games_version = games_version + 1 WHERE id IN ({seasons})"

_GAME_MOVED = ("OLD.winner_id IS DISTINCT FROM NEW.winner_id "
               "OR OLD.facts_version IS DISTINCT FROM NEW.facts_version "
               "OR OLD.pod_id IS DISTINCT FROM NEW.pod_id")
_NIGHT_MOVED = "OLD.season_id IS DISTINCT FROM NEW.season_id"

SQLITE_TRIGGERS = {
    "game_bumps_season_insert":
        "AFTER INSERT ON game BEGIN "
        + _BUMP.format(seasons=_SEASONS_OF_PODS.format(pods="NEW.pod_id")) + "; END",
    "game_bumps_season_update":
        "AFTER UPDATE OF winner_id, facts_version, pod_id ON game "
        f"WHEN {_GAME_MOVED.replace('IS DISTINCT FROM', 'IS NOT')} BEGIN "
        + _BUMP.format(seasons=_SEASONS_OF_PODS.format(pods="OLD.pod_id, NEW.pod_id"))
        + "; END",
    "game_bumps_season_delete":
        "AFTER DELETE ON game BEGIN "
        + _BUMP.format(seasons=_SEASONS_OF_PODS.format(pods="OLD.pod_id")) + "; END",
    "event_bumps_season_insert":
        "AFTER INSERT ON event WHEN NEW.season_id IS NOT NULL BEGIN "
        + _BUMP.format(seasons="NEW.season_id") + "; END",
    "event_bumps_season_update":
        f"AFTER UPDATE OF season_id ON event WHEN {_NIGHT_MOVED.replace('IS DISTINCT FROM', 'IS NOT')} "
        "BEGIN " + _BUMP.format(seasons="OLD.season_id, NEW.season_id") + "; END",
    "event_bumps_season_delete":
        "AFTER DELETE ON event WHEN OLD.season_id IS NOT NULL BEGIN "
        + _BUMP.format(seasons="OLD.season_id") + "; END",
}
"""SQLite: one trigger per table and kind of change (a trigger has one event)."""

POSTGRES_FUNCTIONS = {
    "game_bumps_season": f"""
        BEGIN
            IF TG_OP = 'UPDATE' AND NOT ({_GAME_MOVED}) THEN
                RETURN NULL;
            END IF;
            {_BUMP.format(seasons=_SEASONS_OF_PODS.format(
                pods="CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.pod_id END, "
                     "CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.pod_id END"))};
            RETURN NULL;
        END""",
    "event_bumps_season": f"""
        BEGIN
            IF TG_OP = 'UPDATE' AND NOT ({_NIGHT_MOVED}) THEN
                RETURN NULL;
            END IF;
            {_BUMP.format(seasons="CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.season_id END, "
                                  "CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.season_id END")};
            RETURN NULL;
        END""",
}
"""PostgreSQL: one function per table, for inserts, updates and deletes (in a function
`OLD` is unassigned on an insert and `NEW` on a delete, hence the CASEs on `TG_OP`)."""

POSTGRES_TRIGGERS = {
    "game_bumps_season": "AFTER INSERT OR DELETE OR UPDATE OF winner_id, facts_version, pod_id "
                         "ON game",
    "event_bumps_season": "AFTER INSERT OR DELETE OR UPDATE OF season_id ON event",
}


def upgrade() -> None:
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.add_column(sa.Column('games_version', sa.Integer(), nullable=False,
                                      server_default='0'))
    if op.get_bind().dialect.name == "postgresql":
        for name, body in POSTGRES_FUNCTIONS.items():
            op.execute(f"CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$"
                       f"{body}$$")
            op.execute(f"CREATE TRIGGER {name} {POSTGRES_TRIGGERS[name]} "
                       f"FOR EACH ROW EXECUTE FUNCTION {name}()")
    else:
        for name, body in SQLITE_TRIGGERS.items():
            op.execute(f"CREATE TRIGGER {name} {body}")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for name, on in POSTGRES_TRIGGERS.items():
            table = on.rsplit(" ", 1)[1]
            op.execute(f"DROP TRIGGER {name} ON {table}")
            op.execute(f"DROP FUNCTION {name}()")
    else:
        for name in SQLITE_TRIGGERS:
            op.execute(f"DROP TRIGGER {name}")
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.drop_column('games_version')
