"""pod.timers_saved_at: when the running pick timers were last stored

Revision ID: 0011_timers
Revises: 0010_bots_apart
Create Date: 2026-12-01

A seat's time left is its `player.deadline_at` minus this moment; a restarted server gives
each seat that much again instead of counting the time it was down against the players.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0011_timers'
down_revision: str | None = '0010_bots_apart'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.add_column(sa.Column('timers_saved_at', sa.DateTime(timezone=True),
                                      nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.drop_column('timers_saved_at')
