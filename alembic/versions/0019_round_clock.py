"""round_clock_entry and event.clock_saved_at: a night's round clock, as a log

Revision ID: 0019_round_clock
Revises: 0018_game_confirmation
Create Date: 2026-12-05

Each change the host makes to a round's clock (start, pause, resume, add time, end early,
the rule at time) is one row holding the clock as it stood after it; the clock now is the
night's last row. `event.clock_saved_at` is when a running clock was last stored as
running, so a restart gives back the time the server was down (as `pod.timers_saved_at`
does for pick timers). Nights stored before it have no clock.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0019_round_clock'
down_revision: str | None = '0018_game_confirmation'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'round_clock_entry',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('event_id', sa.String(length=32), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('action', sa.String(length=16), nullable=False),
        sa.Column('round', sa.Integer(), nullable=False),
        sa.Column('length_seconds', sa.Integer(), nullable=False),
        sa.Column('left_seconds', sa.Float(), nullable=False),
        sa.Column('since', sa.DateTime(timezone=True), nullable=False),
        sa.Column('running', sa.Boolean(), nullable=False),
        sa.Column('ended', sa.Boolean(), nullable=False),
        sa.Column('rule', sa.String(length=16), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('event_id', 'seq'),
    )
    op.create_index('ix_round_clock_entry_event_id', 'round_clock_entry', ['event_id'],
                    unique=False)
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('clock_saved_at', sa.DateTime(timezone=True),
                                      nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('clock_saved_at')
    op.drop_index('ix_round_clock_entry_event_id', table_name='round_clock_entry')
    op.drop_table('round_clock_entry')
