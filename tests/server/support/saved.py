"""A state built once over HTTP into a SQLite file, copied for each test that starts from it.

Why: drafting a pod (or a night of pods) costs seconds, and a module of rules about what
comes after the draft (games, results, table moves, rounds) paid it for each test. Each
test now opens its app on a copy of the file, and the app takes the state up from the
database as after a restart (the path `prismatic serve` takes when it starts again); the
restart itself is the rule of its own tests. On PostgreSQL the tests still build the state
for themselves, so the building meets both databases.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from fastapi.testclient import TestClient

from server.app import create_app
from tests.server.support.settings import app_settings

T = TypeVar("T")


@dataclass
class Saved(Generic[T]):
    """What `build` returned (handles, tokens) and the SQLite file it left."""

    value: T
    database: Path

    def copy_to(self, db_url: str) -> None:
        """Write the saved state over the SQLite `db_url`, before any app opens it."""
        target = Path(db_url.removeprefix("sqlite:///"))
        with closing(sqlite3.connect(self.database)) as source, \
                closing(sqlite3.connect(target)) as copy:
            source.backup(copy)


def saved(folder: Path, build: Callable[[TestClient], T]) -> Saved[T]:
    """Run `build` in an app on a SQLite file in `folder`, and close the app."""
    database = folder / "saved.db"
    with TestClient(create_app(app_settings(f"sqlite:///{database}", folder / "data"))) as client:
        value = build(client)
    return Saved(value, database)
