"""A merge on the season's host page asks first and can be undone: the merged name is
split back off, and the standings are as before the merge."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import call_api, mobile_context, page_overflow, screenshot
from tests.browser.test_season_pages import NAMES, season_file

pytestmark = pytest.mark.browser


def _standings(server: str, season_id: str) -> list[tuple[str, int]]:
    reply = call_api(server, "GET", f"/api/seasons/{season_id}/standings")
    assert isinstance(reply, dict)
    return [(line["name"], line["points"]) for line in reply["standings"]]


def test_a_merge_asks_first_and_is_undone(browser: Browser, server: str) -> None:
    season = call_api(server, "POST", "/api/seasons/import?existing=replace", season_file())
    assert isinstance(season, dict)
    before = _standings(server, season["season_id"])
    context = mobile_context(browser, width=390)
    page = context.new_page()
    page.goto(f"{server}/seasons/{season['season_id']}/host?lang=en"
              f"#host_token={season['host_token']}")
    expect(page.locator("#player-list li")).to_have_count(len(NAMES))
    page.select_option("#merge-name", "Zoë")
    page.select_option("#merge-into", NAMES[0])
    page.get_by_role("button", name="Merge", exact=True).click()
    dialog = page.get_by_role("dialog", name="Merge these two entries?")
    expect(dialog).to_contain_text(f"Every result of Zoë will count for {NAMES[0]}")
    dialog.get_by_role("button", name="Cancel").click()
    assert _standings(server, season["season_id"]) == before  # cancelled: nothing merged
    page.get_by_role("button", name="Merge", exact=True).click()
    dialog.get_by_role("button", name="Merge").click()
    expect(page.locator("#player-list li")).to_have_count(len(NAMES) - 1)
    expect(page.locator("#merge-done")).to_contain_text(f"Zoë is merged into {NAMES[0]}.")
    screenshot(page, "season-merge-done")
    assert page_overflow(page) == 0
    page.get_by_role("button", name="Undo").click()
    expect(page.locator("#player-list li")).to_have_count(len(NAMES))
    expect(page.locator("#merge-done")).to_be_hidden()
    assert _standings(server, season["season_id"]) == before
    context.close()


def test_a_merged_name_is_split_from_the_player_list(browser: Browser, server: str) -> None:
    season = call_api(server, "POST", "/api/seasons/import?existing=replace", season_file())
    assert isinstance(season, dict)
    call_api(server, "POST", f"/api/seasons/{season['season_id']}/players/merge",
             {"name": "Zoë", "into": NAMES[0]}, token=season["host_token"])
    context = mobile_context(browser, width=360)
    page = context.new_page()
    page.goto(f"{server}/seasons/{season['season_id']}/host?lang=ru"
              f"#host_token={season['host_token']}")
    split = page.get_by_role("button", name=f"Отделить Zoë от {NAMES[0]}")
    expect(split).to_be_visible()
    screenshot(page, "season-merged-name-ru-360")
    assert page_overflow(page) == 0
    split.click()
    expect(page.locator("#player-list li")).to_have_count(len(NAMES))
    expect(split).to_have_count(0)
    context.close()
