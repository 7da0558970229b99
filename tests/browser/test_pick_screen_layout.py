"""The pick screen on the narrowest common phone: nothing scrolls sideways and every
button is a comfortable touch target."""

from __future__ import annotations

import re
import struct
import zlib
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import (
    NO_SIDEWAYS_SCROLL,
    SMALL_BUTTONS,
    call_api,
    join,
    new_context,
    screenshot,
)

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 740}


def start_pod_with_one_phone(base: str, browser: Browser) -> Page:
    pod: Any = call_api(
        base,
        "POST",
        "/api/pods",
        {"set": "CMR", "seats": 2, "bots": True, "pick_timer_seconds": 90},
    )
    context = new_context(browser, viewport=NARROW)
    page = join(context, pod["join_url"], "Cyrillia the Long-Named Wanderer")
    call_api(base, "POST", f"/api/pods/{pod['pod_id']}/start", token=pod["host_token"])
    expect(page.locator("#pack-grid .card")).to_have_count(20)
    return page


COUNT_SOCKET_PICKS = """() => {
  window.socketPicks = 0;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (String(data).includes('"type":"pick"')) window.socketPicks += 1;
    return send.call(this, data);
  };
}"""


def test_pick_screen_fits_360px_without_sideways_scroll(server: str, browser: Browser) -> None:
    page = start_pod_with_one_phone(server, browser)
    expect(page.locator("#timer")).to_have_text(re.compile(r"^\d+ seconds? left$"))
    cards = page.locator("#pack-grid .card")
    cards.nth(0).click()
    cards.nth(1).click()
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    assert page.evaluate(SMALL_BUTTONS) == []
    box = cards.nth(0).bounding_box()
    assert box and box["height"] >= 44
    screenshot(page, "12-phone-360-pick")
    screenshot(page, "12-phone-360-pick-full", full_page=True)

    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.url.endswith("/picks") else None)
    page.evaluate(COUNT_SOCKET_PICKS)
    page.get_by_role("button", name="Take these 2").dblclick()  # an impatient thumb
    expect(page.get_by_role("tab", name="Pool (2)")).to_be_visible()
    page.wait_for_timeout(300)
    # One pick, sent once, over the open socket (HTTP only when there is no socket).
    assert page.evaluate("window.socketPicks") == 1 and posts == []
    page.get_by_role("tab", name="Pool (2)").click()
    expect(page.locator("#pool-list .card-row")).to_have_count(2)
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    assert page.evaluate(SMALL_BUTTONS) == []
    screenshot(page, "13-phone-360-pool")
    page.context.close()


def solid_png(width: int = 63, height: int = 88, rgb: bytes = b"\x6a\x4c\x93") -> bytes:
    """An opaque one-color PNG: stands in for a Scryfall image in the test."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + rgb * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def test_card_images_replace_text_cards_once_they_load(
    remote_images_server: str, browser: Browser
) -> None:
    server = remote_images_server
    pod: Any = call_api(server, "POST", "/api/pods", {"set": "CMR", "seats": 2, "bots": True})
    context = new_context(browser, viewport={"width": 1280, "height": 800})
    context.route(  # registered last, so it answers image requests before the blocker
        re.compile(r"^https://(cards|api)\.scryfall\.(io|com)/"),
        lambda route: route.fulfill(status=200, content_type="image/png", body=solid_png()),
    )
    page = join(context, pod["join_url"], "Dana")
    call_api(server, "POST", f"/api/pods/{pod['pod_id']}/start", token=pod["host_token"])
    expect(page.locator("#pack-grid .card.has-img")).to_have_count(20)
    assert page.evaluate(NO_SIDEWAYS_SCROLL) <= 1280
    screenshot(page, "14-desktop-pick-with-images")
    context.close()
