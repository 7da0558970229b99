"""A season's screen pages through the season's statistics, at 1280×720 and 1920×1080:
between nights after the season's standings, and at the night's end after them; each
list on one page in room-sized type (names at least 40 px at 1080 p), nothing outside
the screen, no scrollbar; a figure below the threshold says "too few games"."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, Page, expect
from sqlmodel import Session, create_engine

from bench.season_stats import store_season
from server.db.tables import EventRow
from server.services.events.screen_tokens import season_screen_url
from tests.browser.conftest import _need_chromium, running_server
from tests.browser.support import new_context, screenshot
from tests.browser.test_screen_layout import assert_readable
from tests.browser.test_store_screen import TVS

pytestmark = pytest.mark.browser

STATS = ["season-earliest", "season-winning", "season-commanders", "season-colors"]
SWITCH_MS = 15_000
"""A night opened again reaches the TV at the screen's next look (every 3 s), loaded."""


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A server holding three finished nights of sixteen (as the bench stores them),
    all opened two days ago: the season's screen is between nights."""
    _need_chromium()
    data: Path = tmp_path_factory.mktemp("server")
    with running_server(data) as base:
        engine = create_engine(f"sqlite:///{data}/db.sqlite3")
        with Session(engine) as session:
            season_id = store_season(session, nights=3, players=16, seed=3, season_id="tvseason")
            opened(session, season_id, datetime.now(UTC) - timedelta(days=2))
        yield {"base": base, "season_id": season_id, "engine": engine,
               "screen_url": season_screen_url(base, season_id, "x" * 64)}
        engine.dispose()


def opened(session: Session, event_prefix: str, when: datetime) -> None:
    """Say the nights whose ids start with `event_prefix` were opened at `when`."""
    session.execute(sa.update(EventRow).where(EventRow.id.startswith(event_prefix))  # type: ignore[attr-defined]
                    .values(created_at=when))
    session.commit()


def panels(page: Page) -> list[str]:
    """The sheets in order, a sheet's pages once."""
    found: list[str] = page.locator(".slide").evaluate_all(
        "nodes => nodes.map((n) => n.dataset.panel)")
    return [panel for i, panel in enumerate(found) if i == 0 or found[i - 1] != panel]


def turn_to(page: Page, panel: str) -> None:
    slide = page.locator(f".slide[data-panel={panel}]")
    for _ in range(page.locator(".slide").count()):
        if slide.is_visible():
            return
        page.locator("#next-page").click()
    expect(slide).to_be_visible()


@pytest.mark.parametrize("tv", sorted(TVS))
def test_between_nights_the_tv_pages_through_the_cards_and_commanders_of_the_season(
    browser: Browser, season: dict[str, Any], tv: str
) -> None:
    with httpx.Client(base_url=season["base"], timeout=30) as http:
        sid = season["season_id"]
        cards = [c for c in http.get(f"/api/seasons/{sid}/cards").json()["cards"]
                 if c["set"] != "*"]
        commanders = http.get(f"/api/seasons/{sid}/commanders").json()
    context = new_context(browser, viewport=TVS[tv])
    page = context.new_page()
    page.goto(season["screen_url"])
    expect(page.locator("body")).to_have_attribute("data-phase", "between")
    expect(page.locator(".slide[data-panel=season-colors]")).to_have_count(1)
    assert panels(page) == ["season", *STATS], "each list on one page, after the standings"
    top = sorted((c for c in cards if c["picked"] >= 5),
                 key=lambda c: (c["average_pick"], -c["picked"], c["name"], c["set"]))[:8]
    earliest = top[0]
    first = page.locator(".slide[data-panel=season-earliest] tbody tr").first
    expect(first.locator("td.name")).to_have_text(earliest["name"])
    expect(first.locator("td.set")).to_have_text(earliest["set"])
    expect(first.locator("td").nth(2)).to_have_text(f"{earliest['average_pick']:.1f}")
    few = page.locator(".slide[data-panel=season-earliest] td.few")
    expect(few).to_have_count(len([c for c in top if c["win_rate"] == "too_few_games"]))
    expect(few.first).to_have_text("too few games")  # words, never a number
    leader = commanders["commanders"][0]
    row = page.locator(".slide[data-panel=season-commanders] tbody tr").first
    expect(row.locator("td.name")).to_have_text(leader["key"])
    shown = {"season-earliest": 8, "season-winning": 8, "season-commanders": 5,
             "season-colors": 5}  # a Piper of each color: five lines of each
    assert (len(commanders["commanders"]), len(commanders["identities"])) == (5, 5)
    for panel, count in shown.items():
        expect(page.locator(f".slide[data-panel={panel}] tbody tr")).to_have_count(count)
    assert_readable(page, tv, big=False)
    for panel in STATS:
        turn_to(page, panel)
        screenshot(page, f"screen-{panel}-{tv}")
    context.close()


def test_at_the_nights_end_the_statistics_follow_the_seasons_standings(
    browser: Browser, season: dict[str, Any]
) -> None:
    """The newest night opened again tonight, every pod done: the night's end, then the
    season's standings, then its statistics (a night of few games: "too few games")."""
    context = new_context(browser, viewport=TVS["1080p"])
    page = context.new_page()
    page.goto(season["screen_url"])
    expect(page.locator("body")).to_have_attribute("data-phase", "between")
    with Session(season["engine"]) as session:
        opened(session, f"{season['season_id']}e2", datetime.now(UTC))
    expect(page.locator("body")).to_have_attribute("data-event", f"{season['season_id']}e2",
                                                   timeout=SWITCH_MS)
    expect(page.locator(".slide[data-panel=season-colors]")).to_have_count(1)
    assert panels(page) == ["results", "standings", "season", *STATS]
    assert_readable(page, "1080p", big=False)
    context.close()
    with Session(season["engine"]) as session:  # between nights again, for other tests
        opened(session, f"{season['season_id']}e2", datetime.now(UTC) - timedelta(days=2))
