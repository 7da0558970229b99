"""How many commits this process's engines have made: a number that moves whenever this
process may have changed stored data.

Why: a season's standings are cached by its version, and each read asked the database
for that version (a hop to a pool thread and a query), twenty readers at once included.
When this process is the only writer (`Mode.sole_writer`: one process, its database
locked to it), a version read at commit count N is still the stored one while the count
is N: nothing was committed since the query began. So a read finds its version in memory
and costs the event loop a dict lookup, not a round trip.

What is counted: every commit SQLAlchemy makes on a watched engine (its `commit` event),
on any thread, the writer's batches and any other session's alike. Not counted: the
writer's picks-alone transactions, committed on the driver's own connection
(`GroupWriter._commit_picks`): they write the pick log only, which no season reads, and
a draft night makes hundreds a second. A write that changes a season always runs a
stage, so it commits through SQLAlchemy (`GroupWriter._commit`; the rule's tests:
tests/server/db/test_commits.py, and a confirmation read at once after a cached read in
tests/server/services/test_season_reads.py).

The count moves after the database's commit returns and before the write's caller hears
of it (the writer calls back on the loop after its commit), so a read that starts after a
write was acknowledged never takes an older version for the current one.
"""

from __future__ import annotations

import threading
from typing import Any

import sqlalchemy as sa


class CommitCount:
    """The commits of the engines `watch`ed so far."""

    def __init__(self) -> None:
        self._value = 0
        self._lock = threading.Lock()  # commits end on the writer's and the pools' threads
        self._watched: list[sa.Engine] = []

    @property
    def value(self) -> int:
        return self._value

    def watch(self, engine: sa.Engine) -> None:
        """Count `engine`'s commits from now on (once, however often it is asked)."""
        if any(engine is watched for watched in self._watched):
            return
        self._watched.append(engine)
        sa.event.listen(engine, "commit", self._committed)

    def _committed(self, _connection: Any) -> None:
        with self._lock:
            self._value += 1
