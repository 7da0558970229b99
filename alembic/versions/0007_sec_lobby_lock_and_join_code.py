"""lobby lock and join code: the host closes the lobby or asks phones for a short code

Revision ID: 0007_sec
Revises: 0006
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op


revision: str = '0007_sec'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.add_column(sa.Column('locked', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column('join_code', sqlmodel.sql.sqltypes.AutoString(length=8),
                                      nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.drop_column('join_code')
        batch_op.drop_column('locked')
