"""Fixtures for the browser tests: one server subprocess per module, and one Chromium per
worker whose contexts each module closes when it ends.

Why a subprocess and Debian's Chromium: the point is to test what a phone sees, through a
real uvicorn with real sockets, without downloading a browser. Requests that leave
localhost are aborted, as on a table with no Internet, so the text cards are exercised.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from asyncio import events
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.browser.support import ROOT
from tests.server.support.live import START_SECONDS

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


def _wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
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
        command = [sys.executable, "-m", "server", "serve", "--host", "127.0.0.1",
                   "--port", str(port), "--db", f"sqlite:///{data}/db.sqlite3",
                   "--data-dir", str(data), "--no-qr", *args]
        with log.open("wb") as out:
            process = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=out,
                                       stderr=subprocess.STDOUT)
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


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


class WorkersChromium:
    """One Playwright driver and one Chromium for a test worker, launched when its first
    browser module starts and again only if it went away.

    Why not one per module: the driver and Chromium cost a start about a second of CPU,
    and the suite has over fifty browser modules (issue #43). Each module still begins
    with no page open: `browser` closes every context a module left, as closing its own
    Chromium did."""

    def __init__(self) -> None:
        self.playwright: Playwright | None = None
        self.chromium: Browser | None = None
        self.paused_loop: asyncio.AbstractEventLoop | None = None

    def get(self) -> Browser:
        self._resume_loop()
        if self.playwright is None:
            self.playwright = sync_playwright().start()
        if self.chromium is None or not self.chromium.is_connected():
            self.chromium = self.playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        return self.chromium

    def release(self) -> None:
        """A browser module ended: close every context it left, and take Playwright's event
        loop off the thread until the next browser module (`get`). Between two calls its
        sync API marks that loop as running on the thread, as long as its driver lives: the
        worker's later tests would seem to run on an event loop (`asyncio.run` refuses to
        start, the loop guards of tests/server/conftest.py fire; test_workers_chromium)."""
        if self.chromium is not None and self.chromium.is_connected():
            for context in self.chromium.contexts:
                context.close()
        if self.paused_loop is None:
            self.paused_loop = events._get_running_loop()
            events._set_running_loop(None)

    def _resume_loop(self) -> None:
        """Mark Playwright's loop as running again, as its sync API left it."""
        if self.paused_loop is not None:
            events._set_running_loop(self.paused_loop)
            self.paused_loop = None

    def close(self) -> None:
        self._resume_loop()
        if self.chromium is not None and self.chromium.is_connected():
            self.chromium.close()
        if self.playwright is not None:
            self.playwright.stop()


@pytest.fixture(scope="session")
def workers_chromium() -> Iterator[WorkersChromium]:
    shared = WorkersChromium()
    try:
        yield shared
    finally:
        shared.close()


@pytest.fixture(scope="module")
def browser(workers_chromium: WorkersChromium) -> Iterator[Browser]:
    """The worker's Chromium, with no page open when the module starts or ends."""
    _need_chromium()
    chromium = workers_chromium.get()
    try:
        yield chromium
    finally:
        workers_chromium.release()
