"""Which Python functions a table-pace pick runs, by cProfile, on the loop thread and the
writer thread (issue #45).

Why beside `bench.pick_instructions`: callgrind counts instructions whatever the load, but
on Python 3.11 it sees only the interpreter's C frames, not which of our functions (or
pydantic's, SQLAlchemy's, starlette's, websockets') ran. cProfile names them. Its times
are inflated by the profiler and move with the load (a send's time is mostly the
kernel's); read the calls per pick and the shares, and measure a cut with
`bench.pick_instructions`.

What runs: a fresh `prismatic serve` of this checkout (SQLite, `synchronous=FULL`, as
served) in a child that profiles its event loop's thread between SIGUSR1 and SIGUSR2, and
the writer thread's commits meanwhile; the same warm-up and the same pod of eight phones,
one pick at a time, as `bench.pick_instructions`.

Usage:
    python -m bench.pick_profile [--picks 240] [--pause-s 0.02] [--top 30] [--out PREFIX]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import runpy
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType
from typing import Any

from bench.pick_instructions import WARM_UP_PAUSE_S, _wait_healthy, echo_window, picks_window
from loadgen.run import free_port

SERVE_FLAG = "--profiled-serve"
"""The child's first argument: serve under the profiler, dumps at this prefix."""


def profiled_serve(prefix: str, argv: list[str]) -> None:
    """In the child: `python -m server serve …`, profiled between SIGUSR1 and SIGUSR2
    (the loop's thread: signal handlers run there); `prefix`.loop and `prefix`.writer."""
    from server.db import writer

    loop_profile, writer_profile = cProfile.Profile(), cProfile.Profile()
    active = [False]
    commit = writer.GroupWriter._commit

    def profiled_commit(self: writer.GroupWriter, batch: list[writer.Write]) -> Any:
        if active[0]:
            return writer_profile.runcall(commit, self, batch)
        return commit(self, batch)

    writer.GroupWriter._commit = profiled_commit  # type: ignore[method-assign]

    def start(_signal: int, _frame: FrameType | None) -> None:
        active[0] = True
        loop_profile.enable()

    def stop(_signal: int, _frame: FrameType | None) -> None:
        loop_profile.disable()
        active[0] = False
        loop_profile.dump_stats(f"{prefix}.loop")
        writer_profile.dump_stats(f"{prefix}.writer")

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    sys.argv = ["server", *argv]
    runpy.run_module("server", run_name="__main__")


class Profiled:
    """The child server as `picks_window` and `echo_window` drive it."""

    def __init__(self, base: str, pid: int) -> None:
        self.base, self.pid = base, pid
        self.seconds: list[float] = []

    def window_start(self) -> None:
        os.kill(self.pid, signal.SIGUSR1)
        time.sleep(0.5)  # the handler runs on the loop's next turn

    def window_end(self) -> int:
        os.kill(self.pid, signal.SIGUSR2)
        time.sleep(2.0)  # the dump is written on the loop's next turn
        return 0


def table(stats: pstats.Stats, picks: int, top: int) -> list[str]:
    """The `top` functions by own time: calls per pick, own and cumulative share."""
    rows: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in rows.values()) or 1.0
    ranked = sorted(rows.items(), key=lambda item: item[1][2], reverse=True)[:top]
    lines = [f"{'calls/pick':>10} {'own %':>6} {'cum %':>6}  function"]
    for (file, line, name), (_cc, calls, own, cumulative, _callers) in ranked:
        where = f"{file.split('site-packages/')[-1]}:{line}({name})" if line else name
        lines.append(f"{calls / picks:10.2f} {100 * own / total:6.1f} "
                     f"{100 * cumulative / total:6.1f}  {where}")
    return lines


async def _drive(server: Profiled, picks: int, pause_s: float) -> dict[str, Any]:
    await echo_window(server, 5, WARM_UP_PAUSE_S, count=False)  # type: ignore[arg-type]
    warm = await picks_window(server, WARM_UP_PAUSE_S, 10_000, None,  # type: ignore[arg-type]
                              count=False)
    if warm["errors"] or warm["pools"] is None:
        raise RuntimeError(f"the warm-up pod did not draft: {warm}")
    return await picks_window(server, pause_s, picks, None)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> int:
    args_in = sys.argv[1:] if argv is None else argv
    if args_in[:1] == [SERVE_FLAG]:
        profiled_serve(args_in[1], args_in[2:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--picks", type=int, default=240)
    parser.add_argument("--pause-s", type=float, default=0.02)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--out", default=None, help="keep the pstats dumps at this prefix")
    args = parser.parse_args(args_in)
    with tempfile.TemporaryDirectory(prefix="prismatic-profile-") as tmp:
        prefix = args.out or f"{tmp}/profile"
        port = free_port()
        env = {**os.environ, "PRISMATIC_BENCH_ECHO": "1", "PRISMATIC_CARD_TEXT_ON_START": "0"}
        log = Path(tmp) / "server.log"
        with log.open("wb") as out:
            child = subprocess.Popen(
                [sys.executable, "-m", "bench.pick_profile", SERVE_FLAG, prefix, "serve",
                 "--host", "127.0.0.1", "--port", str(port), "--data-dir", f"{tmp}/data"],
                stdout=out, stderr=subprocess.STDOUT, env=env,
                cwd=Path(__file__).resolve().parent.parent)
            try:
                base = f"http://127.0.0.1:{port}"
                _wait_healthy(base, child, log)
                pod = asyncio.run(_drive(Profiled(base, child.pid), args.picks, args.pause_s))
            finally:
                child.terminate()
                child.wait(timeout=60)
        made = pod["picks"]
        print(f"{made} picks, acks {pod['acks']}, errors {pod['errors']}")
        for thread in ("loop", "writer"):
            print(f"\n{thread} thread, by own time:")
            print("\n".join(table(pstats.Stats(f"{prefix}.{thread}"), made, args.top)))
    return 0 if not pod["errors"] and pod["acks"] == made else 1


if __name__ == "__main__":
    raise SystemExit(main())
