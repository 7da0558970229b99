"""The listener: each process hears the shared channel and the channels of the pods it
touched (`server.cluster.channels`), and hands every notice to the follower.

Why a dedicated connection: LISTEN holds a session open for notices, so it cannot share
the pool. Why a sweep on every (re)connect: notices sent while the connection was down
are lost, so the listener listens to every channel again and reads every pod's revision
before it trusts notices again.

Why a reader on the socket instead of psycopg's `notifies()`: that generator registers
and removes the loop's reader around every wait, so each notice cost two `epoll_ctl`
calls and a generator round on top of the wake-up; with several processes every process
pays it for every commit announced on a channel it hears (issue #33, `python -m
bench.notices`). The reader stays registered, and one wake-up reads every notice that came.
A `LISTEN` of a new channel runs on the same connection: the reader steps aside while it
runs, and the notices that arrive meanwhile reach the follower through psycopg's notify
handler.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from server.cluster.follow import Follower
from server.db import Engine
from server.db.cluster_repo import CHANNEL

if TYPE_CHECKING:  # the `postgres` extra: imported where it is used
    import psycopg
    from psycopg import sql

log = logging.getLogger(__name__)

RECONNECT_SECONDS = 1.0


def conninfo(engine: Engine) -> str:
    """The engine's database as a libpq URL (psycopg's own connections)."""
    url = engine.url.set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Listener:
    """This process's LISTEN connection and the channels it hears."""

    def __init__(self, dsn: str, follower: Follower) -> None:
        self._dsn = dsn
        self._follower = follower
        self.connected = asyncio.Event()
        """Set while the connection listens to every channel and the sweep is done."""
        self.channels: set[str] = {CHANNEL}
        """Every channel heard now, and again after each reconnect."""
        self._conn: psycopg.AsyncConnection[Any] | None = None
        self._lock = asyncio.Lock()  # one statement on the connection at a time
        self._lost: asyncio.Future[None] | None = None
        self._fd: int | None = None  # the socket the loop reads, while it does

    async def listen(self, channel: str) -> None:
        """Hear `channel` from now on: returns once the LISTEN is in effect, or at once
        while the connection is down (the reconnect listens to it before its sweep)."""
        if channel in self.channels:
            return
        import psycopg

        async with self._lock:
            if channel in self.channels:
                return
            self.channels.add(channel)
            conn = self._conn
            if conn is None:
                return
            self._stop_reading()
            try:
                await conn.execute(_listen_to([channel]))
            except psycopg.Error as error:  # the connection is going: the reconnect listens
                log.warning("could not listen to %s (%s)", channel, error)
            finally:
                self._read(conn)

    async def run(self) -> None:
        """Run until cancelled: listen, sweep, then hand over every notice; reconnect on
        loss."""
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        self._dsn, autocommit=True) as conn:
                    conn.add_notify_handler(self._handled)
                    lost = self._lost = asyncio.get_running_loop().create_future()
                    try:
                        async with self._lock:
                            await conn.execute(_listen_to(sorted(self.channels)))
                            self._conn = conn
                            self._read(conn)
                        await self._follower.sweep()
                        self.connected.set()
                        await lost
                    finally:
                        self._stop_reading()
                        self._conn = self._lost = None
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database went away: sweep again once back
                log.warning("cluster listener lost its connection (%s); reconnecting", error)
            self.connected.clear()
            await asyncio.sleep(RECONNECT_SECONDS)

    def _handled(self, notice: psycopg.Notify) -> None:
        """A notice psycopg read while a statement ran on the connection."""
        self._follower.notice_text(notice.payload)

    def _read(self, conn: psycopg.AsyncConnection[Any]) -> None:
        """Hand over what came already, then every notice as its bytes arrive."""
        if self._readable(conn):
            self._fd = conn.pgconn.socket
            asyncio.get_running_loop().add_reader(self._fd, self._readable, conn)

    def _stop_reading(self) -> None:
        if self._fd is not None:
            asyncio.get_running_loop().remove_reader(self._fd)
            self._fd = None

    def _readable(self, conn: psycopg.AsyncConnection[Any]) -> bool:
        """Every notice that arrived, to the follower; false when the connection is lost."""
        import psycopg

        pgconn = conn.pgconn
        try:
            pgconn.consume_input()
        except psycopg.Error as error:  # the server closed the connection
            self._stop_reading()
            if self._lost is not None and not self._lost.done():
                self._lost.set_exception(error)
            return False
        while (notice := pgconn.notifies()) is not None:
            self._follower.notice_text(notice.extra.decode())
        return True


def _listen_to(channels: Iterable[str]) -> sql.Composed:
    """`LISTEN "<channel>"` for each channel, one statement after another (a channel name
    is quoted as an identifier: a pod id may hold characters a bare name may not)."""
    from psycopg import sql

    return sql.SQL("; ").join(sql.SQL("LISTEN {}").format(sql.Identifier(channel))
                              for channel in channels)
