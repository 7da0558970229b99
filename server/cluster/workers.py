"""`prismatic serve --workers N`: N server processes on one port, each a cluster member.

Why separate processes on a `SO_REUSEPORT` socket each, not uvicorn's worker manager:
each worker is exactly a `prismatic serve --cluster` (its own runtime, writer, listener
and timer lease), so N workers on one machine and N machines behind a balancer are the
same design; the kernel spreads new connections over the workers' sockets. The
supervisor restarts a worker that died, and its phones reconnect to the others meanwhile.
Windows has no `SO_REUSEPORT`, so there `serve --workers` refuses in one sentence.
"""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from types import FrameType

log = logging.getLogger(__name__)

RESTART_SECONDS = 1.0


def worker_command(args: Sequence[str]) -> list[str]:
    """The command line of one worker: the same `serve`, as a cluster member."""
    return [sys.executable, "-m", "server", "serve", "--cluster", "--reuse-port", "--no-qr",
            *args]


def supervise(count: int, args: Sequence[str], env: Mapping[str, str]) -> int:
    """Run `count` workers until SIGINT/SIGTERM; restart any that exits on its own."""
    stopping = False

    def stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    command = worker_command(args)
    workers = [subprocess.Popen(command, env=env) for _ in range(count)]
    try:
        while not stopping:
            time.sleep(0.2)
            for index, worker in enumerate(workers):
                if worker.poll() is not None and not stopping:
                    log.warning("worker %d exited with %s; starting another", worker.pid,
                                worker.returncode)
                    time.sleep(RESTART_SECONDS)
                    workers[index] = subprocess.Popen(command, env=env)
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.send_signal(signal.SIGTERM)
        for worker in workers:
            try:
                worker.wait(15)
            except subprocess.TimeoutExpired:
                worker.kill()
    return 0
