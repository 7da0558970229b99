"""Fixtures for the browser tests: one server subprocess per module, and one Chromium for
each run of browser modules a worker takes one after another.

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
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.server.support.live import START_SECONDS
from tests.server.support.spawn import ServerProcess, spawn_server
from tests.worker_heap import module_ends

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


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


class SharedChromium:
    """One Playwright driver and Chromium for the browser modules a worker runs back to
    back, started by the first and stopped before any test that needs no browser.

    Why: a driver and a Chromium cost a start about 1.2 s of CPU, and the suite has over
    fifty browser modules (issue #43); the workers take the browser modules first
    (tests/conftest.py), so each starts one Chromium instead of a dozen. Why stopped
    between: Playwright's sync API marks its asyncio loop as running on the worker's thread
    while its driver lives, and a server test that met it failed (`asyncio.run` refused;
    docs/performance.md, "One Chromium per worker: tried, and reverted"). Each module still
    starts with no page open: `browser` closes every context a module left."""

    def __init__(self) -> None:
        self.playwright: Playwright | None = None
        self.chromium: Browser | None = None

    def get(self) -> Browser:
        if self.playwright is None:
            self.playwright = sync_playwright().start()
        if self.chromium is None or not self.chromium.is_connected():
            self.chromium = self.playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        return self.chromium

    def stop(self) -> None:
        if self.chromium is not None and self.chromium.is_connected():
            self.chromium.close()
        if self.playwright is not None:
            self.playwright.stop()
        self.playwright = self.chromium = None


SHARED_CHROMIUM = pytest.StashKey[SharedChromium]()


def shared_chromium(config: pytest.Config) -> SharedChromium:
    if SHARED_CHROMIUM not in config.stash:
        config.stash[SHARED_CHROMIUM] = SharedChromium()
        config.add_cleanup(config.stash[SHARED_CHROMIUM].stop)
    return config.stash[SHARED_CHROMIUM]


def chromium_ends_after(item: pytest.Item, nextitem: pytest.Item | None) -> bool:
    """Whether the shared Chromium stops after `item`: when no test follows, or the next is
    in another module and needs no browser. Not inside a module: its `browser` fixture
    lives until the module ends, as a module's own Chromium always did."""
    return module_ends(item, nextitem) and "browser" not in getattr(nextitem, "fixturenames", ())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> object:
    """Once a browser test's fixtures are torn down, stop the Chromium if the next test
    needs none (or there is none): no other test may meet Playwright's loop."""
    result = yield
    if chromium_ends_after(item, nextitem) and SHARED_CHROMIUM in item.config.stash:
        item.config.stash[SHARED_CHROMIUM].stop()
    return result


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Iterator[Browser]:
    """The shared Chromium; each module closes the contexts it opened, so the next one
    starts with no page open."""
    _need_chromium()
    chromium = shared_chromium(request.config).get()
    try:
        yield chromium
    finally:
        if chromium.is_connected():
            for context in chromium.contexts:
                context.close()
