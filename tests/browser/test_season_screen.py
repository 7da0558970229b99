"""A season's screen on a TV (1920×1080): opened once, it shows the season's standings
before the first night, then each night the host opens, by itself and without a reload;
the season's host page carries its link as a QR code."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser.qr_reading import read_qr_codes
from tests.browser.support import new_context, screenshot

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
SWITCH_MS = 15_000
"""A new night reaches the TV at the screen's next look (every 3 s) under a loaded CI."""


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_season(http: httpx.Client) -> dict[str, Any]:
    season = http.post("/api/seasons", json={"name": "Friday Commander",
                                             "scoring": "win-draw-loss"}).json()
    host = http.get(f"/api/seasons/{season['season_id']}/host", headers=auth(season["host_token"]))
    return {**season, **host.json()}


def open_tonight(http: httpx.Client, season: dict[str, Any], names: list[str]) -> str:
    night = http.post("/api/events", json={"set": "CMR", "season_id": season["season_id"]},
                      headers=auth(season["host_token"]))
    assert night.status_code == 201, night.text
    event = str(night.json()["event_id"])
    for name in names:
        assert http.post(f"/api/events/{event}/players", json={"name": name}).status_code == 201
    return event


def test_a_season_screen_follows_each_newly_opened_night_without_a_reload(
    browser: Browser, server: str
) -> None:
    with httpx.Client(base_url=server, timeout=10) as http:
        season = new_season(http)
        context = new_context(browser, viewport=TV)
        page = context.new_page()
        page.goto(season["screen_url"])
        expect(page.locator("body")).to_have_attribute("data-phase", "between")
        expect(page.locator("[data-panel=season] h1")).to_have_text("Friday Commander")
        assert "screen_token" not in page.evaluate("() => window.location.hash")
        screenshot(page, "screen-season-between-1080p")
        page.evaluate("() => { window.openedOnce = true; }")
        first = open_tonight(http, season, ["Ann", "Bob"])
        expect(page.locator("body")).to_have_attribute("data-event", first, timeout=SWITCH_MS)
        expect(page.locator("[data-panel=joining]")).to_contain_text("2 players have joined")
        second = open_tonight(http, season, ["Cid"])
        expect(page.locator("body")).to_have_attribute("data-event", second, timeout=SWITCH_MS)
        expect(page.locator("[data-panel=joining]")).to_contain_text("1 player has joined")
        assert page.evaluate("() => window.openedOnce === true"), "the page was reloaded"
        context.close()


def test_the_season_host_page_shows_the_season_screen_link_as_a_qr_code(
    browser: Browser, server: str
) -> None:
    with httpx.Client(base_url=server, timeout=10) as http:
        season = new_season(http)
    context = new_context(browser, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(season["host_url"])
    expect(page.locator("#screen-url")).to_have_attribute("href", season["screen_url"])
    qr = page.locator("#screen-qr")
    qr.scroll_into_view_if_needed()
    expect(qr).to_be_visible()
    page.wait_for_function("() => document.querySelector('#screen-qr').complete")
    assert read_qr_codes(qr.screenshot()) == [season["screen_url"]]
    context.close()
