"""The QR code on both host screens, read as a phone's camera reads it: visible, and
decoding to the join link, on a laptop's screen and on a phone-sized one.

Why decode and not only check `<img>`: the night's QR was once in the page but hidden by
a stylesheet rule meant for a pod's draft, and every phone had to type the link.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser.qr_reading import read_qr_codes
from tests.browser.support import call_api, mobile_context, new_context

pytestmark = pytest.mark.browser


def laptop(browser: Browser) -> BrowserContext:
    return new_context(browser, viewport={"width": 1280, "height": 800})


CONTEXTS = {"laptop": laptop, "phone": lambda browser: mobile_context(browser, width=360)}


@pytest.mark.parametrize("screen", ["pod", "night"])
@pytest.mark.parametrize("device", sorted(CONTEXTS))
def test_the_host_screen_shows_a_qr_code_of_the_join_link(
    browser: Browser, server: str, screen: str, device: str
) -> None:
    created = call_api(server, "POST", "/api/pods" if screen == "pod" else "/api/events",
                       {"seats": 4} if screen == "pod" else {"set": "CMR"})
    assert isinstance(created, dict)
    context = CONTEXTS[device](browser)
    page = context.new_page()
    page.goto(created["host_url"])
    qr = page.locator("img.qr")
    expect(qr).to_be_visible()
    page.wait_for_function("() => document.querySelector('img.qr').complete")
    assert page.locator("#join-url").get_attribute("href") == created["join_url"]
    assert read_qr_codes(qr.screenshot()) == [created["join_url"]]
    context.close()
