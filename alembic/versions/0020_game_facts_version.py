"""game.facts_version and season_stat_pod: a season's version without life taps, and
finished pods' statistics stored

Revision ID: 0020_game_facts_version
Revises: 0019_round_clock
Create Date: 2026-12-05

A game's version moves only when its result, whether it counts, or its dispute changes, so
a life tap no longer gives the season a new version (which made the next standings read
recompute). Games stored before it start at 0; caches live in memory and start empty.

`season_stat_pod` holds a finished pod's part of its season's statistics, so a cold read
after a restart sums stored parts instead of replaying every draft. It starts empty: each
part is stored on the first computation that needs it.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0020_game_facts_version'
down_revision: str | None = '0019_round_clock'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('facts_version', sa.Integer(), nullable=False,
                                      server_default='0'))
    op.create_table('season_stat_pod',
    sa.Column('pod_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('format', sa.Integer(), nullable=False),
    sa.Column('body', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.ForeignKeyConstraint(['pod_id'], ['pod.id'], ),
    sa.PrimaryKeyConstraint('pod_id')
    )


def downgrade() -> None:
    op.drop_table('season_stat_pod')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('facts_version')
