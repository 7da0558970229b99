"""season.made_on_laptop: only a season made on the laptop opens the host's reserve

Revision ID: 0022_season_made_on_laptop
Revises: 0021_season_games_version
Create Date: 2026-12-05

Anyone may make a season, and a season's host token opened the host's reserve of nights
and pods: strangers who made seasons on their phones filled it, and a real season's host
(not on the laptop) was refused (issue #42). A season made elsewhere is now a stranger's
for the caps. Seasons stored before this migration count as made on the laptop: they were
made before strangers could be told apart, and refusing the store's own season would be
the lockout this prevents.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op


revision: str = '0022_season_made_on_laptop'
down_revision: str | None = '0021_season_games_version'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Not in batch mode: on SQLite a batch may rebuild the table, and the rename at its end
    # fails while migration 0021's triggers name `season`. SQLite adds a column in place.
    op.add_column('season', sa.Column('made_on_laptop', sa.Boolean(), nullable=False,
                                      server_default=sa.true()))


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":  # in place, for the same reason (3.35+)
        op.execute("ALTER TABLE season DROP COLUMN made_on_laptop")
    else:
        op.drop_column('season', 'made_on_laptop')
