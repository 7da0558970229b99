"""game.needs_confirmation: a game's result counts for a season once confirmed

Revision ID: 0018_game_confirmation
Revises: 0017_season_version
Create Date: 2026-12-03

Games stored before it count as they did (false: their results were counted without a
confirmation, and re-asking for one after the night would take points away); every game
started after it asks for one (the model's default).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0018_game_confirmation'
down_revision: str | None = '0017_season_version'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('needs_confirmation', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('needs_confirmation')
