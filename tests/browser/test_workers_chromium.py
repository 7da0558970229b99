"""The worker's one Chromium (tests/browser/conftest.py) leaves nothing behind a browser
module for the tests the worker runs after it.

Found by a whole run: Playwright's sync API marks its event loop as running on the
worker's thread between two calls, for as long as its driver lives. Kept for the whole
worker, it made every later test on that worker look as if it ran on an event loop: a
cluster test's `asyncio.run` refused to start, and the guards against queries and commits
on the loop (tests/server/conftest.py) failed tests whose queries ran on the test's thread.
"""

from __future__ import annotations

import asyncio

import pytest

from tests.browser.conftest import WorkersChromium, _need_chromium

pytestmark = pytest.mark.browser


async def answer() -> int:
    await asyncio.sleep(0)
    return 42


def test_after_a_browser_module_the_thread_runs_no_event_loop_and_chromium_serves_again(
    workers_chromium: WorkersChromium,
) -> None:
    _need_chromium()  # skips with a reason without Debian's Chromium, as `browser` does
    chromium = workers_chromium.get()
    page = chromium.new_page()
    page.set_content("<p>one</p>")
    workers_chromium.release()  # what the end of a browser module does
    with pytest.raises(RuntimeError):
        asyncio.get_running_loop()
    assert asyncio.run(answer()) == 42  # what a cluster test after it does
    again = workers_chromium.get()
    assert again is chromium and not again.contexts
    page = again.new_page()
    page.set_content("<p>two</p>")
    assert page.text_content("p") == "two"
    workers_chromium.release()
