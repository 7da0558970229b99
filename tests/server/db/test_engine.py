"""Which databases the server opens, and what it says about a URL it cannot use."""

from __future__ import annotations

import sys

import pytest

from server.core.settings import Settings
from server.db.engine import DatabaseConfigError, create_db_engine


def test_postgresql_without_its_driver_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A plain `pip install prismatic` has no psycopg (it is the `postgres` extra)."""
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if it were not installed
    with pytest.raises(DatabaseConfigError, match=r"pip install 'prismatic\[postgres\]'"):
        create_db_engine(Settings(db_url="postgresql+psycopg://u:p@127.0.0.1:9/db"))


def test_a_database_other_than_sqlite_or_postgresql_is_refused_by_name() -> None:
    with pytest.raises(DatabaseConfigError, match="unsupported database 'mysql'"):
        create_db_engine(Settings(db_url="mysql://u:p@127.0.0.1/db"))


def test_a_url_that_does_not_parse_is_quoted_back() -> None:
    with pytest.raises(DatabaseConfigError, match="cannot parse database URL 'not a url'"):
        create_db_engine(Settings(db_url="not a url"))
