"""Fixtures for the browser tests: one server subprocess and one Chromium per module.

Why a subprocess and Debian's Chromium: the point is to test what a phone sees, through a
real uvicorn with real sockets, without downloading a browser. Requests that leave
localhost are aborted, as on a table with no Internet, so the text cards are exercised.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.server.support.live import START_SECONDS
from tests.server.support.spawn import ServerProcess, spawn_server

CHROMIUM = "/usr/bin/chromium"


def _need_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    reason = f"{CHROMIUM} is missing (apt-get install chromium); browser tests need it"
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_healthy(url: str, process: ServerProcess, log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=1) as response:
                if response.status == 200:
                    return
        except urllib.error.HTTPError as not_yet:
            not_yet.close()  # its socket, left open, would warn in a later test
            time.sleep(0.1)
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"server did not become healthy:\n{log.read_text()[-3000:]}")


ADDRESS_IN_USE = "address already in use"  # uvicorn's words when its port is taken
NO_INTERNET = "http://127.0.0.1:9"
"""Where the image probe of `--images auto` looks in tests: a closed port, as with no
Internet, so no test contacts Scryfall and the default behaves as on a table offline."""


@contextmanager
def running_server(data: Path, *args: str, **env: str) -> Iterator[str]:
    """`prismatic serve` on a free port with its SQLite file in `data`; yields its base URL.

    `_free_port` only finds a port that was free a moment ago (other test workers bind
    ports too): a server that finds its port taken is started again on another."""
    for attempt in range(3):
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        log = data / "server.log"
        environment = {k: v for k, v in os.environ.items() if not k.startswith("PRISMATIC_")}
        environment.update({"PRISMATIC_PUBLIC_URL": base, "PRISMATIC_SCRYFALL_URL": NO_INTERNET,
                            "PRISMATIC_CARD_TEXT_ON_START": "0", **env})
        command = ["serve", "--host", "127.0.0.1", "--port", str(port),
                   "--db", f"sqlite:///{data}/db.sqlite3", "--data-dir", str(data), "--no-qr",
                   *args]
        log.write_bytes(b"")
        process = spawn_server(command, environment, log)
        try:
            _wait_healthy(base, process, log)
            break
        except RuntimeError:
            process.kill()
            process.wait()
            if attempt == 2 or ADDRESS_IN_USE not in log.read_text().lower():
                raise
    try:
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A fresh server with the default settings; yields its base URL."""
    _need_chromium()
    with running_server(tmp_path_factory.mktemp("server")) as base:
        yield base


@pytest.fixture(scope="module")
def remote_images_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server started with `--images remote`: phones get Scryfall URLs for every card."""
    _need_chromium()
    with running_server(tmp_path_factory.mktemp("server"), "--images", "remote") as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    _need_chromium()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        try:
            yield chromium
        finally:
            chromium.close()
