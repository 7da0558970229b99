"""Run the Alembic migrations to head from Python, as `prismatic serve` does on start.

Why programmatic: the host never types an `alembic` command. The scripts live in the
top-level `alembic/` folder of the (editable) install, found relative to this file.
"""

from __future__ import annotations

from pathlib import Path

from alembic.config import Config
from sqlalchemy.engine import Engine

from alembic import command

ROOT = Path(__file__).resolve().parents[2]


def alembic_config() -> Config:
    """The project's Alembic config with absolute paths, wherever the process runs."""
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "alembic"))
    return config


def upgrade_to_head(engine: Engine) -> None:
    """Bring the database schema to the newest revision (a no-op when it is current)."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
