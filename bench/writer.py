"""The writer's cost per transaction: a pick log append through SQLAlchemy and through
the driver, on a database made like the server's (same engine, pragmas and schema).

Why: at table pace a commit holds one or two picks, so what a transaction costs apart
from its rows (statement set-up, the pool, the fsync) is paid per pick. This times the
two ways `server.db.writer` can append picks alone, in alternating rounds on one file:
CPU of the writing thread (user and system, the fsync's included) and wall time, per
transaction of `--picks` picks.

Usage: python -m bench.writer [--rounds 5] [--transactions 400] [--picks 1] [--db URL]
                              [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from server.core.settings import Settings
from server.db import repo
from server.db.engine import create_db_engine
from server.db.migrate import upgrade_to_head

POD = "bench-writer"


def _engine(db_url: str | None, data_dir: Path) -> sa.Engine:
    overrides: dict[str, Any] = {"db_url": db_url, "data_dir": data_dir}
    engine = create_db_engine(Settings(**overrides))
    upgrade_to_head(engine)
    with engine.begin() as connection:
        connection.execute(sa.text("DELETE FROM pick WHERE pod_id = :id"), {"id": POD})
        connection.execute(sa.text("DELETE FROM pod WHERE id = :id"), {"id": POD})
        connection.execute(sa.text(
            "INSERT INTO pod (id, set_code, seats, bots_allowed, seed, host_token_hash, phase,"
            " paused, version, created_at, updated_at) VALUES (:id, 'CMR', 8, true, 1, 'h',"
            " 'drafting', false, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"), {"id": POD})
    return engine


def _sequence() -> Iterator[int]:
    seq = 0
    while True:
        seq += 1
        yield seq


def through_sqlalchemy(engine: sa.Engine, seqs: Iterator[int], picks: int) -> None:
    """What a picks-only batch cost before: a Core connection, one executemany."""
    with engine.begin() as connection:
        repo.append_pick_logs(connection, [(POD, [(next(seqs), 0, (1, 2), False)
                                                  for _ in range(picks)])])


def through_the_driver(engine: sa.Engine, log: repo.DriverPickLog, seqs: Iterator[int],
                       picks: int) -> None:
    """What `GroupWriter._commit_picks` does now."""
    connection = engine.raw_connection()
    try:
        log.append(connection, [(POD, [(next(seqs), 0, (1, 2), False)
                                       for _ in range(picks)])])
        connection.commit()
    finally:
        connection.close()


def timed(work: Callable[[], None], transactions: int) -> tuple[float, float]:
    """(CPU ms, wall ms) per transaction of the calling thread."""
    cpu, wall = time.thread_time(), time.perf_counter()
    for _ in range(transactions):
        work()
    return (1000 * (time.thread_time() - cpu) / transactions,
            1000 * (time.perf_counter() - wall) / transactions)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--transactions", type=int, default=400)
    parser.add_argument("--picks", type=int, default=1, help="picks per transaction")
    parser.add_argument("--db", default=None, help="a database URL (default: a temp SQLite)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as data_dir:
        engine = _engine(args.db, Path(data_dir))
        log, seqs = repo.DriverPickLog(engine), _sequence()
        ways: dict[str, Callable[[], None]] = {
            "sqlalchemy": lambda: through_sqlalchemy(engine, seqs, args.picks),
            "driver": lambda: through_the_driver(engine, log, seqs, args.picks),
        }
        runs: dict[str, list[tuple[float, float]]] = {name: [] for name in ways}
        for work in ways.values():
            timed(work, 20)  # warm the statement caches and the pool
        for round_ in range(args.rounds):
            order = list(ways) if round_ % 2 == 0 else list(reversed(ways))
            for name in order:
                runs[name].append(timed(ways[name], args.transactions))
        engine.dispose()

    figures: dict[str, Any] = {
        name: {"cpu_ms": round(statistics.median(r[0] for r in rows), 3),
               "wall_ms": round(statistics.median(r[1] for r in rows), 3)}
        for name, rows in runs.items()
    }
    figures["cpu_ratio"] = round(figures["driver"]["cpu_ms"] / figures["sqlalchemy"]["cpu_ms"], 2)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"pick log append, {args.picks} pick(s) per transaction, median of {args.rounds} "
          f"rounds of {args.transactions} transactions")
    for name in ways:
        print(f"  {name:11s} CPU {figures[name]['cpu_ms']:.3f} ms  "
              f"wall {figures[name]['wall_ms']:.3f} ms per transaction")
    print(f"  driver / sqlalchemy CPU: {figures['cpu_ratio']}")


if __name__ == "__main__":
    main()
