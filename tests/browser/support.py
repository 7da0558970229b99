"""Helpers for the browser tests: phone-sized contexts without Internet, and screenshots."""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
# Evaluate in a page: the page width as laid out, and visible controls under 44 px tall.
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth"
SMALL_BUTTONS = """() => [...document.querySelectorAll('button, .btn, select, input')]
  .filter((node) => node.offsetParent !== null)
  .map((node) => ({text: node.textContent.trim() || node.name || node.id,
                   height: node.getBoundingClientRect().height}))
  .filter((b) => b.height < 44)"""


def offline_internet(context: BrowserContext) -> None:
    """Abort every request that leaves this machine: no Scryfall images, no CDNs."""

    def route(route: Route) -> None:
        if urlsplit(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            route.abort()

    context.route("**/*", route)


def new_context(
    browser: Browser, viewport: dict[str, int] | None = None, **options: object
) -> BrowserContext:
    """A phone-sized context (390×844 unless told) with the Internet cut off."""
    context = browser.new_context(viewport=viewport or PHONE, **options)  # type: ignore[arg-type]
    context.set_default_timeout(15_000)
    offline_internet(context)
    return context


SCREENSHOTS_ENV = "PRISMATIC_TEST_SCREENSHOTS"


def screenshots_wanted() -> bool:
    """Whether `screenshot` saves anything: yes on a developer's machine, no in CI (`CI=true`),
    where nobody looks at them and each one costs Chromium a render and a PNG encoding
    (issue #43); `PRISMATIC_TEST_SCREENSHOTS=1` or `=0` decides either way. No test checks
    a saved screenshot: a check on pixels (a QR code) takes its own, always."""
    wanted = os.environ.get(SCREENSHOTS_ENV)
    if wanted is not None:
        return wanted == "1"
    return os.environ.get("CI") != "true"


def screenshot(page: Page, name: str, full_page: bool = False) -> Path:
    """Save `artifacts/screenshots/<name>.png` (git-ignored) for a human to look at, when
    `screenshots_wanted`."""
    path = SCREENSHOTS / f"{name}.png"
    if screenshots_wanted():
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=full_page)
    return path


def join(context: BrowserContext, join_url: str, name: str, shot: str = "") -> Page:
    """Open the join link on a phone, enter a name and land on the seat page's lobby."""
    page = context.new_page()
    page.goto(join_url)
    if shot:
        expect(page.locator("#pod-info")).not_to_be_empty()
        screenshot(page, shot)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take a seat").click()
    page.wait_for_url(re.compile(r"/seat$"))
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#lobby-title")).to_have_text(name)
    return page


def call_api(base: str, method: str, path: str, body: object = None, token: str = "") -> object:
    """A JSON API call from the test itself (setting up what the UI is not under test for)."""
    request = urllib.request.Request(
        base + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={
            "Content-Type": "application/json",
            **({"Authorization": f"Bearer {token}"} if token else {}),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")
    except urllib.error.HTTPError as refused:
        refused.close()  # it holds the socket, which would warn in whichever test runs next
        raise


def mobile_context(browser: Browser, width: int = 390, height: int = 800) -> BrowserContext:
    """A phone as the browser lays it out: a mobile viewport with touch, Internet cut off.

    Why mobile mode: on a desktop context `body { overflow-x: hidden }` hides anything
    wider than the screen; a phone shows it and lets the page scroll sideways."""
    return new_context(browser, viewport={"width": width, "height": height},
                       is_mobile=True, has_touch=True)


def page_overflow(page: Page) -> int:
    """How many px the page is wider than the phone's screen (0: nothing scrolls sideways).

    Measured against the context's viewport, not `innerWidth`: a mobile browser widens
    its layout viewport to fit content that overflows."""
    width = (page.viewport_size or PHONE)["width"]
    wide = page.evaluate("Math.max(document.documentElement.scrollWidth,"
                         " document.body.scrollWidth, window.innerWidth)")
    return max(0, int(wide) - width)
