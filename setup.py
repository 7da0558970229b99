"""Build hook only (everything else is in pyproject.toml): ship the migrations in the wheel.

Why a hook: the migrations stay in the top-level `alembic/` folder where developers write
them, and an installed server needs them inside the package. `build_py` copies the whole
folder to `server/migrations` in the build, so any new file in `alembic/versions` ships
with no list to update. `server/db/migrate.py` finds either location.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

MIGRATIONS = Path(__file__).resolve().parent / "alembic"


class BuildWithMigrations(build_py):
    """`build_py` plus a copy of `alembic/` as `server/migrations`."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "server" / "migrations"
        shutil.rmtree(target, ignore_errors=True)  # a migration deleted since the last build
        shutil.copytree(MIGRATIONS, target, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithMigrations})
