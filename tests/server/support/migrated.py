"""A database migrated once per test worker, copied for each test (issue #43).

Why: nearly every server test starts an app on a fresh database, and the app's first act
is to run every Alembic migration (about a second on SQLite under the suite's load, half
a second on PostgreSQL). The schema is the same for all of them, so each worker migrates
one template and each test gets a copy: a file copy on SQLite, `CREATE DATABASE …
TEMPLATE …` on PostgreSQL, or there a used copy emptied back to the template
(tests/server/support/recycled.py). The app still runs `upgrade_to_head` on start, and finds the
copy current. The migrations themselves are tested on an empty database
(`empty_db_url`, tests/server/db/test_migrate.py).
"""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

from server.core.settings import Settings
from server.db.engine import create_db_engine
from server.db.migrate import upgrade_to_head
from tests.server.support.recycled import RECYCLER, database_url


def migrate(url: str) -> None:
    """Bring the database at `url` to head, as the app does on start, and let it go."""
    engine = create_db_engine(Settings(db_url=url))
    try:
        upgrade_to_head(engine)
    finally:
        engine.dispose()


def sqlite_template(folder: Path) -> Path:
    """A SQLite file migrated to head, whole in itself (its WAL checkpointed and gone:
    the last connection's close does it), ready to be copied."""
    template = folder / "migrated.db"
    migrate(f"sqlite:///{template}")
    leftovers = [side for side in (Path(f"{template}-wal"), Path(f"{template}-shm"))
                 if side.exists()]
    assert not leftovers, f"the template's WAL was not checkpointed: {leftovers}"
    return template


def sqlite_copy(template: Path, folder: Path) -> str:
    """A fresh migrated database for one test: a copy of the template in `folder`."""
    database = folder / "test.db"
    shutil.copyfile(template, database)
    return f"sqlite:///{database}"


def postgres_name(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:12]}"


@contextmanager
def postgres_template(admin_url: str) -> Iterator[str]:
    """A PostgreSQL database migrated to head, for `CREATE DATABASE … TEMPLATE`; dropped
    at the end. Its name, not its URL: no connection to it may stay open (PostgreSQL
    refuses to copy a database someone is connected to)."""
    name = postgres_name("prismatic_tpl")
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(sa.text(f'CREATE DATABASE "{name}"'))
        try:
            migrate(database_url(admin_url, name))
            yield name
        finally:
            RECYCLER.drop_all(admin, name)
            with admin.connect() as connection:
                connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@contextmanager
def postgres_copy(admin_url: str, template: str) -> Iterator[str]:
    """A fresh migrated PostgreSQL database for one test: a copy of `template`, made or
    a spare emptied back to it (tests/server/support/recycled.py). After the test it is
    emptied and kept as a spare, with whatever connections the test left open ended, or
    dropped if it is no longer the template's copy."""
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        name = RECYCLER.take(admin, template)
        if name is None:
            name = postgres_name("prismatic_t")
            with admin.connect() as connection:
                connection.execute(sa.text(f'CREATE DATABASE "{name}" TEMPLATE "{template}"'))
            RECYCLER.note_fresh(admin_url, template, name)
        try:
            yield database_url(admin_url, name)
        finally:
            if not RECYCLER.give_back(admin, admin_url, template, name):
                with admin.connect() as connection:
                    connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()
