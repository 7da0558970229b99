"""The timer lease: one process of the database fires pick timers, another takes over.

Why a session advisory lock: PostgreSQL releases it the moment the holder's connection
ends, and a SIGKILLed process's connections end with it, so a live process takes the
lease at its next timer tick (a quarter second) without any expiry of our own. Every
process asks on each tick; whoever holds the lock fires the timers of every pod, and a
timer pick still goes through the revision rule, so even two holders could not apply a
pick twice.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the `postgres` extra: imported where it is used
    import psycopg

log = logging.getLogger(__name__)

TIMER_LOCK = 0x70726973_6D617469
"""The advisory lock key ('prismati' in ASCII, as a 64-bit number)."""


class TimerLease:
    """Whether this process fires the timers; holds a connection while it does."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self._conn: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self.holding = False

    async def held(self) -> bool:
        """Take the lease if it is free; check the connection that holds it is alive."""
        import psycopg

        try:
            if self._conn is None or self._conn.closed:
                self.holding = False
                self._conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
            if self.holding:
                await self._conn.execute("SELECT 1")
                return True
            cursor = await self._conn.execute("SELECT pg_try_advisory_lock(%s)",
                                              (TIMER_LOCK,))
            row = await cursor.fetchone()
            self.holding = bool(row and row[0])
            if self.holding:
                log.info("this process now fires the pick timers")
            return self.holding
        except psycopg.Error as error:
            log.warning("timer lease connection failed (%s)", error)
            await self.close()
            return False

    async def close(self) -> None:
        conn, self._conn, self.holding = self._conn, None, False
        if conn is not None and not conn.closed:
            await conn.close()
