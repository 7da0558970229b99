"""caps per address and a night's lobby guard: who made a pod or night, the night's lock,
join code and last change

Revision ID: 0016_caps_lobby
Revises: 0015_store_screen
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op


revision: str = '0016_caps_lobby'
down_revision: str | None = '0015_store_screen'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.add_column(sa.Column('created_by', sqlmodel.sql.sqltypes.AutoString(length=64),
                                      nullable=True))
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('locked', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column('join_code', sqlmodel.sql.sqltypes.AutoString(length=8),
                                      nullable=True))
        batch_op.add_column(sa.Column('created_by', sqlmodel.sql.sqltypes.AutoString(length=64),
                                      nullable=True))
        batch_op.add_column(sa.Column('changed_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('changed_at')
        batch_op.drop_column('created_by')
        batch_op.drop_column('join_code')
        batch_op.drop_column('locked')
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.drop_column('created_by')
