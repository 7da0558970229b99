"""A mixed night in the browser: the host picks a line-up (CMM, then CLB twice) and the
house rules on the start page; a phone (360 px, touch) drafts all three packs, and the
host screen and the phone always say which set the round opens."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import NO_SIDEWAYS_SCROLL, join, new_context, screenshot
from tests.browser.test_draft_night import PICKS_PER_PLAYER, take_first_two

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LINE_UP = ("CMM", "CLB", "CLB")


def create_mixed_pod(host: Page, base: str) -> str:
    host.goto(base + "/")
    expect(host.locator("#f-line-up")).to_be_hidden()
    host.get_by_label("Set", exact=True).select_option("mixed")
    expect(host.locator("#f-line-up")).to_be_visible()
    for number, code in enumerate(LINE_UP, start=1):
        host.get_by_label(f"Pack {number}", exact=True).select_option(code)
    host.get_by_label("Seats", exact=True).select_option("2")
    host.get_by_label("Starting life", exact=True).select_option("30")
    host.get_by_role("button", name="Create the pod").click()
    host.wait_for_url(re.compile(r"/pods/[^/]+/host$"))
    expect(host.locator("#line-up")).to_have_text("Line-up: CMM · CLB · CLB")
    expect(host.locator("#house-rules")).to_have_text(
        "Starting life 30 · Decks of at least 60 cards")
    join_url = host.locator("#join-url").get_attribute("href")
    assert join_url
    return join_url


def test_a_line_up_drafts_end_to_end_on_a_phone(server: str, browser: Browser) -> None:
    host = new_context(browser, viewport={"width": 1280, "height": 800}).new_page()
    join_url = create_mixed_pod(host, server)
    phone_context = new_context(browser, viewport={"width": 360, "height": 780},
                                is_mobile=True, has_touch=True)
    phone = join(phone_context, join_url, "Ann")
    expect(phone.locator("#lobby-rules")).to_have_text(
        "Line-up: CMM · CLB · CLB · Starting life 30 · Decks of at least 60 cards")

    host.get_by_role("button", name="Start the draft").click()
    expect(host.locator("#line-up")).to_contain_text("Pack 1 opens CMM")
    rounds_seen: dict[str, str] = {}
    for _ in range(PICKS_PER_PLAYER):
        expect(phone.locator("#pack-grid .card").first).to_be_visible()
        counter = phone.locator("#pack-counter").inner_text()
        round_number = counter.split()[1]
        rounds_seen[round_number] = phone.locator("#round-set").inner_text()
        if len(rounds_seen) == 2 and round_number == "2":
            expect(host.locator("#line-up")).to_contain_text("Pack 2 opens CLB")
            assert phone.evaluate(NO_SIDEWAYS_SCROLL) <= 360
            screenshot(phone, "line-up-phone-pack-2")
        assert take_first_two(phone)
    assert rounds_seen == {"1": "CMM", "2": "CLB", "3": "CLB"}

    expect(phone.locator("#builder")).to_be_visible(timeout=20_000)
    names = phone.locator("#piper-name option")
    expect(names).to_have_text(["The Prismatic Piper", "Faceless One"])
    phone.get_by_label("Added commander").select_option("Faceless One")
    phone.locator("#add-piper").click()
    expect(phone.locator("#commanders")).to_contain_text("Faceless One")
    assert phone.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    screenshot(phone, "line-up-phone-builder")
