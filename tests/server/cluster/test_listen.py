"""The cluster's listener over a real PostgreSQL (`server.cluster.listen`).

Rules: a listener hears the shared channel and the channels it was asked for, nothing
else; every notice reaches the follower once, in commit order, however many arrive in one
wake-up and whether or not a LISTEN runs on the connection meanwhile; a listener whose
connection was cut reconnects, listens to every channel again and sweeps before it says
it is connected.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable

import psycopg
import sqlalchemy as sa

from server.cluster.listen import Listener
from server.db.cluster_repo import CHANNEL
from tests.server.cluster.members import WAIT_S, until


class Heard:
    """A follower that notes what reaches it."""

    def __init__(self) -> None:
        self.payloads: list[str] = []
        self.sweeps = 0

    def notice_text(self, payload: str) -> None:
        self.payloads.append(payload)

    async def sweep(self) -> None:
        self.sweeps += 1


def libpq(postgres_url: str) -> str:
    return sa.make_url(postgres_url).set(drivername="postgresql").render_as_string(
        hide_password=False)


def notify(dsn: str, *notices: tuple[str, str]) -> None:
    """Send (channel, payload) notices in one transaction, in this order."""
    with psycopg.connect(dsn) as connection:
        for channel, payload in notices:
            connection.execute("SELECT pg_notify(%s, %s)", (channel, payload))


def run_listener(postgres_url: str,
                 scenario: Callable[[Listener, Heard, str], Awaitable[None]]) -> None:
    dsn = libpq(postgres_url)

    async def run() -> None:
        heard = Heard()
        listener = Listener(dsn, heard)  # type: ignore[arg-type]
        task = asyncio.get_running_loop().create_task(listener.run())
        try:
            await asyncio.wait_for(listener.connected.wait(), WAIT_S)
            await scenario(listener, heard, dsn)
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(run())


def test_a_listener_hears_the_shared_channel_and_the_channels_it_was_asked_for(
        postgres_url: str) -> None:
    async def scenario(listener: Listener, heard: Heard, dsn: str) -> None:
        await asyncio.to_thread(notify, dsn, ("prismatic.p1", "p1:1:x"), (CHANNEL, "p2:1:x"))
        await until(lambda: heard.payloads == ["p2:1:x"], "the shared notice")

        await listener.listen("prismatic.p1")
        await asyncio.to_thread(notify, dsn, ("prismatic.p1", "p1:2:x"),
                                ("prismatic.p3", "p3:1:x"), (CHANNEL, "p2:2:x"))

        await until(lambda: len(heard.payloads) == 3, "the pod's notice and the shared one")
        assert heard.payloads == ["p2:1:x", "p1:2:x", "p2:2:x"]

    run_listener(postgres_url, scenario)


def test_every_notice_of_one_wake_up_reaches_the_follower_in_order(postgres_url: str) -> None:
    sent = [f"p{number % 7}:{number}:x" for number in range(300)]

    async def scenario(_listener: Listener, heard: Heard, dsn: str) -> None:
        await asyncio.to_thread(notify, dsn, *((CHANNEL, payload) for payload in sent))
        await until(lambda: len(heard.payloads) >= len(sent), "every notice")
        assert heard.payloads == sent

    run_listener(postgres_url, scenario)


def test_no_notice_is_lost_or_doubled_while_listens_run_on_the_connection(
        postgres_url: str) -> None:
    """Notices pour in on the shared channel while the listener is asked for twenty new
    channels, one after another: wherever each notice falls (read by the listener's
    reader, or by psycopg while a LISTEN runs), it reaches the follower once, in order."""
    sent = [f"p1:{number}:x" for number in range(1500)]

    async def scenario(listener: Listener, heard: Heard, dsn: str) -> None:
        done = threading.Event()

        def pour() -> None:
            with psycopg.connect(dsn, autocommit=True) as connection:
                for payload in sent:
                    connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
            done.set()

        pouring = threading.Thread(target=pour)
        pouring.start()
        for number in range(20):
            await listener.listen(f"prismatic.q{number}")
        await asyncio.to_thread(pouring.join)
        await until(lambda: len(heard.payloads) >= len(sent), "every notice")
        assert heard.payloads == sent
        assert done.is_set()

    run_listener(postgres_url, scenario)


def test_a_listener_cut_off_listens_to_every_channel_again_and_sweeps(
        postgres_url: str) -> None:
    async def scenario(listener: Listener, heard: Heard, dsn: str) -> None:
        await listener.listen("prismatic.p1")
        assert heard.sweeps == 1
        with psycopg.connect(dsn, autocommit=True) as admin:  # the server ends the session
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = current_database() AND query LIKE 'LISTEN%%' "
                          "AND pid <> pg_backend_pid()")
        await until(lambda: not listener.connected.is_set(), "the loss noticed")
        await until(listener.connected.is_set, "connected again")

        assert heard.sweeps == 2
        await asyncio.to_thread(notify, dsn, ("prismatic.p1", "p1:5:x"), (CHANNEL, "p2:5:x"))
        await until(lambda: len(heard.payloads) == 2, "both channels heard again")
        assert heard.payloads == ["p1:5:x", "p2:5:x"]

    run_listener(postgres_url, scenario)
