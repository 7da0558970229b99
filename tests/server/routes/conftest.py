"""`seasonless_client`: one in-process app per module, for its tests of refused requests.

Why: a test whose request is refused (a bad season file, a scheme the season cannot use)
stores nothing, yet each started an app of its own on a fresh database: about 0.1 s of CPU
an app (its start and the routes FastAPI builds on its first request), more than the
refusal itself, and the season modules hold some twenty such tests. They now share one app
on SQLite (they were `SQLITE_ONLY`: a refusal is decided before anything is stored), and
each test still starts on an app that holds no season: that is checked after every test,
so a refusal that stored something fails its own test, not a later one's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from fastapi.testclient import TestClient
from sqlmodel import func, select

from server.app import create_app
from server.db.tables import SeasonRow
from tests.server.support import migrated
from tests.server.support.settings import app_settings

if TYPE_CHECKING:
    from tests.server.conftest import LoopQueries


def seasons_stored(client: TestClient) -> int:
    with client.app.state.runtime.session() as session:  # type: ignore[attr-defined]
        return int(session.exec(select(func.count()).select_from(SeasonRow)).one())


@pytest.fixture(scope="module")
def shared_seasonless_app(tmp_path_factory: pytest.TempPathFactory,
                          sqlite_template: Path) -> Iterator[TestClient]:
    """The module's one app, on a copy of the migrated SQLite template."""
    folder = tmp_path_factory.mktemp("seasonless")
    settings = app_settings(migrated.sqlite_copy(sqlite_template, folder), folder / "data")
    with TestClient(create_app(settings)) as client:
        yield client


@pytest.fixture
def seasonless_client(shared_seasonless_app: TestClient,
                      loop_queries: LoopQueries) -> Iterator[TestClient]:
    """`client` for a test whose requests are refused: the module's shared app, holding no
    season before and after the test; no request may query on the event loop, as with
    `client`."""
    assert seasons_stored(shared_seasonless_app) == 0, "an earlier test stored a season"
    with loop_queries.watch():
        yield shared_seasonless_app
    assert seasons_stored(shared_seasonless_app) == 0, "this test's refusal stored a season"
