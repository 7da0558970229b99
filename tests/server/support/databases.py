"""Which databases a server test runs on.

Every test that takes `db_url` runs on SQLite and on PostgreSQL (`tests/server/conftest.py`)
unless it says otherwise. A test whose rule memory decides before anything is stored (a
refusal, who may act, what a view, an export or a socket's close code says) says
`@SQLITE_ONLY`: a second database would run the same code to the same answer, and the
suite's time is every stop's time. Each write path still meets PostgreSQL in the tests
whose rule is what is stored (the commit, a restart, a crash, a race), which keep both.
"""

from __future__ import annotations

import pytest

SQLITE_ONLY = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
