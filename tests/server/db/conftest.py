"""The database tests' engine: SQLite or PostgreSQL (`db_url`), migrated to head."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from server.core.settings import Settings
from server.db.engine import create_db_engine
from server.db.migrate import upgrade_to_head


@pytest.fixture
def engine(db_url: str) -> Iterator[sa.Engine]:
    engine = create_db_engine(Settings(db_url=db_url))
    upgrade_to_head(engine)
    yield engine
    engine.dispose()
