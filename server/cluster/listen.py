"""The listener: every process hears `NOTIFY prismatic` and catches the named pod up.

Why a dedicated connection: LISTEN holds a session open for notices, so it cannot share
the pool. Why a sweep on every (re)connect: notices sent while the connection was down
are lost, so the listener reads every pod's revision before it trusts notices again.
"""

from __future__ import annotations

import asyncio
import logging

from server.cluster.follow import Follower
from server.db import Engine
from server.db.cluster_repo import CHANNEL

log = logging.getLogger(__name__)

RECONNECT_SECONDS = 1.0


def conninfo(engine: Engine) -> str:
    """The engine's database as a libpq URL (psycopg's own connections)."""
    url = engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


async def listen(dsn: str, follower: Follower, connected: asyncio.Event) -> None:
    """Run until cancelled: LISTEN, sweep, then follow every notice; reconnect on loss."""
    import psycopg  # the `postgres` extra: a plain SQLite install never comes here

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                await follower.sweep()
                connected.set()
                async for notice in conn.notifies():
                    follower.notice_text(notice.payload)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the database went away: sweep again once back
            log.warning("cluster listener lost its connection (%s); reconnecting", error)
        connected.clear()
        await asyncio.sleep(RECONNECT_SECONDS)
