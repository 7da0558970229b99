"""The migrations build exactly the tables the models describe, on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

import server.db.tables  # noqa: F401
from server.db.engine import create_db_engine
from server.db.migrate import upgrade_to_head
from server.settings import Settings


def test_upgrade_head_on_an_empty_database_matches_the_models(db_url: str) -> None:
    engine = create_db_engine(Settings(db_url=db_url))
    upgrade_to_head(engine)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        diff = compare_metadata(context, SQLModel.metadata)
        tables = set(sa.inspect(connection).get_table_names())
    engine.dispose()
    assert diff == []
    assert {"pod", "player", "pick", "alembic_version"} <= tables


def test_upgrade_head_twice_is_a_no_op(db_url: str) -> None:
    engine = create_db_engine(Settings(db_url=db_url))
    upgrade_to_head(engine)
    upgrade_to_head(engine)
    engine.dispose()
