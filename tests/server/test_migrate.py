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


def test_a_pod_stored_before_line_ups_keeps_its_set_and_gets_the_default_house_rules(
    db_url: str,
) -> None:
    from alembic import command
    from server.db.migrate import alembic_config

    engine = create_db_engine(Settings(db_url=db_url))
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
        connection.execute(sa.text(
            "INSERT INTO pod (id, set_code, seats, bots_allowed, seed, host_token_hash, phase,"
            " paused, version, created_at, updated_at) VALUES ('old', 'CLB', 8, true, 7, 'h',"
            " 'drafting', false, 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
    upgrade_to_head(engine)
    with engine.connect() as connection:
        row = connection.execute(sa.text(
            "SELECT set_code, packs, starting_life, deck_size_rule FROM pod WHERE id = 'old'"
        )).one()
    engine.dispose()
    assert tuple(row) == ("CLB", None, 40, "at-least")


def test_a_pod_stored_before_the_bots_option_replays_its_plain_shuffle(db_url: str) -> None:
    from alembic import command
    from server.db.migrate import alembic_config

    engine = create_db_engine(Settings(db_url=db_url))
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0008_cluster")
        connection.execute(sa.text(
            "INSERT INTO pod (id, set_code, seats, bots_allowed, seed, host_token_hash, phase,"
            " paused, version, created_at, updated_at) VALUES ('old', 'CMR', 8, true, 7, 'h',"
            " 'drafting', false, 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
    upgrade_to_head(engine)
    with engine.connect() as connection:
        apart = connection.execute(sa.text(
            "SELECT bots_between_people FROM pod WHERE id = 'old'")).scalar_one()
    engine.dispose()
    assert apart is False or apart == 0
