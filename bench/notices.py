"""What one cluster notice costs the process that hears it: the loop thread's CPU per
`NOTIFY prismatic` delivered to a `psycopg` listener like `server.cluster.listen`'s.

Why: every process of a cluster hears the notice of every commit of every process (its
own included, which it then skips), so with N processes each one handles the notices of
all N; at pod affinity that is the cost that grows with N while each process's own picks
shrink (issue #33, docs/performance.md). Notices are sent by another thread in small
groups with pauses, as picks come, so most of them wake the listening loop on their own.

Usage: python -m bench.notices --db postgresql+psycopg://… [--notices 6000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import threading
import time

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


async def _listen(dsn: str, notices: int) -> float:
    """Milliseconds of this thread's CPU per notice heard."""
    import psycopg

    async with await psycopg.AsyncConnection.connect(dsn, autocommit=True) as connection:
        await connection.execute(f"LISTEN {CHANNEL}")
        ready = threading.Event()
        sender = threading.Thread(target=_send, args=(dsn, notices, ready))
        sender.start()
        started = time.thread_time()
        ready.set()
        heard = 0
        async for _notice in connection.notifies():
            heard += 1
            if heard == notices:
                break
        spent = time.thread_time() - started
        await asyncio.to_thread(sender.join)
    return 1000 * spent / notices


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, help="a PostgreSQL URL")
    parser.add_argument("--notices", type=int, default=6000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    dsn = make_url(args.db).set(drivername="postgresql").render_as_string(hide_password=False)
    costs = [asyncio.run(_listen(dsn, args.notices)) for _ in range(args.rounds)]
    print(f"{args.notices} notices x {args.rounds} rounds: loop CPU per notice "
          f"{statistics.median(costs):.4f} ms (median) [{min(costs):.4f}–{max(costs):.4f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
