"""PostgreSQL test databases emptied back to their template and used again, not dropped
and copied anew for each test (issue #43).

Why: `CREATE DATABASE … TEMPLATE` copies the whole database, PostgreSQL's own catalogs
included (about 8 MB), and `DROP DATABASE` asks for a checkpoint: the pair cost the
database server about 0.19 s of CPU, for each of the suite's ~370 PostgreSQL tests. A
migrated template holds one row (its `alembic_version`), so a used copy is brought back to
it by deleting every other table's rows and restarting its sequences: about 7 ms.

A database is used again only if it is provably the template again:
- nobody is connected to it while it waits (connections are refused, and whoever a test
  left connected is ended first), so no process a test left running writes into the next
  test's database;
- its schema, the migration it stands at and its sequences' settings match the template's
  (`fingerprint`): a test that created a table, dropped a column or moved the migration
  leaves a database that is dropped instead, as before.
A database whose reset fails for any reason is dropped, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sqlalchemy as sa

FINGERPRINT = sa.text("""
SELECT coalesce(string_agg(part, E'\\n' ORDER BY part), '') FROM (
  SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable,
                column_default) AS part
    FROM information_schema.columns WHERE table_schema = 'public'
  UNION ALL SELECT format('index %s', indexdef) FROM pg_indexes WHERE schemaname = 'public'
  UNION ALL SELECT format('constraint %s %s', conrelid::regclass, pg_get_constraintdef(oid))
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  UNION ALL SELECT format('trigger %s %s', tgrelid::regclass, tgname)
    FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL SELECT format('relation %s %s', relname, relkind)
    FROM pg_class WHERE relnamespace = 'public'::regnamespace
  UNION ALL SELECT format('function %s', proname)
    FROM pg_proc WHERE pronamespace = 'public'::regnamespace
  UNION ALL SELECT format('schema %s', nspname) FROM pg_namespace
    WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
  UNION ALL SELECT format('sequence %s %s %s', sequencename, start_value, increment_by)
    FROM pg_sequences WHERE schemaname = 'public'
  UNION ALL SELECT format('migration %s', version_num) FROM alembic_version
) AS parts
""")
"""What makes a database this template's copy once its rows are gone: every relation,
column, index, constraint, trigger, function and schema, the sequences' settings and the
migration it stands at."""

KEPT_TABLES = frozenset({"alembic_version"})
"""Tables whose rows are the template's own, kept by a reset."""


@dataclass
class Spares:
    """One template's emptied copies, waiting for a test; and the template's fingerprint,
    read off its first copy (None until then, or for good if the template holds rows a
    reset would delete: its copies are then dropped, as before)."""

    names: list[str] = field(default_factory=list)
    fingerprint: str | None = None
    read: bool = False


class Recycler:
    """The spare copies of each template this process made (one per test worker)."""

    def __init__(self) -> None:
        self._spares: dict[str, Spares] = {}

    def spares(self, template: str) -> Spares:
        return self._spares.setdefault(template, Spares())

    def take(self, admin: sa.Engine, template: str) -> str | None:
        """A spare copy of `template`, open to connections again, or None."""
        spares = self.spares(template)
        if not spares.names:
            return None
        name = spares.names.pop()
        with admin.connect() as connection:
            connection.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true'))
        return name

    def note_fresh(self, admin_url: str, template: str, name: str) -> None:
        """Read the template's fingerprint off `name`, a copy just made, once."""
        spares = self.spares(template)
        if spares.read:
            return
        spares.read = True
        engine = sa.create_engine(database_url(admin_url, name), poolclass=sa.pool.NullPool)
        try:
            with engine.connect() as connection:
                if not any(connection.execute(sa.text(f'SELECT EXISTS (SELECT FROM "{table}")'))
                           .scalar_one() for table in _emptied_tables(connection)):
                    spares.fingerprint = connection.execute(FINGERPRINT).scalar_one()
        finally:
            engine.dispose()

    def give_back(self, admin: sa.Engine, admin_url: str, template: str, name: str) -> bool:
        """Empty `name` back to `template` and keep it as a spare; False (and the caller
        drops it) if it cannot be shown to be the template again."""
        fingerprint = self.spares(template).fingerprint
        if fingerprint is None:
            return False
        try:
            if not _reset(admin, admin_url, name, fingerprint):
                return False
        except sa.exc.SQLAlchemyError:
            return False
        self.spares(template).names.append(name)
        return True

    def drop_all(self, admin: sa.Engine, template: str) -> None:
        """Drop `template`'s spares (at the end of the worker's session)."""
        spares = self._spares.pop(template, Spares())
        with admin.connect() as connection:
            for name in spares.names:
                connection.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def _reset(admin: sa.Engine, admin_url: str, name: str, fingerprint: str) -> bool:
    """Close `name` to connections, end everyone else's, delete every row but the
    template's own, restart its sequences, and say whether it now matches `fingerprint`
    with nobody else connected."""
    engine = sa.create_engine(database_url(admin_url, name), poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:  # made while the database still lets it in
            own = connection.execute(sa.text("SELECT pg_backend_pid()")).scalar_one()
            connection.rollback()  # ends the query's implicit transaction
            with admin.connect() as closing:
                closing.execute(sa.text(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false'))
                closing.execute(sa.text(
                    "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                    "WHERE datname = :name AND pid <> :own"), {"name": name, "own": own})
            with connection.begin():
                # Foreign keys are not checked while the rows go (a superuser's right),
                # so the tables may be emptied in any order, with no cascade.
                connection.execute(sa.text("SET LOCAL session_replication_role = replica"))
                for table in _emptied_tables(connection):
                    connection.execute(sa.text(f'DELETE FROM "{table}"'))
                for sequence in connection.execute(sa.text(
                        "SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'"
                )).scalars().all():
                    connection.execute(sa.text(f'ALTER SEQUENCE "{sequence}" RESTART'))
                others = connection.execute(sa.text(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )).scalar_one()
                same = connection.execute(FINGERPRINT).scalar_one() == fingerprint
            return bool(others == 0 and same)
    finally:
        engine.dispose()


def _emptied_tables(connection: sa.Connection) -> list[str]:
    """The tables a reset empties: all but `KEPT_TABLES`, by name."""
    tables = connection.execute(sa.text(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).scalars().all()
    return sorted(set(tables) - KEPT_TABLES)


def database_url(admin_url: str, name: str) -> str:
    """The URL of database `name` on the server of `admin_url`, its password kept."""
    return sa.make_url(admin_url).set(database=name).render_as_string(hide_password=False)


RECYCLER = Recycler()
"""This test worker's spares (test support: one process, one suite)."""
