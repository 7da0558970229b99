"""`prismatic serve --workers N` and `--cluster`: real processes, PostgreSQL only.

Rules: SQLite refuses more than one process in one line; `--workers 2` runs two worker
processes on one port, and when one is SIGKILLed the port keeps answering and the
supervisor starts another.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.server.cli.test_serve_commands import assert_one_line_error, serve
from tests.server.support.builders import new_pod
from tests.server.support.live import ROOT, START_SECONDS, free_port


def test_sqlite_refuses_several_workers(tmp_path: Path) -> None:
    assert_one_line_error(serve("--workers", "2", "--data-dir", str(tmp_path)),
                          "--workers needs PostgreSQL")


def test_sqlite_refuses_cluster_membership(tmp_path: Path) -> None:
    assert_one_line_error(serve("--cluster", "--data-dir", str(tmp_path)),
                          "several server processes need PostgreSQL")


def children(pid: int) -> set[int]:
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return {int(word) for word in text.split()}


def has_ended(pid: int) -> bool:
    """The process has exited with all its threads (gone, or a zombie its parent has not
    reaped yet): its sockets are closed. A killed process's main thread shows as a zombie
    while its other threads (the writer's, the pools') still hold its open files for a
    moment, the listening socket among them: a connection the kernel gave that socket
    then was reset when the last thread let go (met under load, 1 run in 8)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        threads = os.listdir(f"/proc/{pid}/task")
    except (OSError, IndexError):
        return True
    return state in ("Z", "X") and len(threads) <= 1


def wait_until(check: object, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():  # type: ignore[operator]
                return
        except (httpx.HTTPError, OSError):
            pass
        time.sleep(0.1)
    raise AssertionError("timed out")


@pytest.mark.slow
def test_two_workers_share_one_port_and_survive_a_sigkill(
    postgres_url: str, tmp_path: Path
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PRISMATIC_PUBLIC_URL": "http://prismatic.test",
           "PRISMATIC_IMAGES": "local"}
    with open(tmp_path / "workers.log", "wb") as log:
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "server", "serve", "--workers", "2", "--host", "127.0.0.1",
             "--port", str(port), "--db", postgres_url, "--data-dir", str(tmp_path / "d"),
             "--no-qr"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_until(lambda: len(children(supervisor.pid)) == 2  # both serve, not just one
                   and (tmp_path / "workers.log").read_text().count(
                       "Application startup complete") == 2
                   and httpx.get(f"{base}/healthz", timeout=1).status_code == 200, START_SECONDS)
        first = children(supervisor.pid)
        with httpx.Client(base_url=base, timeout=10) as client:
            pod = new_pod(client, seats=8, seed=5)
        killed = min(first)
        os.kill(killed, signal.SIGKILL)
        # A connection the kernel queued on the killed worker's socket before it died is
        # reset (SO_REUSEPORT: each worker has its own queue); a phone retries it. The rule
        # under test is for what comes after: once the worker is dead, every answer comes.
        wait_until(lambda: has_ended(killed), START_SECONDS)
        with httpx.Client(base_url=base, timeout=10) as client:
            for _ in range(20):  # every answer now comes from the survivor or a new worker
                assert client.get("/healthz").status_code == 200
                assert client.get(pod.url()).status_code == 200
        wait_until(lambda: len(children(supervisor.pid) - first) == 1
                   and len(children(supervisor.pid)) == 2, START_SECONDS)
    finally:
        supervisor.send_signal(signal.SIGTERM)
        supervisor.wait(30)
    assert not (children_left := [p for p in first if Path(f"/proc/{p}").exists()]), \
        children_left
