"""What a phone's network moves for the seat page (issue #46): a cold load (nothing cached)
stays under 60 KB, and a reload under 10 KB, as Chromium's network layer counts them
(headers and compressed bodies; the socket's frames are not HTTP and not counted).

Why bytes and not time: bytes are the same on every machine (the time is bench/phone.py's).
Why no `offline_internet` here: Playwright turns the HTTP cache off in a context that routes
requests, and the cache is what is under test; the seat's lobby loads no image anyway.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page

from tests.browser.support import call_api

COLD_LIMIT = 60_000
WARM_LIMIT = 10_000
IN_LOBBY = "() => document.body?.dataset.phase === 'lobby'"


class Counted:
    """A page whose network bytes are summed from the DevTools protocol's events."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.bytes = 0
        self.urls: list[str] = []
        self.requests: dict[str, str] = {}
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.send("Network.enable")

    def _sent(self, event: dict[str, Any]) -> None:
        self.requests[event["requestId"]] = event["request"]["url"]

    def _finished(self, event: dict[str, Any]) -> None:
        size = int(event.get("encodedDataLength", 0))
        self.bytes += size
        if size:
            self.urls.append(f"{self.requests.get(event['requestId'])}: {size}")

    def load(self, action: Any) -> int:
        self.bytes, self.urls = 0, []
        action()
        self.page.wait_for_function(IN_LOBBY)
        self.page.wait_for_load_state("networkidle")
        return self.bytes


def test_a_cold_seat_page_is_small_and_a_reload_moves_almost_nothing(
        server: str, browser: Browser) -> None:
    pod: Any = call_api(server, "POST", "/api/pods", {"seats": 4, "set": "CMR", "seed": 3})
    seat: Any = call_api(server, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Ann"})
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    try:
        page = Counted(context.new_page())
        url = f"{server}/pods/{pod['pod_id']}/seat#seat_token={seat['seat_token']}"
        cold = page.load(lambda: page.page.goto(url))
        assert 0 < cold <= COLD_LIMIT, page.urls
        warm = page.load(page.page.reload)
        assert warm <= WARM_LIMIT, page.urls
    finally:
        context.close()
