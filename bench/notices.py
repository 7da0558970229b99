"""What one cluster notice costs the process that hears it: the loop thread's CPU per
`NOTIFY` delivered to the server's own listener (`server.cluster.listen.Listener`), beside
psycopg's `notifies()` generator, which the listener used before (issue #33).

Why: a process of a cluster hears the notices of every commit announced on a channel it
listens to (its own included, which it then skips): the shared channel's, and its pods'
own. Notices are sent by another thread in small groups with pauses, as picks come, so
most of them wake the listening loop on their own. The loop is uvloop's, as the server's.

Usage: python -m bench.notices --db postgresql+psycopg://… [--notices 6000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from sqlalchemy.engine import make_url

CHANNEL = "prismatic_bench_notices"
GROUP = 20
"""Notices sent back to back before a pause (a batch's commits)."""
PAUSE_S = 0.005


def _send(dsn: str, notices: int, ready: threading.Event) -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as connection:
        ready.wait()
        for number in range(notices):
            connection.execute("SELECT pg_notify(%s, %s)",
                               (CHANNEL, f"pod{number % 24}:{number}:other"))
            if number % GROUP == GROUP - 1:
                time.sleep(PAUSE_S)


async def _timed(dsn: str, notices: int, heard_all: Awaitable[None]) -> float:
    """Milliseconds of this thread's CPU per notice, from the first sent to the last heard."""
    ready = threading.Event()
    sender = threading.Thread(target=_send, args=(dsn, notices, ready))
    sender.start()
    started = time.thread_time()
    ready.set()
    await heard_all
    spent = time.thread_time() - started
    await asyncio.to_thread(sender.join)
    return 1000 * spent / notices


async def _via_notifies(dsn: str, notices: int) -> float:
    """psycopg's `notifies()` generator on its own connection."""
    import psycopg

    async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as connection:
        await connection.execute(f"LISTEN {CHANNEL}")

        async def heard_all() -> None:
            heard = 0
            async for _notice in connection.notifies():
                heard += 1
                if heard == notices:
                    return

        return await _timed(dsn, notices, heard_all())


class _Counting:
    """A follower that counts what the listener hands it (the server's parses it too)."""

    def __init__(self, notices: int) -> None:
        self.left = notices
        self.all_heard = asyncio.get_running_loop().create_future()

    def notice_text(self, payload: str) -> None:
        payload.split(":")
        self.left -= 1
        if self.left == 0:
            self.all_heard.set_result(None)

    async def sweep(self) -> None:
        return None


async def _via_listener(dsn: str, notices: int) -> float:
    """The server's listener, asked for the channel as a first touch would."""
    from server.cluster.listen import Listener

    counting = _Counting(notices)
    listener = Listener(dsn, counting)  # type: ignore[arg-type]
    task = asyncio.get_running_loop().create_task(listener.run())
    try:
        await listener.connected.wait()
        await listener.listen(CHANNEL)
        return await _timed(dsn, notices, counting.all_heard)
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


WAYS: dict[str, Callable[[str, int], Coroutine[Any, Any, float]]] = {
    "listener": _via_listener, "notifies()": _via_notifies}


def main(argv: list[str] | None = None) -> int:
    import uvloop

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL")
    parser.add_argument("--notices", type=int, default=6000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    dsn = make_url(args.db).set(drivername="postgresql").render_as_string(hide_password=False)
    costs: dict[str, list[float]] = {way: [] for way in WAYS}
    for _ in range(args.rounds):  # interleaved: the machine's noise falls on both
        for way, measure in WAYS.items():
            costs[way].append(uvloop.run(measure(dsn, args.notices)))
    for way, spent in costs.items():
        print(f"{way:12} {args.notices} notices x {args.rounds} rounds: loop CPU per notice "
              f"{statistics.median(spent):.4f} ms (median) [{min(spent):.4f}–{max(spent):.4f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
