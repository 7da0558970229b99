"""pod line-up and house rules: one set per round, starting life, deck size rule

Revision ID: 0007_sets
Revises: 0007_sec
Create Date: 2026-11-30

The same three columns on `event`: a night's pods draft its line-up under its house rules.
Old pods and nights keep their single set (`packs` NULL), start games at 40 life and check decks
as "at least 60" (CR 903.13f(1)).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op


revision: str = '0007_sets'
down_revision: str | None = '0007_sec'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.add_column(sa.Column('packs', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.add_column(sa.Column('starting_life', sa.Integer(), server_default='40', nullable=False))
        batch_op.add_column(sa.Column('deck_size_rule', sqlmodel.sql.sqltypes.AutoString(length=16), server_default='at-least', nullable=False))
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('packs', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=True))
        batch_op.add_column(sa.Column('starting_life', sa.Integer(), server_default='40', nullable=False))
        batch_op.add_column(sa.Column('deck_size_rule', sqlmodel.sql.sqltypes.AutoString(length=16), server_default='at-least', nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('deck_size_rule')
        batch_op.drop_column('starting_life')
        batch_op.drop_column('packs')
    with op.batch_alter_table('pod', schema=None) as batch_op:
        batch_op.drop_column('deck_size_rule')
        batch_op.drop_column('starting_life')
        batch_op.drop_column('packs')
