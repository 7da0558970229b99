"""game entry ref: a phone's name for a tap, so a resent tap is stored once

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op


revision: str = '0006'
down_revision: str | None = '0005'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('game_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ref', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.create_index('ix_game_entry_game_id_author_ref', ['game_id', 'author', 'ref'], unique=True)


def downgrade() -> None:
    with op.batch_alter_table('game_entry', schema=None) as batch_op:
        batch_op.drop_index('ix_game_entry_game_id_author_ref')
        batch_op.drop_column('ref')
