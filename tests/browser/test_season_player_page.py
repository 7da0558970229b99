"""A player's season page, reached from the standings on a phone: their line, nights and
every game, adding up to the standings' points; nothing scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import call_api, mobile_context, page_overflow, screenshot
from tests.browser.test_season_pages import LONG, season_file

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "width"), [("en", 390), ("ru", 360), ("it", 360)])
def test_a_name_in_the_standings_opens_the_players_season(browser: Browser, server: str,
                                                          lang: str, width: int) -> None:
    season = call_api(server, "POST", "/api/seasons/import?existing=replace", season_file())
    assert isinstance(season, dict)
    context = mobile_context(browser, width=width)
    page = context.new_page()
    page.goto(f"{server}/seasons/{season['season_id']}?lang={lang}")
    page.locator("#standings-body").get_by_role("link", name=LONG).click()
    expect(page.locator("#player-name")).to_have_text(LONG)
    games = page.locator("#player-games li")
    expect(games).to_have_count(2)  # 4th of four, then 1st of two
    expect(page.locator("#player-nights tr")).to_have_count(1)
    expect(page.locator("#player-nights tr td").last).to_have_text("5")  # 1 + 4
    expect(games.first).to_contain_text("Ann")
    if lang == "en":
        expect(games.last).to_contain_text("1. win against Zoë · +4 points")
        expect(page.locator("#player-line")).to_contain_text("5 points")
    screenshot(page, f"season-player-{lang}-{width}", full_page=True)
    assert page_overflow(page) == 0
    context.close()


def test_a_name_nobody_played_under_says_so(browser: Browser, server: str) -> None:
    season = call_api(server, "POST", "/api/seasons/import?existing=replace", season_file())
    assert isinstance(season, dict)
    context = mobile_context(browser, width=390)
    page = context.new_page()
    page.goto(f"{server}/seasons/{season['season_id']}/player?name=Nobody&lang=it")
    expect(page.locator("#season-error")).to_have_text(
        "Nessuno con questo nome ha giocato in questa stagione.")
    expect(page.locator("#player-games-section")).to_be_hidden()
    context.close()
