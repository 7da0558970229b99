"""Who may serve one PostgreSQL database: cluster members together, or one plain process.

Why: a process started without `--cluster` keeps its memory as the truth and never hears
the others' commits, so beside cluster members (or beside another plain process) it would
serve a night that diverges from theirs, silently. Every process therefore claims the
database at start, on one fixed session advisory lock: a cluster member takes it shared
(`pg_try_advisory_lock_shared`), a plain process exclusive (`pg_try_advisory_lock`).
Whoever cannot take theirs refuses to start with one line. The claim is held by a
connection of its own for the process's life; PostgreSQL drops it when that connection
ends, so a SIGKILLed process's claim goes with it. SQLite serves one process anyway.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from server.cluster.listen import conninfo
from server.db import Engine
from server.db.engine import DatabaseConfigError

if TYPE_CHECKING:  # PostgreSQL's driver is an extra: imported only where it is used
    import psycopg

MODE_LOCK = 0x70726973_6D6F6465
"""The advisory lock key ('prismode' in ASCII); the timer lease uses another key."""
CLAIM_SECONDS = 2.0
"""How long a start waits for the claim: a process killed a moment ago may still hold
it until PostgreSQL has noticed its connection closed."""

PLAIN_BESIDE_OTHERS = (
    "another Prismatic process already serves this database; stop it, or start every "
    "process with --cluster")
MEMBER_BESIDE_PLAIN = (
    "a Prismatic process started without --cluster serves this database; stop it, then "
    "start every process with --cluster")


class DatabaseClaim:
    """This process's claim on its database; `release` at shutdown."""

    def __init__(self, connection: psycopg.Connection[tuple[object, ...]]) -> None:
        self._connection = connection

    def release(self) -> None:
        if not self._connection.closed:
            self._connection.close()


def claim_database(engine: Engine, cluster: bool) -> DatabaseClaim | None:
    """Claim the database for a cluster member (shared) or a plain process (exclusive);
    `DatabaseConfigError` when the other kind (or, for a plain one, anyone) holds it.
    None on SQLite."""
    if engine.url.get_backend_name() != "postgresql":
        return None
    import psycopg  # only with PostgreSQL (the `postgres` extra), never on SQLite

    take = "pg_try_advisory_lock_shared" if cluster else "pg_try_advisory_lock"
    connection = psycopg.connect(conninfo(engine), autocommit=True)
    deadline = time.monotonic() + CLAIM_SECONDS
    while True:
        row = connection.execute(f"SELECT {take}(%s)", (MODE_LOCK,)).fetchone()
        if row is not None and row[0]:
            return DatabaseClaim(connection)
        if time.monotonic() >= deadline:
            connection.close()
            raise DatabaseConfigError(MEMBER_BESIDE_PLAIN if cluster else PLAIN_BESIDE_OTHERS)
        time.sleep(0.1)
