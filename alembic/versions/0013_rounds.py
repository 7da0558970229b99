"""game.round: which round of the night a game belongs to

Revision ID: 0013_rounds
Revises: 0012_game_results
Create Date: 2026-12-01

Round 1 is each pod's own table split; "Next round" re-seats the whole night (every pod of
an event) by standings, and stores each new game in the night's first pod with its round
(`server.services.tables.rounds`). Games stored before this column are round 1.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0013_rounds'
down_revision: str | None = '0012_game_results'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('round', sa.Integer(), server_default='1',
                                      nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('round')
