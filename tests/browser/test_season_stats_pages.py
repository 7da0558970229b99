"""Cards and Commanders of the season on a phone (390 px, touch): reached from the season's
page, sorted by a tap on a column, filtered by set, and nothing scrolls the page sideways
(a wide table scrolls in its own box)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from sqlmodel import Session, create_engine

from bench.season_stats import store_season
from tests.browser.conftest import _need_chromium, running_server
from tests.browser.support import mobile_context, page_overflow, screenshot


@pytest.fixture(scope="module")
def season_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server holding one finished night of two pods of eight (stored as the bench
    stores its season: drafted by the bot, decks led by a Piper, games with a winner)."""
    _need_chromium()
    data: Path = tmp_path_factory.mktemp("server")
    with running_server(data) as base:
        engine = create_engine(f"sqlite:///{data}/db.sqlite3")
        with Session(engine) as session:
            season_id = store_season(session, nights=1, players=16, season_id="statsseason")
        engine.dispose()
        yield base, season_id


def test_a_phone_sorts_and_filters_the_cards_and_reads_the_commanders(
        browser: Browser, season_server: tuple[str, str]) -> None:
    server, season_id = season_server
    context = mobile_context(browser, width=390)
    page = context.new_page()
    page.goto(f"{server}/seasons/{season_id}?lang=en")
    page.get_by_role("link", name="Cards of the season").click()
    rows = page.locator("#stats-body tr")
    expect(rows.first).to_be_visible()
    expect(page.locator("#stats-season")).to_contain_text("1 night")
    expect(page.locator("#stats-set option")).to_have_text(["All sets", "CMR"])
    count = rows.count()
    assert count > 100  # a whole set's cards, over 16 drafts
    page.get_by_role("button", name="Card", exact=True).click()
    names = page.locator("#stats-body th").all_inner_texts()
    in_order = "(names) => names.every((n, i) => i === 0 || names[i - 1].localeCompare(n) <= 0)"
    assert page.evaluate(in_order, names)  # the phone's own collation, as the page sorts
    page.get_by_role("button", name="Card", exact=True).click()
    assert page.locator("#stats-body th").all_inner_texts() == names[::-1]
    page.locator("#stats-set").select_option("CMR")
    expect(rows).to_have_count(count)  # one set: its rows are the overall rows
    expect(page.locator("#stats-csv")).to_have_attribute(
        "href", f"/api/seasons/{season_id}/cards?format=csv&set=CMR")
    expect(page.locator("#stats-body .few").first).to_have_text("too few games")
    screenshot(page, "season-cards-390")
    assert page_overflow(page) == 0
    page.get_by_role("link", name="Commanders of the season").click()
    expect(page.locator("#stats-commanders tbody tr").first).to_contain_text(
        "The Prismatic Piper (")
    expect(page.locator("#stats-identities tbody tr")).to_have_count(5)
    screenshot(page, "season-commanders-390")
    assert page_overflow(page) == 0
    context.close()
