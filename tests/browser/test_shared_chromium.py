"""One Chromium for the browser modules a worker runs back to back (tests/browser/conftest.py).

Rules: it stops before any test in another module that needs no browser, so no such test
meets Playwright's running loop; it lives through its own module; and a stopped one leaves
the worker's thread with no event loop marked as running."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tests.browser.conftest import CHROMIUM, SharedChromium, chromium_ends_after

pytestmark = pytest.mark.browser


def item(path: str, *fixtures: str) -> Any:
    return SimpleNamespace(path=Path(path), fixturenames=list(fixtures))


def test_it_ends_after_the_last_test_or_before_another_modules_test_without_a_browser() -> None:
    last = item("tests/browser/test_a.py", "browser")
    assert chromium_ends_after(last, None)
    assert chromium_ends_after(last, item("tests/server/test_b.py", "client"))
    assert not chromium_ends_after(last, item("tests/browser/test_c.py", "page", "browser"))
    assert not chromium_ends_after(last, item("tests/browser/test_a.py", "client"))


def test_a_stopped_chromium_leaves_no_running_loop_behind() -> None:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing")
    with pytest.raises(RuntimeError):
        asyncio.get_running_loop()  # none left by a browser module that ran before
    shared = SharedChromium()
    try:
        assert shared.get().is_connected()
        assert shared.get() is shared.get()
    finally:
        shared.stop()
    assert asyncio.run(asyncio.sleep(0, result="ran")) == "ran"
