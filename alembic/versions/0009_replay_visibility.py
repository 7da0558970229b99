"""replay visibility: who may replay whose draft, chosen by the host per pod and per night

Revision ID: 0009_reveal
Revises: 0008_cluster
Create Date: 2026-12-01

Pods and nights stored before it get the default, `after_night`: nobody sees another
seat's picks before the host ends the night (`pods.reveal`).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op


revision: str = '0009_reveal'
down_revision: str | None = '0008_cluster'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ('pod', 'event'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('replay_visibility', sqlmodel.sql.sqltypes.AutoString(length=16),
                                          server_default='after_night', nullable=False))


def downgrade() -> None:
    for table in ('pod', 'event'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('replay_visibility')
