"""Rules of the test suite's PostgreSQL copies (tests/server/support/recycled.py): a copy a
test used comes to the next test as the template again, or not at all."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from tests.server.support import migrated
from tests.server.support.recycled import RECYCLER


def rows_and_next_pick_id(url: str) -> tuple[dict[str, int], int]:
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.begin() as connection:
            tables = connection.execute(sa.text(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).scalars().all()
            counts = {table: connection.execute(sa.text(f'SELECT count(*) FROM "{table}"'))
                      .scalar_one() for table in tables}
            return counts, connection.execute(sa.text("SELECT nextval('pick_id_seq')")).scalar_one()
    finally:
        engine.dispose()


def execute(url: str, *statements: str) -> None:
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.begin() as connection:
            for statement in statements:
                connection.execute(sa.text(statement))
    finally:
        engine.dispose()


def exists(admin_url: str, url: str) -> bool:
    admin = sa.create_engine(admin_url, poolclass=sa.pool.NullPool)
    try:
        with admin.connect() as connection:
            return bool(connection.execute(
                sa.text("SELECT count(*) FROM pg_database WHERE datname = :name"),
                {"name": sa.make_url(url).database}).scalar_one())
    finally:
        admin.dispose()


def test_a_used_copy_comes_back_with_only_the_templates_rows_and_its_sequences_restarted(
        postgres_admin_url: str, postgres_template: str) -> None:
    with migrated.postgres_copy(postgres_admin_url, postgres_template) as fresh:
        template_rows, first_id = rows_and_next_pick_id(fresh)
    with migrated.postgres_copy(postgres_admin_url, postgres_template) as used:
        execute(used, "INSERT INTO season (id, name, scoring, points_json, achievements_json, "
                      "host_token_hash, created_at, version) "
                      "VALUES ('s1', 's1', 'win-draw-loss', '{}', '{}', 'h', now(), 1)",
                "SELECT setval('pick_id_seq', 500)")
    with migrated.postgres_copy(postgres_admin_url, postgres_template) as again:
        assert again == used, "the spare is taken again"
        assert rows_and_next_pick_id(again) == (template_rows, first_id)
    assert template_rows["alembic_version"] == 1
    assert sum(template_rows.values()) == 1


def test_whoever_a_test_left_connected_is_ended_and_cannot_come_back_while_it_waits(
        postgres_admin_url: str, postgres_template: str) -> None:
    with migrated.postgres_copy(postgres_admin_url, postgres_template) as url:
        leftover = sa.create_engine(url, poolclass=sa.pool.NullPool)
        held = leftover.connect()
        held.execute(sa.text("SELECT 1"))
    try:
        with pytest.raises(sa.exc.DBAPIError):
            held.execute(sa.text("SELECT 1"))
        with pytest.raises(sa.exc.OperationalError, match="not currently accepting"):
            leftover.connect()
    finally:
        held.invalidate()
        leftover.dispose()
    assert sa.make_url(url).database in RECYCLER.spares(postgres_template).names


def test_a_copy_whose_schema_a_test_changed_is_dropped_not_used_again(
        postgres_admin_url: str, postgres_template: str) -> None:
    with migrated.postgres_copy(postgres_admin_url, postgres_template) as url:
        execute(url, "ALTER TABLE season ADD COLUMN extra TEXT")
    assert not exists(postgres_admin_url, url)
    with migrated.postgres_copy(postgres_admin_url, postgres_template) as url:
        execute(url, "CREATE TABLE filler (x TEXT)")
    assert not exists(postgres_admin_url, url)
