"""`LiveServer`: the real `prismatic serve` in a subprocess on a free loopback port.

Why a subprocess: socket behaviour (real frames, close codes) and durability (SIGKILL
mid-draft) can only be tested against a real process.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx

from tests.server.support.spawn import ServerProcess, spawn_server

ROOT = Path(__file__).resolve().parents[3]
ADDRESS_IN_USE = "address already in use"  # uvicorn's words when its port is taken
START_SECONDS = 120
"""A guard against a hang, not a speed limit: a start-up takes a second or two, but many
seconds on a machine busy with other test workers."""


class PortTaken(RuntimeError):
    """The server exited at start-up because another process holds its port."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    def __init__(self, db_url: str, data_dir: Path, env: dict[str, str] | None = None,
                 qr: bool = False) -> None:
        self.qr = qr
        self.db_url = db_url
        self.data_dir = data_dir
        self.env = env or {}
        self.port = free_port()
        self.process: ServerProcess | None = None
        self.served = False  # once up, the port is the server's address: restarts keep it
        self.log_path = data_dir.parent / f"server-{self.port}.log"

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, pod_id: str, token: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/pods/{pod_id}?token={token}"

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base_url, timeout=10)

    def start(self) -> None:
        """Start and wait for /healthz. A first start whose port another process took
        meanwhile (`free_port` only finds a port that was free a moment ago; other test
        workers bind ports too) tries a new port; a restart keeps its port, as phones
        expect."""
        for _ in range(3):
            try:
                self._start()
                self.served = True
                return
            except PortTaken:
                if self.served:
                    raise
                self.port = free_port()
        self._start()

    def _start(self) -> None:
        env = {**os.environ, "PRISMATIC_PUBLIC_URL": "http://prismatic.test",
               "PRISMATIC_MIN_PICK_TIMER_SECONDS": "1",
               "PRISMATIC_IMAGES": "local",  # no test asks the real image host
               **self.env}
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        logged = self.log_path.stat().st_size if self.log_path.exists() else 0
        self.process = spawn_server(
            ["serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", self.db_url,
             "--data-dir", str(self.data_dir), *([] if self.qr else ["--no-qr"])],
            env, self.log_path,
        )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.log_path.read_bytes()[logged:].decode(errors="replace")
                if ADDRESS_IN_USE in output.lower():
                    raise PortTaken(output[-2000:])
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base_url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        self.kill()  # no stray server for a later test to trip over
        raise RuntimeError(f"server did not start: {self.log_path.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers run, exactly like a crash or a pulled plug."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def restart(self) -> None:
        self.kill()
        self.start()
