"""The migrations build exactly the tables the models describe, on SQLite and PostgreSQL
(on an empty database, `empty_db_url`: every other test starts from a migrated copy)."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

import server.db.tables  # noqa: F401
from server.core.settings import Settings
from server.db.engine import create_db_engine
from server.db.migrate import upgrade_to_head


def test_upgrade_head_on_an_empty_database_matches_the_models(empty_db_url: str) -> None:
    engine = create_db_engine(Settings(db_url=empty_db_url))
    upgrade_to_head(engine)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        diff = compare_metadata(context, SQLModel.metadata)
        tables = set(sa.inspect(connection).get_table_names())
    engine.dispose()
    assert diff == []
    assert {"pod", "player", "pick", "alembic_version"} <= tables


def test_upgrade_head_twice_is_a_no_op(empty_db_url: str) -> None:
    engine = create_db_engine(Settings(db_url=empty_db_url))
    upgrade_to_head(engine)
    upgrade_to_head(engine)
    engine.dispose()


def test_a_pod_stored_before_line_ups_keeps_its_set_and_gets_the_default_house_rules(
    empty_db_url: str,
) -> None:
    from alembic import command
    from server.db.migrate import alembic_config

    engine = create_db_engine(Settings(db_url=empty_db_url))
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


def test_a_pod_and_a_night_stored_before_the_reveal_keep_decks_secret_until_the_night_ends(
    empty_db_url: str,
) -> None:
    engine = stored_at(empty_db_url, "0008_cluster", (
        "INSERT INTO pod (id, set_code, seats, bots_allowed, seed, host_token_hash, phase,"
        " paused, version, created_at, updated_at) VALUES ('old', 'CLB', 8, true, 7, 'h',"
        " 'drafting', false, 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
        "INSERT INTO event (id, set_code, seed, host_token_hash, phase, created_at)"
        " VALUES ('night', 'CMR', 7, 'h', 'open', CURRENT_TIMESTAMP)"))
    upgrade_to_head(engine)
    with engine.connect() as connection:
        pod = connection.execute(sa.text(
            "SELECT replay_visibility FROM pod WHERE id = 'old'")).scalar_one()
        night = connection.execute(sa.text(
            "SELECT replay_visibility FROM event WHERE id = 'night'")).scalar_one()
    engine.dispose()
    assert (pod, night) == ("after_night", "after_night")


def stored_at(db_url: str, revision: str, statements: tuple[str, ...]) -> sa.Engine:
    """A database migrated to `revision` only, holding what `statements` insert."""
    from alembic import command
    from server.db.migrate import alembic_config

    engine = create_db_engine(Settings(db_url=db_url))
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
        for statement in statements:
            connection.execute(sa.text(statement))
    return engine


def test_a_pod_stored_before_the_bots_option_replays_its_plain_shuffle(empty_db_url: str) -> None:
    engine = stored_at(empty_db_url, "0008_cluster", (
        "INSERT INTO pod (id, set_code, seats, bots_allowed, seed, host_token_hash, phase,"
        " paused, version, created_at, updated_at) VALUES ('old', 'CMR', 8, true, 7, 'h',"
        " 'drafting', false, 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",))
    upgrade_to_head(engine)
    with engine.connect() as connection:
        apart = connection.execute(sa.text(
            "SELECT bots_between_people FROM pod WHERE id = 'old'")).scalar_one()
    engine.dispose()
    assert apart is False or apart == 0


def test_a_game_stored_before_confirmations_counted_stays_counted(empty_db_url: str) -> None:
    """Games from before migration 0018 need no confirmation; new games do."""
    engine = stored_at(empty_db_url, "0017_season_version", (
        "INSERT INTO pod (id, set_code, seats, bots_allowed, seed, host_token_hash, phase,"
        " paused, version, created_at, updated_at) VALUES ('old', 'CMR', 8, true, 7, 'h',"
        " 'playing', false, 3, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)",
        "INSERT INTO game (id, pod_id, table_number, number, players_json, current,"
        " created_at) VALUES ('g1', 'old', 1, 1, '[]', true, CURRENT_TIMESTAMP)"))
    upgrade_to_head(engine)
    with engine.connect() as connection:
        needs = connection.execute(sa.text(
            "SELECT needs_confirmation FROM game WHERE id = 'g1'")).scalar_one()
    engine.dispose()
    assert needs is False or needs == 0


def test_the_heads_read_from_the_scripts_lines_are_alembics_heads() -> None:
    """`upgrade_to_head` skips Alembic when the database is stamped at these heads, so they
    must be exactly the heads Alembic computes from the imported scripts."""
    from alembic.script import ScriptDirectory

    from server.db.migrate import alembic_config, head_revisions, script_location

    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    assert head_revisions(script_location()) == frozenset(heads)


def test_a_script_whose_revision_is_not_a_plain_literal_leaves_the_decision_to_alembic(
    tmp_path: Path,
) -> None:
    from server.db.migrate import head_revisions

    (tmp_path / "versions").mkdir()
    (tmp_path / "versions" / "0001_a.py").write_text(
        "revision: str = '0001'\ndown_revision: str | None = None\n")
    assert head_revisions(tmp_path) == frozenset({"0001"})
    (tmp_path / "versions" / "0002_b.py").write_text(
        "revision = make_id()\ndown_revision = '0001'\n")
    assert head_revisions(tmp_path) is None
