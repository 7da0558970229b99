"""event.screen_token_hash: the store's screen, a read-only projector page for a night

Revision ID: 0015_store_screen
Revises: 0014_seasons
Create Date: 2026-12-01

Only the hash of the screen link's token is stored. Nights stored before it have none
until their host opens the night's host screen (`server.services.events.screen_tokens`).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op


revision: str = '0015_store_screen'
down_revision: str | None = '0014_seasons'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('screen_token_hash',
                                      sqlmodel.sql.sqltypes.AutoString(length=64),
                                      nullable=True))
        batch_op.create_index(batch_op.f('ix_event_screen_token_hash'), ['screen_token_hash'],
                              unique=True)


def downgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_screen_token_hash'))
        batch_op.drop_column('screen_token_hash')
