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

The count moves twice per commit of the runtime's sessions (`CommitCount.session`): when
SQLAlchemy begins it (the engine's `commit` event, which fires *before* the database's
commit) and again once the database's commit has returned (the session's `after_commit`),
before the write's caller hears of it (the writer calls back on the loop after its
commit). The second move is the one the cache relies on: a reader that took the count
while a commit was under way read the old rows, and under that count it would keep the old
version as current until the next commit (met under load: standings still pending after a
confirmation was acknowledged, tests/server/services/test_season_reads.py). A commit made
outside those sessions (a migration, the card store) moves the count only as it begins.
"""

from __future__ import annotations

import threading
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

COUNT_KEY = "prismatic.commit_count"
"""Where a session made by `CommitCount.session` keeps its count (`Session.info`)."""


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
        sa.event.listen(engine, "commit", self._on_commit)

    def session(self, engine: sa.Engine) -> Session:
        """A session on `engine` whose every commit moves the count again once the
        database's commit has returned. `engine` must already be `watch`ed (the runtime
        watches its engines where it makes them): this runs on every read and write."""
        return Session(engine, expire_on_commit=False, info={COUNT_KEY: self})

    def moved(self) -> None:
        """Count one more commit (from any thread)."""
        with self._lock:
            self._value += 1

    def _on_commit(self, _connection: Any) -> None:
        self.moved()


@sa.event.listens_for(Session, "after_commit")
def _after_commit(session: Session) -> None:
    count = session.info.get(COUNT_KEY)
    if count is not None:
        count.moved()
