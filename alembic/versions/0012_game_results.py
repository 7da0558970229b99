"""Game results and achievements: achievements_json on pod and event, game_entry.detail

Revision ID: 0012_game_results
Revises: 0011_timers
Create Date: 2026-12-01

A game's end (concessions, draws, the host's corrections, confirmations, achievement
claims) is stored as more kinds of game_entry rows; `detail` holds what such an entry
carries beyond the tap columns (placings, the achievement's name, the entry it confirms).
The achievements a host offers are a JSON list on the pod (and on the event its pods
copy them from).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op


revision: str = '0012_game_results'
down_revision: str | None = '0011_timers'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.add_column(sa.Column("achievements_json", 
                                      sqlmodel.sql.sqltypes.AutoString(), nullable=True))
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column("achievements_json", 
                                      sqlmodel.sql.sqltypes.AutoString(), nullable=True))
    with op.batch_alter_table('game_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column("detail", 
                                      sqlmodel.sql.sqltypes.AutoString(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('game_entry', schema=None) as batch_op:
        batch_op.drop_column('detail')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('achievements_json')
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.drop_column('achievements_json')
