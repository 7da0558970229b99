"""Run the Alembic migrations to head from Python, as `prismatic serve` does on start.

Why programmatic: the host never types an `alembic` command. The scripts are written in
the top-level `alembic/` folder; a wheel carries a copy as `server/migrations` (setup.py
copies the folder at build time, so a new file in `alembic/versions` ships without any
list to update). This module uses the packaged copy when there is one and the checkout's
folder otherwise (an editable install), and configures Alembic in code, so no
`alembic.ini` is needed at run time.

Why a check before Alembic: every start migrates, and nearly every start finds the
database current. Importing Alembic (with Mako) and loading every script costs a restart
about half a second; reading the scripts' `revision` lines and the `alembic_version` row
costs milliseconds. Alembic runs whenever the two differ, and decides every real upgrade.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

if TYPE_CHECKING:  # Alembic is imported when a migration runs, not on every start
    from alembic.config import Config

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


REVISION_LINE = re.compile(r"^(down_revision|revision)\b[^=\n]*=(.*)$", re.MULTILINE)
"""A script's `revision: str = '0018_x'` or `down_revision: str | None = '0017_y'` line."""


def head_revisions(folder: Path) -> frozenset[str] | None:
    """The newest revisions, read from the scripts' lines: every revision no script names
    as its `down_revision`. None when a script's lines are not plain literals (then
    Alembic, which imports the scripts, decides)."""
    revisions: set[str] = set()
    below: set[str] = set()
    for script in (folder / "versions").glob("*.py"):
        fields: dict[str, object] = {}
        for name, value in REVISION_LINE.findall(script.read_text(encoding="utf-8")):
            try:
                fields.setdefault(name, ast.literal_eval(value.strip()))
            except (ValueError, SyntaxError):
                return None
        revision, down = fields.get("revision"), fields.get("down_revision")
        if not isinstance(revision, str):
            return None
        revisions.add(revision)
        if isinstance(down, str):
            below.add(down)
        elif isinstance(down, tuple | list):
            below.update(str(each) for each in down)
        elif down is not None:
            return None
    return frozenset(revisions - below) or None


def stamped_revisions(connection: Connection) -> frozenset[str]:
    """The revisions the database says it is at (`alembic_version`); none when new."""
    if not sa.inspect(connection).has_table("alembic_version"):
        return frozenset()
    rows = connection.execute(sa.text("SELECT version_num FROM alembic_version"))
    return frozenset(str(row[0]) for row in rows)


def alembic_config() -> Config:
    """The project's Alembic config with absolute paths, wherever the process runs."""
    from alembic.config import Config

    config = Config()
    # `%` is ConfigParser's interpolation character; a path may hold one.
    config.set_main_option("script_location", str(script_location()).replace("%", "%%"))
    return config


def upgrade_to_head(engine: Engine) -> None:
    """Bring the database schema to the newest revision (a no-op when it is current)."""
    with engine.begin() as connection:
        if stamped_revisions(connection) == head_revisions(script_location()):
            return
        from alembic import command

        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
