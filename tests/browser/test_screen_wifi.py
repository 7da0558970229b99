"""The store's Wi-Fi on the TV (1920×1080): set on the laptop, it is a second QR code on
the join page, beside the join link's; both decode, the Wi-Fi one to the escaped
`WIFI:` text a phone joins with, and the page still fits the screen."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser.qr_reading import read_qr_codes
from tests.browser.support import new_context, screenshot
from tests.browser.test_screen_layout import assert_readable, night_of
from tests.browser.test_store_screen import TVS

pytestmark = pytest.mark.browser


@pytest.fixture
def http(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as client:
        yield client


def test_the_join_page_shows_a_second_qr_code_that_joins_the_stores_wifi(
    browser: Browser, http: httpx.Client
) -> None:
    night = night_of(http, 3)
    saved = http.put("/api/laptop/wifi", json={"name": "Dragon's Lair; 5 GHz",
                                               "password": 'mana:"fixed",1\\'})
    assert saved.status_code == 200, saved.text
    try:
        context = new_context(browser, viewport=TVS["1080p"])
        page = context.new_page()
        page.goto(night["screen_url"])
        expect(page.locator(".wifi-qr strong")).to_have_text("Wi-Fi: Dragon's Lair; 5 GHz")
        page.wait_for_function("() => [...document.querySelectorAll('.join-qr img, .wifi-qr img')]"
                               ".every((image) => image.complete)")
        assert read_qr_codes(page.locator(".wifi-qr img").screenshot()) == [
            'WIFI:T:WPA;S:Dragon\'s Lair\\; 5 GHz;P:mana\\:\\"fixed\\"\\,1\\\\;;']
        assert read_qr_codes(page.locator(".join-qr img").screenshot()) == [night["join_url"]]
        assert_readable(page, "1080p", big=False)
        screenshot(page, "screen-joining-wifi-1080p")
        context.close()
    finally:
        assert http.delete("/api/laptop/wifi").status_code == 200
