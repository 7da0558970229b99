"""seasons: a store's series of nights, its players' names, and imported nights' results

Revision ID: 0014_seasons
Revises: 0013_rounds
Create Date: 2026-12-01

A night (event) may belong to a season (`event.season_id`). Season players exist only once
the host renamed or merged them or a file imported them; `season_alias` maps every name
skeleton that means one of them. Nights imported from another install have no pods: their
games' results are stored as they came (`season_night`, `season_result`).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op


revision: str = '0014_seasons'
down_revision: str | None = '0013_rounds'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('season',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('scoring', sqlmodel.sql.sqltypes.AutoString(length=16), nullable=False),
    sa.Column('points_json', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.Column('achievements_json', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.Column('host_token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('season_player',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('season_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('season_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_player_season_id'), ['season_id'],
                              unique=False)
    op.create_table('season_alias',
    sa.Column('season_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('skeleton', sqlmodel.sql.sqltypes.AutoString(length=160), nullable=False),
    sa.Column('player_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['season_player.id'], ),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], ),
    sa.PrimaryKeyConstraint('season_id', 'skeleton')
    )
    with op.batch_alter_table('season_alias', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_alias_player_id'), ['player_id'],
                              unique=False)
    op.create_table('season_night',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('season_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('held_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['season_id'], ['season.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('season_night', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_night_season_id'), ['season_id'],
                              unique=False)
    op.create_table('season_result',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sqlmodel.sql.sqltypes.AutoString(length=32), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('result_json', sqlmodel.sql.sqltypes.AutoString(), nullable=False),
    sa.ForeignKeyConstraint(['night_id'], ['season_night.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('night_id', 'seq')
    )
    with op.batch_alter_table('season_result', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_season_result_night_id'), ['night_id'],
                              unique=False)
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('season_id', sqlmodel.sql.sqltypes.AutoString(length=32),
                                      nullable=True))
        batch_op.create_index(batch_op.f('ix_event_season_id'), ['season_id'], unique=False)
        batch_op.create_foreign_key('fk_event_season_id_season', 'season', ['season_id'], ['id'])


def downgrade() -> None:
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_constraint('fk_event_season_id_season', type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_event_season_id'))
        batch_op.drop_column('season_id')
    for table in ('season_result', 'season_night', 'season_alias', 'season_player'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            index = {'season_result': 'night_id', 'season_night': 'season_id',
                     'season_alias': 'player_id', 'season_player': 'season_id'}[table]
            batch_op.drop_index(batch_op.f(f'ix_{table}_{index}'))
        op.drop_table(table)
    op.drop_table('season')
