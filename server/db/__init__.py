"""Database shell: tables, engine setup, migrations and the repository of queries.

Layer rule: only this package writes SQL (an import-linter contract keeps SQLAlchemy and
SQLModel out of routes, services and views). Repository functions never commit; the
writer thread (`writer.py`) commits each change a service stages.

`Session` is the unit-of-work type services annotate their `stage` functions with.
"""

from sqlmodel import Session

__all__ = ["Session"]
