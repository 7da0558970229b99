"""game.facts_version: what keys a season's standings and statistics, instead of game logs

Revision ID: 0020_game_facts_version
Revises: 0019_round_clock
Create Date: 2026-12-05

A game's version moves only when its result, whether it counts, or its dispute changes, so
a life tap no longer gives the season a new version (which made the next standings read
recompute). Games stored before it start at 0; caches live in memory and start empty.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0020_game_facts_version'
down_revision: str | None = '0019_round_clock'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('facts_version', sa.Integer(), nullable=False,
                                      server_default='0'))


def downgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('facts_version')
