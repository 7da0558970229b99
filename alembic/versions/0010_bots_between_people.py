"""pod option: seat the people between the bots

Revision ID: 0010_bots_apart
Revises: 0009_reveal
Create Date: 2026-12-01

`pod.bots_between_people`: the draft seated its people as evenly as their count allows
between the bots (`draft.engine.seat_players`). Pods stored before it get false, so a
restart replays them with the plain seeded shuffle they were seated with.

`player.seat_filler`: the bots that took the empty seats at the start, the ones the
seating spread the people between (a seat handed to a bot later is not one of them).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0010_bots_apart'
down_revision: str | None = '0009_reveal'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bots_between_people', sa.Boolean(),
                                      server_default=sa.false(), nullable=False))
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seat_filler', sa.Boolean(),
                                      server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_column('seat_filler')
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.drop_column('bots_between_people')
