"""Every load goal of issue #7 in one run: medians [min–max] of repeated `prismatic bench`.

Why a runner around `prismatic bench`: one figure from a shared 2-core machine means
little. This runs each goal's configuration `--repeats` times, interleaved (a burst of
noise then spreads over all goals instead of spoiling one), each against a fresh server,
and prints the median and spread of every figure beside the echo baseline of the same
runs, with the goal next to it.

Usage: python -m bench.goals [--repeats 3] [--only 1-pod,50-instant] [--db URL] [--json]
                             [--before OTHER_CHECKOUT]
With `--before` every run is paired with one of another checkout (a directory with its
own `.venv`, e.g. `git worktree add ../before HEAD~3`; its own server and bench client),
the two alternating which goes first, so that both see the same noise of a shared machine.
With `--db` (PostgreSQL) every run gets an empty schema first: the runs must not see
each other's pods.
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
)

FIGURES = (
    ("picks/s", lambda r: r["picks_per_s"]),
    ("p50 ms", lambda r: r["latency_ms"]["p50"]),
    ("p99 ms", lambda r: r["latency_ms"]["p99"]),
    ("echo p50 ms", lambda r: r["baseline_ms"]["p50"]),
    ("ratio p50", lambda r: r["ratio_p50"]),
    ("ratio p99", lambda r: r["ratio_p99"]),
    ("server ms/pick", lambda r: r.get("server_cpu_ms_per_pick")),
    ("server ms/echo", lambda r: r.get("echo_server_cpu_ms_per_round_trip")),
    ("server cpu %", lambda r: r.get("server_cpu_pct")),
    ("view KiB avg", lambda r: r.get("view_kb_avg")),
    ("idle KiB/pod", lambda r: r.get("idle_kb_per_pod")),
)


def run_once(goal: Goal, db: str | None, checkout: Path | None = None) -> dict[str, Any]:
    """One fresh server, one bench run (of `checkout` with its own `.venv`, else of this
    interpreter); its JSON figures."""
    if db:
        empty_schema(db)
    python = str(checkout / ".venv" / "bin" / "python") if checkout else sys.executable
    command = [python, "-m", "server", "bench", "--spawn", *goal.args, "--json"]
    if db:
        command += ["--db", db]
    # `python -m` imports from the working directory first: run in the checkout.
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=checkout)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"{goal.name}: prismatic bench failed ({done.returncode}):\n"
                         f"{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def empty_schema(db: str) -> None:
    import sqlalchemy as sa

    engine = sa.create_engine(db)
    with engine.begin() as connection:
        connection.execute(sa.text("DROP SCHEMA public CASCADE"))
        connection.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()


def spread(values: list[float]) -> str:
    """`median [min–max]`, or the one value."""
    if len(values) == 1:
        return f"{values[0]:,.4g}"
    return f"{statistics.median(values):,.4g} [{min(values):,.4g}–{max(values):,.4g}]"


def table(goals: list[Goal], runs: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    for goal in goals:
        results = runs[goal.name]
        errors = sum(r["errors"] for r in results)
        pools = all(r["pools_ok"] for r in results)
        lines.append(f"{goal.name}  (goal: {goal.target}; n={len(results)}, "
                     f"errors {errors}, pools ok {pools}, "
                     f"load {spread([r['load_avg_1m'] for r in results])})")
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
    args = parser.parse_args(argv)
    wanted = {name for name in args.only.split(",") if name}
    unknown = wanted - {g.name for g in GOALS}
    if unknown:
        parser.error(f"unknown goal(s): {', '.join(sorted(unknown))}")
    goals = [g for g in GOALS if not wanted or g.name in wanted]
    runs: dict[str, list[dict[str, Any]]] = {g.name: [] for g in goals}
    before: dict[str, list[dict[str, Any]]] = {g.name: [] for g in goals}
    for round_ in range(args.repeats):
        for goal in goals:
            print(f"round {round_ + 1}/{args.repeats}: {goal.name} …", file=sys.stderr,
                  flush=True)
            sides: list[tuple[dict[str, list[dict[str, Any]]], Path | None]] = [(runs, None)]
            if args.before:
                sides.append((before, args.before.resolve()))
                if round_ % 2:
                    sides.reverse()
            for results, checkout in sides:
                results[goal.name].append(run_once(goal, args.db, checkout))
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
