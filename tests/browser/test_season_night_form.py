"""Tonight's night from the season's host page, on the host's laptop: the start page's
choices (set or line-up, timer, house rules, reveal, the season's achievements) open the
night, and the next visit finds them filled in."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import call_api, new_context, page_overflow, screenshot

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}


def test_the_host_sets_up_a_night_and_finds_its_choices_next_time(browser: Browser,
                                                                   server: str) -> None:
    season = call_api(server, "POST", "/api/seasons", {
        "name": "Friday League", "achievements": [{"name": "First blood", "points": 1},
                                                  {"name": "Piper", "points": 3}]})
    assert isinstance(season, dict)
    context = new_context(browser, viewport=LAPTOP)
    page = context.new_page()
    host = f"{server}/seasons/{season['season_id']}/host?lang=en"
    page.goto(f"{host}#host_token={season['host_token']}")
    expect(page.locator("#night-achievement-list input")).to_have_count(2)
    page.get_by_label("Set").select_option("mixed")
    expect(page.locator("#f-line-up")).to_be_visible()
    page.get_by_label("Pack 1").select_option("CMR")
    page.get_by_label("Starting life").select_option("30")
    page.get_by_label("Deck size").select_option("exact")
    page.get_by_label("Who may replay the draft").select_option("own_seat")
    page.get_by_label("Pick timer").select_option("90")
    page.get_by_label("First blood +1").uncheck()
    screenshot(page, "season-night-form")
    assert page_overflow(page) == 0
    page.get_by_role("button", name="Open tonight's night").click()
    page.wait_for_url(lambda url: "/events/" in url and url.endswith("/host"))
    event_id = page.url.split("/events/")[1].split("/")[0]
    night = call_api(server, "GET", f"/api/events/{event_id}")
    assert isinstance(night, dict)
    assert night["line_up"] == ["CMR", "CLB", "CLB"]
    page.goto(host)  # the token stayed on this laptop
    expect(page.locator("#f-set")).to_have_value("mixed")
    expect(page.locator("#f-pack-1")).to_have_value("CMR")
    expect(page.locator("#f-life")).to_have_value("30")
    expect(page.locator("#f-deck-size")).to_have_value("exact")
    expect(page.locator("#f-reveal")).to_have_value("own_seat")
    expect(page.locator("#f-timer")).to_have_value("90")
    expect(page.get_by_label("First blood +1")).not_to_be_checked()
    expect(page.get_by_label("Piper +3")).to_be_checked()
    context.close()
