"""A warm parent for test servers: it imports the server once, then forks each one.

Why: the suite starts `prismatic serve` a few hundred times (every SIGKILL test restarts
it several times, every browser module starts one), and each cold start spends about
1.5 s of CPU importing FastAPI, SQLAlchemy, pydantic and our routes before it serves.
On a 2-core machine that is minutes of the suite. A fork of a process that has already
imported them starts in milliseconds and is otherwise the same process: it runs the
same `python -m server` entry point with the same arguments, environment, working
directory and log file, and it dies of SIGKILL like any other (`tests/server/support/
spawn.py` is the client; the cold path is still tested by the CLI and install tests).

Protocol, one JSON object per line on stdin, one reply per line on stdout:
- `{"op": "spawn", "argv": [...], "env": {...}, "cwd": "...", "log": "..."}` →
  `{"pid": N}`: `argv` follows `python -m server`, output is appended to `log` (or to
  `"stdout"` and `"stderr"` apart, when the request names both instead);
- `{"op": "poll", "pid": N}` → `{"returncode": N or null}` (a server this process forked);
- `{"op": "cpu"}` → `{"seconds": S}`: user + system CPU of the zygote and of every server
  it forked and has reaped (`tests/cpu_meter.py` counts it: a forked server is the
  zygote's child, not the test worker's, so the worker's own rusage never sees it).

The zygote stays single-threaded with no event loop, so a fork copies nothing that
another thread held. It exits when its parent closes its stdin.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import random
import resource
import runpy
import sys
import tempfile
import threading
from typing import Any

import uvicorn  # noqa: F401

# What a cold start imports before it serves: paid here once, not by every server.
# Not `server.cli`: it reads the user's language from the environment when imported
# (`server.cli.i18n`), so each child imports it itself (~20 ms), under its own environment.
import server.app  # noqa: F401
from server.routes.pages import assets
from tests.server.support.migrated import migrate

SERVER_MAIN = "server"


def appended(path: str) -> int:
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)


def serve(argv: list[str], env: dict[str, str], cwd: str, stdout: str, stderr: str) -> None:
    """In the forked child: become `python -m server *argv` writing to `stdout` and
    `stderr` (one file when they name the same); never returns."""
    code = 1
    try:
        out = appended(stdout)
        err = out if stderr == stdout else appended(stderr)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
        os.closerange(3, 1024)
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
        random.seed()  # a fork shares the zygote's random state
        sys.argv = [SERVER_MAIN, *argv]
        try:
            runpy.run_module(SERVER_MAIN, run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    except BaseException:  # the child must never return into the zygote's loop
        import traceback

        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # nothing is left to report to
                stream.flush()
        os._exit(code)


def spawn(request: dict[str, Any]) -> dict[str, Any]:
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        stdout = request.get("stdout", request.get("log"))
        stderr = request.get("stderr", request.get("log"))
        serve(request["argv"], request["env"], request["cwd"], stdout, stderr)
    return {"pid": pid}


def poll(pid: int) -> dict[str, Any]:
    try:
        done, status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return {"returncode": None, "error": "not a child of this zygote"}
    if done == 0:
        return {"returncode": None}
    return {"returncode": os.waitstatus_to_exitcode(status)}


def cpu() -> dict[str, Any]:
    own, reaped = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return {"seconds": own.ru_utime + own.ru_stime + reaped.ru_utime + reaped.ru_stime}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    if request["op"] == "spawn":
        return spawn(request)
    if request["op"] == "cpu":
        return cpu()
    return poll(int(request["pid"]))


def warm_up() -> None:
    """Pay once, before any fork, what every server's start paid again after its fork
    (issue #43): the static files hashed and compressed (`assets`, kept for the process's
    life: 0.36 s of CPU), and a first database's migration and queries (the migration
    modules, the SQL dialect, SQLAlchemy's first compilations: about 0.25 s). A forked
    server still builds its own app, engine and runtime, and still checks its database's
    migrations; it only finds these process-wide caches already filled. The throwaway
    database is migrated through a disposed engine, so no connection (and no descriptor)
    is left to a child, and nothing here starts a thread. Last, the heap is frozen, as a
    pre-fork server does (`gc.freeze`)."""
    assets()
    with tempfile.TemporaryDirectory(prefix="prismatic-zygote-") as folder:
        migrate(f"sqlite:///{folder}/warm-up.db")
    gc.collect()  # a connection left unreferenced is closed here, not in some child
    # What survives is kept out of every later collection, here and in each child: a
    # server's start collects (`server.core.heap.settle_heap`), and walking the zygote's
    # objects wrote to each of their pages, which the fork had shared (0.36-0.39 s of a
    # start's CPU without the freeze, 0.28-0.31 s with it; eight starts of each).
    gc.freeze()


def main() -> None:
    warm_up()
    assert threading.active_count() == 1, "the zygote must fork from a single thread"
    out = sys.stdout
    for line in sys.stdin:
        request = json.loads(line)
        reply = answer(request)
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
