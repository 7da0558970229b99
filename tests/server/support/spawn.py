"""Start `python -m server ...` for a test, forked from a warm zygote (`zygote.py`).

`spawn_server` gives a `ServerProcess`, which answers what the tests ask of a
`subprocess.Popen` (`pid`, `poll`, `wait`, `send_signal`, `terminate`, `kill`,
`returncode`). One zygote per test worker, started on first use. Set
`PRISMATIC_TEST_COLD_START=1` to start every server as a fresh interpreter instead
(`subprocess.Popen`, as before the zygote): the same tests then pay the imports each time.
"""

from __future__ import annotations

import atexit
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

ROOT = Path(__file__).resolve().parents[3]


class ServerProcess(Protocol):
    pid: int

    @property
    def returncode(self) -> int | None: ...
    def poll(self) -> int | None: ...
    def wait(self, timeout: float | None = None) -> int: ...
    def send_signal(self, sig: int) -> None: ...
    def terminate(self) -> None: ...
    def kill(self) -> None: ...


class Zygote:
    """The warm parent: one per test worker, talked to under a lock (tests may start
    servers from threads)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.server.support.zygote"], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
        )
        self.lock = threading.Lock()

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        with self.lock:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the test zygote died (exit {self.process.poll()})")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def close(self) -> None:
        """End of the worker: the zygote exits when it reads the end of its input (the
        servers it forked were each stopped by their own test)."""
        if self.process.poll() is None and self.process.stdin is not None:
            self.process.stdin.close()


_zygote: Zygote | None = None
_zygote_lock = threading.Lock()


def zygote() -> Zygote:
    global _zygote
    with _zygote_lock:
        if _zygote is None or _zygote.process.poll() is not None:
            _zygote = Zygote()
            atexit.register(_zygote.close)
        return _zygote


class ForkedServer:
    """A server forked by the zygote: signals go straight to its pid; its exit status
    is collected by the zygote, its parent."""

    def __init__(self, parent: Zygote, pid: int) -> None:
        self.parent = parent
        self.pid = pid
        self._returncode: int | None = None

    @property
    def returncode(self) -> int | None:
        return self._returncode

    def poll(self) -> int | None:
        if self._returncode is None:
            self._returncode = self.parent.ask({"op": "poll", "pid": self.pid})["returncode"]
        return self._returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while (code := self.poll()) is None:
            if deadline is not None and time.monotonic() >= deadline:
                raise subprocess.TimeoutExpired(["server", str(self.pid)], timeout or 0)
            time.sleep(0.01)
        return code

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def zygote_cpu() -> tuple[object, float] | None:
    """This worker's zygote (as an identity) and the CPU seconds it and its reaped servers
    used, or None if no zygote runs: for `tests/cpu_meter.py`, which never starts one."""
    with _zygote_lock:
        current = _zygote
    if current is None or current.process.poll() is not None:
        return None
    return current, float(current.ask({"op": "cpu"})["seconds"])


def cold() -> bool:
    return os.environ.get("PRISMATIC_TEST_COLD_START") == "1"


def spawn_server(args: Sequence[str], env: Mapping[str, str], log: Path,
                 cwd: Path = ROOT) -> ServerProcess:
    """`python -m server *args` with exactly `env`, its output appended to `log`."""
    if cold():
        with open(log, "ab") as out:
            return subprocess.Popen([sys.executable, "-m", "server", *args], cwd=cwd,
                                    env=dict(env), stdout=out, stderr=subprocess.STDOUT)
    parent = zygote()
    reply = parent.ask({"op": "spawn", "argv": list(args), "env": dict(env),
                        "cwd": str(cwd), "log": str(log)})
    return ForkedServer(parent, int(reply["pid"]))


def run_cli(args: Sequence[str], env: Mapping[str, str] | None = None, cwd: Path = ROOT,
            timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`python -m server *args` run to its end, as `subprocess.run(..., capture_output=True,
    text=True)` would: its exit code and its stdout and stderr apart. A run past `timeout`
    is killed and raises `subprocess.TimeoutExpired`."""
    command = [sys.executable, "-m", "server", *args]
    environment = dict(os.environ if env is None else env)
    if cold():
        return subprocess.run(command, cwd=cwd, env=environment, capture_output=True,
                              text=True, timeout=timeout, check=False)
    with tempfile.TemporaryDirectory(prefix="prismatic-cli-") as where:
        out, err = Path(where, "stdout"), Path(where, "stderr")
        parent = zygote()
        reply = parent.ask({"op": "spawn", "argv": list(args), "env": environment,
                            "cwd": str(cwd), "stdout": str(out), "stderr": str(err)})
        process = ForkedServer(parent, int(reply["pid"]))
        try:
            code = process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
            raise subprocess.TimeoutExpired(command, timeout, _text(out), _text(err)) from None
        return subprocess.CompletedProcess(command, code, _text(out), _text(err))


def _text(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else ""
