"""Importing a season file whose season is already on the laptop asks what to do: replace
it or keep both (the new one under a new name); cancelling stores nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import call_api, mobile_context, page_overflow, screenshot
from tests.browser.test_season_pages import season_file

pytestmark = pytest.mark.browser


def _names(server: str) -> list[str]:
    listed = call_api(server, "GET", "/api/laptop/seasons")
    assert isinstance(listed, list)
    return sorted(season["name"] for season in listed)


def test_a_season_imported_twice_is_asked_about(browser: Browser, server: str,
                                                tmp_path: Path) -> None:
    data = season_file()
    data["season"]["name"] = "Twice imported"
    path = tmp_path / "season.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    call_api(server, "POST", "/api/seasons/import", data)
    context = mobile_context(browser, width=390)
    page = context.new_page()
    page.goto(f"{server}/seasons/new?lang=en")
    page.set_input_files("#s-file", str(path))
    page.get_by_role("button", name="Import", exact=True).click()
    asked = page.locator("#import-exists")
    expect(asked).to_have_text(re.compile(
        "A season called Twice imported is already on this laptop: replace it, or keep both"))
    screenshot(page, "season-import-exists")
    assert page_overflow(page) == 0
    assert _names(server).count("Twice imported") == 1
    page.get_by_role("button", name="Cancel").click()
    expect(asked).to_be_hidden()
    page.get_by_role("button", name="Import", exact=True).click()
    page.get_by_role("button", name="Keep both (the new one gets a new name)").click()
    expect(page.locator("#recovery")).to_be_visible()
    assert [name for name in _names(server) if name.startswith("Twice")] == [
        "Twice imported", "Twice imported (2)"]
    page.goto(f"{server}/seasons/new?lang=ru")
    page.set_input_files("#s-file", str(path))
    page.locator("#import-season button").click()
    expect(asked).to_contain_text("Сезон «Twice imported» уже есть на этом ноутбуке")
    page.get_by_role("button", name="Заменить сезон на этом ноутбуке").click()
    expect(page.locator("#recovery")).to_be_visible()
    assert [name for name in _names(server) if name.startswith("Twice")] == [
        "Twice imported", "Twice imported (2)"]
    context.close()
