"""season.version: what keys a season's cached standings, beside its nights' game logs

Revision ID: 0017_season_version
Revises: 0016_caps_lobby
Create Date: 2026-12-02

Seasons stored before it start at version 0; their cached standings are computed anew on
the first read after the upgrade anyway (the cache lives in memory).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0017_season_version'
down_revision: str | None = '0016_caps_lobby'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.Integer(), nullable=False,
                                      server_default='0'))


def downgrade() -> None:
    with op.batch_alter_table('season', schema=None) as batch_op:
        batch_op.drop_column('version')
