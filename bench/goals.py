"""Every load goal (issues #7, #19 and #33) in one run: medians [min–max] of repeated
`prismatic bench`.

Why a runner around `prismatic bench`: one figure from a shared 2-core machine means
little. This runs each goal's configuration `--repeats` times, interleaved (a burst of
noise then spreads over all goals instead of spoiling one), each against a fresh server,
and prints the median and spread of every figure beside the echo baseline of the same
runs, with the goal next to it.

Usage: python -m bench.goals [--repeats 3] [--only 1-pod,50-instant] [--db URL] [--json]
                             [--before OTHER_CHECKOUT] [--cluster-db URL]
With `--before` every run is paired with one of another checkout (a directory with its
own `.venv`, e.g. `git worktree add ../before HEAD~3`): that checkout's server, measured
by this checkout's bench client (`prismatic bench --server-checkout`), so both sides are
timed alike and the new options (`--stagger-s`, `--trace`) apply to both; the two
alternate which goes first, so that both see the same noise of a shared machine.
With `--db` (PostgreSQL) every run gets an empty schema first: the runs must not see
each other's pods. The cluster goals (1, 2 and 3 processes with pod affinity) always run
on PostgreSQL: `--cluster-db`, else `--db`, else a database `prismatic_bench` made on the
server of `PRISMATIC_TEST_POSTGRES_URL` (never that URL's own database: its schema is
dropped before every run); without any of them they are skipped, and the table says so.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Goal:
    """One configuration of the issue and what it must reach."""

    name: str
    args: tuple[str, ...]
    target: str
    postgres: bool = False  # several processes: needs PostgreSQL


GOALS = (
    Goal("1-pod", ("--pods", "1"), "p99 <= 10 ms"),
    Goal("50-instant", ("--pods", "50"), ">= 1,500 picks/s, 0 errors, pools 60"),
    Goal("50-table", ("--pods", "50", "--think-ms", "500-1500"),
         "p99 <= 50 ms, ratio p50 <= 3"),
    Goal("200-table", ("--pods", "200", "--think-ms", "500-1500", "--timeout", "600"),
         "p99 <= 100 ms"),
    Goal("idle", ("--pods", "1", "--idle-pods", "100"), "<= 1 MB RSS per idle pod"),
    Goal("50-table-http", ("--pods", "50", "--think-ms", "500-1500", "--picks-over", "http"),
         "none: the phone page's own path (picks over HTTP), for comparison"),
    # Issue #33: 2,000 phones as a store holding a convention would, started together and
    # spread over a minute; the slow picks split by cause (`--trace`).
    Goal("2000-phones", ("--pods", "250", "--think-ms", "2000-6000", "--timeout", "600",
                         "--trace"), "p99 <= 50 ms, 0 errors"),
    Goal("2000-phones-stagger", ("--pods", "250", "--think-ms", "2000-6000", "--timeout",
                                 "600", "--trace", "--stagger-s", "60"),
         "none: the same, pods starting over 60 s, for comparison"),
    *(Goal(f"cluster-{n}", ("--processes", str(n), "--spread-by", "pod", "--pods", "24",
                            "--think-ms", "200-600", "--timeout", "600"),
           "cluster ms/pick of 2 <= 1.2x that of 1" if n == 2 else "for comparison",
           postgres=True)
      for n in (1, 2, 3)),
    # One process at the share of cluster-2's load each of its processes carries: what
    # halving a process's load costs per pick, apart from what a second process costs.
    Goal("cluster-1-half", ("--processes", "1", "--spread-by", "pod", "--pods", "12",
                            "--think-ms", "200-600", "--timeout", "600"),
         "none: one process at half the load, beside cluster-1 and cluster-2", postgres=True),
)


def _at(result: dict[str, Any], *path: str) -> Any:
    """result[path[0]][path[1]]…, or None where a run has no such figure (a cluster run
    has no echo baseline; a single server no per-process figures)."""
    value: Any = result
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def _cluster_cpu(result: dict[str, Any]) -> float | None:
    """Every process's CPU per pick, summed: what the cluster spends on one pick."""
    processes = result.get("processes")
    if not processes or any(p.get("cpu_ms_per_pick") is None for p in processes):
        return None
    return round(sum(float(p["cpu_ms_per_pick"]) for p in processes), 3)

FIGURES = (
    ("picks/s", lambda r: r.get("picks_per_s")),
    ("p50 ms", lambda r: _at(r, "latency_ms", "p50")),
    ("p99 ms", lambda r: _at(r, "latency_ms", "p99")),
    ("max ms", lambda r: _at(r, "latency_ms", "max")),
    ("echo p50 ms", lambda r: _at(r, "baseline_ms", "p50")),
    ("ratio p50", lambda r: r.get("ratio_p50")),
    ("ratio p99", lambda r: r.get("ratio_p99")),
    ("cluster ms/pick", _cluster_cpu),
    ("server ms/pick", lambda r: r.get("server_cpu_ms_per_pick")),
    ("  user ms/pick", lambda r: r.get("server_user_cpu_ms_per_pick")),
    ("  kernel ms/pick", lambda r: r.get("server_system_cpu_ms_per_pick")),
    ("server ms/echo", lambda r: r.get("echo_server_cpu_ms_per_round_trip")),
    ("server cpu %", lambda r: r.get("server_cpu_pct")),
    ("view KiB avg", lambda r: r.get("view_kb_avg")),
    ("frames/pick", lambda r: r.get("frames_per_pick")),
    ("waiting views/pick", lambda r: r.get("waiting_views_per_pick")),
    ("idle KiB/pod", lambda r: r.get("idle_kb_per_pod")),
    ("slow picks", lambda r: _at(r, "tail", "slow", "picks")),
    ("slow: new round %", lambda r: _at(r, "tail", "slow", "new_round_pct")),
    ("slow: gc ran %", lambda r: _at(r, "tail", "slow", "gc_pct")),
    ("slow: batch p50", lambda r: _at(r, "tail", "slow", "batch_writes_p50")),
    ("slow: queued p50", lambda r: _at(r, "tail", "slow", "queued_p50")),
    ("slow: srv lag p50", lambda r: _at(r, "tail", "slow", "server_lag_ms_p50")),
    ("slow: cli lag p50", lambda r: _at(r, "tail", "slow", "client_lag_ms_p50")),
)


def run_once(goal: Goal, db: str | None, checkout: Path | None = None) -> dict[str, Any]:
    """One fresh server (of `checkout` with its own `.venv`, else of this checkout), one
    run of this checkout's bench client; its JSON figures."""
    if db:
        empty_schema(db)
    spawn = [] if goal.postgres else ["--spawn"]
    command = [sys.executable, "-m", "server", "bench", *spawn, *goal.args, "--json"]
    if db:
        command += ["--db", db]
    if checkout is not None:
        command += ["--server-checkout", str(checkout)]
    done = subprocess.run(command, capture_output=True, text=True, check=False,
                          cwd=Path(__file__).resolve().parent.parent)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        # One failed run (a server that could not keep up with 2,000 handshakes on a
        # saturated machine) must not lose the others: it is reported with its reason.
        reason = (done.stderr.strip().splitlines() or ["no output"])[-1]
        print(f"{goal.name}: prismatic bench failed ({done.returncode}):\n"
              f"{done.stderr[-2000:]}", file=sys.stderr, flush=True)
        return {"failed": reason[:300], "load_avg_1m": round(os.getloadavg()[0], 2)}
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def empty_schema(db: str) -> None:
    import sqlalchemy as sa

    engine = sa.create_engine(db)
    with engine.begin() as connection:
        connection.execute(sa.text("DROP SCHEMA public CASCADE"))
        connection.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


def bench_database(url: str) -> str:
    """The URL of a database `prismatic_bench` on the server of `url`, made if missing:
    the cluster goals empty its schema before every run, so never a database in use."""
    import sqlalchemy as sa

    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        exists = connection.execute(sa.text(
            "SELECT 1 FROM pg_database WHERE datname = 'prismatic_bench'")).first()
        if exists is None:
            connection.execute(sa.text("CREATE DATABASE prismatic_bench"))
    engine.dispose()
    return sa.make_url(url).set(database="prismatic_bench").render_as_string(
        hide_password=False)


def spread(values: list[float]) -> str:
    """`median [min–max]`, or the one value."""
    if len(values) == 1:
        return f"{values[0]:,.4g}"
    return f"{statistics.median(values):,.4g} [{min(values):,.4g}–{max(values):,.4g}]"


def table(goals: list[Goal], runs: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    for goal in goals:
        results = runs[goal.name]
        if not results:
            lines.append(f"{goal.name}  (goal: {goal.target}): not run, no PostgreSQL "
                         "(--cluster-db, --db or PRISMATIC_TEST_POSTGRES_URL)")
            continue
        failed = [r["failed"] for r in results if "failed" in r]
        loads = spread([r["load_avg_1m"] for r in results])
        results = [r for r in results if "failed" not in r]
        errors = sum(r["errors"] for r in results)
        pools = all(r["pools_ok"] for r in results)
        lines.append(f"{goal.name}  (goal: {goal.target}; n={len(results)}, "
                     f"errors {errors}, pools ok {pools}, load {loads})")
        if failed:
            lines.append(f"  FAILED runs: {len(failed)} (last: {failed[-1]})")
        for label, pick in FIGURES:
            values = [v for v in (pick(r) for r in results) if v is not None]
            if values:
                lines.append(f"  {label:<15} {spread([float(v) for v in values])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated goal names: "
                        + ", ".join(g.name for g in GOALS))
    parser.add_argument("--db", default=os.environ.get("PRISMATIC_BENCH_DB"),
                        help="a PostgreSQL URL (default: SQLite in a temporary directory)")
    parser.add_argument("--json", action="store_true", help="print every run's JSON")
    parser.add_argument("--before", metavar="CHECKOUT", type=Path,
                        help="pair every run with one of this checkout (with its own .venv)")
    parser.add_argument("--cluster-db", default=None,
                        help="a PostgreSQL URL for the cluster goals (its schema is emptied)")
    args = parser.parse_args(argv)
    wanted = {name for name in args.only.split(",") if name}
    unknown = wanted - {g.name for g in GOALS}
    if unknown:
        parser.error(f"unknown goal(s): {', '.join(sorted(unknown))}")
    goals = [g for g in GOALS if not wanted or g.name in wanted]
    cluster_db = args.cluster_db or (args.db if args.db and args.db.startswith("postgresql")
                                     else None)
    if cluster_db is None and os.environ.get("PRISMATIC_TEST_POSTGRES_URL") and any(
            g.postgres for g in goals):
        cluster_db = bench_database(os.environ["PRISMATIC_TEST_POSTGRES_URL"])
    runs: dict[str, list[dict[str, Any]]] = {g.name: [] for g in goals}
    before: dict[str, list[dict[str, Any]]] = {g.name: [] for g in goals}
    for round_ in range(args.repeats):
        for goal in goals:
            print(f"round {round_ + 1}/{args.repeats}: {goal.name} …", file=sys.stderr,
                  flush=True)
            db = cluster_db if goal.postgres else args.db
            if goal.postgres and db is None:
                continue
            sides: list[tuple[dict[str, list[dict[str, Any]]], Path | None]] = [(runs, None)]
            if args.before:
                sides.append((before, args.before.resolve()))
                if round_ % 2:
                    sides.reverse()
            for results, checkout in sides:
                results[goal.name].append(run_once(goal, db, checkout))
    if args.json:
        print(json.dumps({"this": runs, "before": before} if args.before else runs))
    elif args.before:
        print(f"== before ({args.before})\n{table(goals, before)}\n== this\n"
              f"{table(goals, runs)}")
    else:
        print(table(goals, runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
