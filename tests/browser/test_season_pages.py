"""The season's standings page on a phone (360 and 390 px; EN, RU, IT): every player's
line is shown, long names wrap, and nothing makes the page scroll sideways. The season's
host page and the start page of a season fit too."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import (
    call_api,
    mobile_context,
    new_context,
    page_overflow,
    screenshot,
)

LONG = "Wolfeschlegelsteinhausenbergerdo"  # 32 letters, no space to break at
NAMES = ("Ann", "Бартоломей", "Giancarlo", LONG, "Zoë")


def season_file() -> dict[str, Any]:
    return {
        "format": "prismatic-season", "version": 1,
        "season": {"name": "Lega del venerdì — Stagione invernale 2026", "scoring": "placement",
                   "points": {"1": 4, "2": 3, "3": 2, "4": 1}},
        "players": [{"name": name, "aliases": []} for name in NAMES],
        "nights": [{"held_at": "2026-11-06T19:00:00+00:00", "results": [
            {"placings": [{"player": name, "place": place}
                          for place, name in enumerate(NAMES[:4], start=1)]},
            {"placings": [{"player": LONG, "place": 1}, {"player": "Zoë", "place": 2}]},
        ]}],
    }


WIDTHS = (390, 360)
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => done(null)))"


def resize(page: Page, width: int) -> None:
    """Lay the page out at `width` (a phone's height), a frame drawn at the new size."""
    page.set_viewport_size({"width": width, "height": 800})
    page.evaluate(NEXT_FRAME)
    assert page.viewport_size == {"width": width, "height": 800}


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_the_standings_page_fits_a_phone(browser: Browser, server: str, lang: str) -> None:
    """At each phone width. One season and one page per language, each page resized from
    the widest to the narrowest: the layout is the CSS's answer to the width, not to how
    the page was loaded (as the board's layout test does)."""
    season = call_api(server, "POST", "/api/seasons/import?existing=replace", season_file())
    assert isinstance(season, dict)
    context = mobile_context(browser, width=WIDTHS[0])
    page = context.new_page()
    page.goto(f"{server}/seasons/{season['season_id']}?lang={lang}")
    for width in WIDTHS:
        resize(page, width)
        rows = page.locator("#standings-body tr")
        expect(rows).to_have_count(len(NAMES))
        expect(rows.first).to_contain_text(LONG)  # 1 + 4 points: first
        expect(page.locator("#season-name")).to_have_text(season_file()["season"]["name"])
        assert page.locator("html").get_attribute("lang") == lang
        # Every column's full name is its abbreviation's title; the legend spells them out.
        expect(page.locator("#standings thead abbr.col-short[title]")).to_have_count(7)
        expect(page.locator("#standings-legend abbr")).to_have_count(7)
        expect(page.locator("#standings-body tr").first.locator("td")).to_have_count(8)
        screenshot(page, f"season-standings-{lang}-{width}")
        assert page_overflow(page) == 0, width
    for path in (f"/seasons/{season['season_id']}/host?lang={lang}"
                 f"#host_token={season['host_token']}", f"/seasons/new?lang={lang}"):
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        for width in WIDTHS:
            resize(page, width)
            assert page_overflow(page) == 0, (path, width)
    expect(page.locator("#create-season")).to_be_visible()
    context.close()


def test_the_host_page_lists_the_players_and_merges_a_typo(browser: Browser,
                                                           server: str) -> None:
    data = season_file()
    data["players"].append({"name": "Anne", "aliases": []})
    data["nights"].append({"held_at": "2026-11-13T19:00:00+00:00", "results": [
        {"placings": [{"player": "Anne", "place": 1}, {"player": "Zoë", "place": 2}]}]})
    season = call_api(server, "POST", "/api/seasons/import?existing=replace", data)
    assert isinstance(season, dict)
    context = mobile_context(browser, width=360)
    page = context.new_page()
    page.goto(f"{server}/seasons/{season['season_id']}/host?lang=en"
              f"#host_token={season['host_token']}")
    expect(page.locator("#player-list li")).to_have_count(len(NAMES) + 1)
    page.locator("#merge-name").select_option("Anne")
    page.locator("#merge-into").select_option("Ann")
    page.get_by_role("button", name="Merge", exact=True).click()
    page.get_by_role("dialog", name="Merge these two entries?").get_by_role(
        "button", name="Merge").click()  # a merge asks first (tests/browser/test_season_host_asks)
    expect(page.locator("#player-list li")).to_have_count(len(NAMES))
    expect(page.get_by_role("button", name="Split Anne off Ann")).to_be_visible()
    assert "host_token" not in page.url  # the token left the address bar
    assert page_overflow(page) == 0
    context.close()


def test_the_standings_explain_themselves_on_the_laptop(browser: Browser, server: str) -> None:
    season = call_api(server, "POST", "/api/seasons/import?existing=replace", season_file())
    assert isinstance(season, dict)
    context = new_context(browser, viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(f"{server}/seasons/{season['season_id']}?lang=it")
    expect(page.locator("#standings-body tr")).to_have_count(len(NAMES))
    for name in ("Punti", "Sconfitte", "Media degli avversari", "Scontri diretti"):
        expect(page.locator("#standings thead").get_by_text(name, exact=True)).to_be_visible()
    long_line = page.locator("#standings-body tr").first.locator("td")
    expect(long_line.nth(5)).to_have_text("1")  # LONG lost the first game (second place)
    expect(page.locator("#nights-body tr")).to_have_count(1)
    expect(page.locator("#nights-body tr td").nth(1)).to_contain_text("2026-11-06")
    screenshot(page, "season-standings-laptop-it")
    page.goto(f"{server}/seasons/{season['season_id']}/host?lang=en"
              f"#host_token={season['host_token']}")
    expect(page.locator("#season-scheme")).to_have_text("By place: 4, 3, 2, 1")
    context.close()
