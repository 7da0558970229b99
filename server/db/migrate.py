"""Run the Alembic migrations to head from Python, as `prismatic serve` does on start.

Why programmatic: the host never types an `alembic` command. The scripts are written in
the top-level `alembic/` folder; a wheel carries a copy as `server/migrations` (setup.py
copies the folder at build time, so a new file in `alembic/versions` ships without any
list to update). This module uses the packaged copy when there is one and the checkout's
folder otherwise (an editable install), and configures Alembic in code, so no
`alembic.ini` is needed at run time.
"""

from __future__ import annotations

from pathlib import Path

from alembic.config import Config
from sqlalchemy.engine import Engine

from alembic import command

PACKAGED = Path(__file__).resolve().parents[1] / "migrations"
"""`server/migrations` inside an installed wheel."""
CHECKOUT = Path(__file__).resolve().parents[2] / "alembic"
"""The top-level `alembic/` folder of a source checkout."""


def script_location() -> Path:
    """The folder holding `env.py` and `versions/`: packaged first, then the checkout."""
    for folder in (PACKAGED, CHECKOUT):
        if (folder / "env.py").is_file():
            return folder
    raise FileNotFoundError(f"no migrations in {PACKAGED} or {CHECKOUT}: a broken install")


def alembic_config() -> Config:
    """The project's Alembic config with absolute paths, wherever the process runs."""
    config = Config()
    # `%` is ConfigParser's interpolation character; a path may hold one.
    config.set_main_option("script_location", str(script_location()).replace("%", "%%"))
    return config


def upgrade_to_head(engine: Engine) -> None:
    """Bring the database schema to the newest revision (a no-op when it is current)."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
