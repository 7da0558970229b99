"""Alembic environment: the target metadata is `server.db.tables` (SQLModel).

`server/db/migrate.py` passes an open connection in `config.attributes["connection"]`;
the command line uses `-x db=URL`, `PRISMATIC_DB_URL`, or the embedded SQLite default.
"""

from __future__ import annotations

from sqlmodel import SQLModel

import server.db.tables  # noqa: F401  (registers the tables on SQLModel.metadata)
from alembic import context
from server.core.settings import Settings
from server.db.engine import create_db_engine

config = context.config
target_metadata = SQLModel.metadata


def run_migrations(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run_migrations(connection)
else:
    url = context.get_x_argument(as_dictionary=True).get("db")
    settings = Settings(db_url=url) if url else Settings()
    engine = create_db_engine(settings)
    with engine.begin() as conn:
        run_migrations(conn)
    engine.dispose()
