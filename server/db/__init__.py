"""Database shell: tables, engine setup, migrations and the repository of queries.

Layer rule: only this package writes SQL (an import-linter contract keeps SQLAlchemy and
SQLModel out of every other module of `server`). Repository functions never commit; the
writer thread (`writer.py`) commits each change a service stages.

The few SQLAlchemy names the rest of the server needs, it takes from here: `Session` (the
unit-of-work type services annotate their `stage` functions with, and the runtime opens),
`Engine` (what the runtime and the cluster hold), and the errors that mean "the database
could not do it" (`OperationalError`: busy or gone, answered 503 `db_busy`;
`SQLAlchemyError`: any, for the command line's one-line messages).
"""

from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlmodel import Session

__all__ = ["Engine", "OperationalError", "SQLAlchemyError", "Session"]
