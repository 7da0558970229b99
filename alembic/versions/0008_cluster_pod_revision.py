"""pod revision: the counter several server processes write a pod under

Revision ID: 0008_cluster
Revises: 0007_sets
Create Date: 2026-11-30

Every committed change of a pod bumps `pod.revision` under the pod's row lock when the
server runs as several processes (`server.cluster`); a single process leaves it at 0.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0008_cluster'
down_revision: str | None = '0007_sets'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.add_column(sa.Column('revision', sa.BigInteger(), server_default='0',
                                      nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.drop_column('revision')
