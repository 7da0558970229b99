"""The season's host page asks before it changes a season for good, and offers the way back.

Rules: a merge asks first and can be undone (the merged name is split back off, and the
standings are as before the merge), and a merged name can be split off from the player
list. Deleting a season asks first and offers the season's file: nothing but that file
brings a deleted season back (`POST /api/seasons/import`); cancelling keeps the season.
"""

from __future__ import annotations

import json
import urllib.error
from pathlib import Path

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


def _season(server: str) -> dict[str, str]:
    season = call_api(server, "POST", "/api/seasons/import?existing=replace", season_file())
    assert isinstance(season, dict)
    return season


def test_delete_asks_offers_the_file_then_deletes(browser: Browser, server: str) -> None:
    season = _season(server)
    context = mobile_context(browser, width=390, height=844)
    page = context.new_page()
    page.goto(f"{server}/seasons/{season['season_id']}/host?lang=en"
              f"#host_token={season['host_token']}")
    expect(page.locator("#player-list li")).not_to_have_count(0)
    page.get_by_role("button", name="Delete the season…").click()
    dialog = page.get_by_role("dialog", name="Delete this season for good?")
    expect(dialog).to_be_visible()
    screenshot(page, "season-delete-asks")
    assert page_overflow(page) == 0
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Download the season file first").click()
    saved = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert saved["format"] == "prismatic-season"
    assert saved["season"]["name"] == season_file()["season"]["name"]
    expect(dialog).to_be_visible()  # the file came first; the question is still asked
    dialog.get_by_role("button", name="Delete the season", exact=True).click()
    expect(page.locator("#season-deleted")).to_be_visible()
    expect(dialog).to_be_hidden()
    screenshot(page, "season-delete-done")
    with pytest.raises(urllib.error.HTTPError) as gone:
        call_api(server, "GET", f"/api/seasons/{season['season_id']}/standings")
    assert gone.value.code == 404
    context.close()


def test_cancel_keeps_the_season(browser: Browser, server: str) -> None:
    season = _season(server)
    context = mobile_context(browser, width=360)
    page = context.new_page()
    page.goto(f"{server}/seasons/{season['season_id']}/host?lang=ru"
              f"#host_token={season['host_token']}")
    page.locator("#season-delete").click()
    expect(page.locator("#delete-dialog")).to_be_visible()
    expect(page.locator("#delete-dialog h2")).to_have_text("Удалить этот сезон навсегда?")
    screenshot(page, "season-delete-asks-ru-360")
    assert page_overflow(page) == 0
    page.locator("#delete-cancel").click()
    expect(page.locator("#delete-dialog")).to_be_hidden()
    assert call_api(server, "GET", f"/api/seasons/{season['season_id']}/standings")
    context.close()
