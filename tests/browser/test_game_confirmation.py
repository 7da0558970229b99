"""A game one phone ended counts for the season only once a second phone at the table
confirms it: the reporter's phone offers no confirm, the season page lists the game as
pending until the other player's tap, then counts it (mobile Chromium, touch)."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import mobile_context
from tests.server.services.test_season_confirmations import Night

pytestmark = pytest.mark.browser


def test_a_second_phone_confirms_the_result_and_the_season_counts_it(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        night = Night(client)
        night.knock_out_everyone_from(client, "Ann")
    phones = {}
    for name in ("Ann", "Bob"):
        page = mobile_context(browser, width=360).new_page()
        page.goto(f"{server}/pods/{night.pod_id}/seat#seat_token={night.seats[name].token}")
        expect(page.locator(".game-result .placings li")).to_have_count(4)
        phones[name] = page
    ann, bob = phones["Ann"], phones["Bob"]
    standings = mobile_context(browser, width=390).new_page()
    standings.goto(f"{server}/seasons/{night.season_id}")
    expect(standings.locator("#pending-list li")).to_have_count(1)
    expect(standings.locator("#pending-list li")).to_contain_text("1. Ann")
    expect(standings.locator("#standings")).to_be_hidden()

    expect(ann.locator(".own-result")).to_have_text(
        "You reported this result; another player at the table confirms it.")
    expect(ann.locator(".confirm-result")).to_have_count(0)
    expect(ann.locator(".result-pending")).to_contain_text("Pending")
    bob.locator(".confirm-result").tap()
    for page in (ann, bob):
        expect(page.locator(".result-counts")).to_have_text("This result counts for the season.")
    expect(ann.locator(".confirmations")).to_have_text("Confirmed by Bob")

    standings.reload()
    expect(standings.locator("#standings-body tr").first).to_contain_text("Ann")
    expect(standings.locator("#season-pending")).to_be_hidden()
    for page in (ann, bob, standings):
        page.context.close()
