"""The store's screen read from across the room, at 1280×720 and 1920×1080.

Rules (issue #39): the type is sized by the viewport, so at 1920×1080 a name is at least
40 px tall and a life total or a timer at least 64 px (at 1280×720, two thirds of that);
the page never scrolls and nothing lies outside the screen, on any of the pages the
screen turns through by itself; while players join, a large QR code decodes to the join
link and the join code and the names are on it; a paused pod puts up a banner; the
night's end shows tonight's results (a draw as a draw) and then the season's standings
under the season's name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.qr_reading import read_qr_codes
from tests.browser.support import new_context, screenshot
from tests.browser.test_store_screen import TVS, auth, draft

pytestmark = pytest.mark.browser

NAME_PX, BIG_PX = 40, 64
"""At 1920×1080; the screen's type scales with the viewport, so at 720 p two thirds."""


def least(tv: str, px: int) -> float:
    return px * TVS[tv]["height"] / 1080 - 0.5


def night_of(http: httpx.Client, people: int, **options: Any) -> dict[str, Any]:
    """A night of `people` joined players, not yet split into pods."""
    headers = options.pop("headers", {})
    created = http.post("/api/events", json={"set": "CMR", "seed": 7, **options},
                        headers=headers).json()
    event = created["event_id"]
    tokens = []
    for n in range(1, people + 1):
        joined = http.post(f"/api/events/{event}/players", json={"name": f"Player {n:02d}"})
        assert joined.status_code == 201, joined.text
        tokens.append(joined.json()["player_token"])
    host = auth(created["host_token"])
    screen_url = http.get(f"/api/events/{event}/host", headers=host).json()["screen_url"]
    return {**created, "host": host, "tokens": tokens, "screen_url": screen_url}


def start(http: httpx.Client, night: dict[str, Any]) -> list[str]:
    """Form the pods and start the draft; the pods' ids."""
    event, host = night["event_id"], night["host"]
    formed = http.post(f"/api/events/{event}/pods", headers=host, json={"policy": "balanced"})
    assert formed.status_code == 200, formed.text
    assert http.post(f"/api/events/{event}/start", headers=host).status_code == 200
    return [pod["pod_id"] for pod in formed.json()["pods"]]


def play(http: httpx.Client, night: dict[str, Any], pod_ids: list[str],
         clock_minutes: int | None = None) -> None:
    """Draft every pod to its end and split each pod's tables; with `clock_minutes`, the
    last split starts round 1's clock of that length (none by default)."""
    seats = [(http.get(f"/api/events/{night['event_id']}/me", headers=auth(token)).json()["pod_id"],
              token) for token in night["tokens"]]
    draft(http, seats)
    for pod_id in pod_ids:
        split = http.post(f"/api/pods/{pod_id}/tables", headers=night["host"],
                          json={"without_decks": True, "clock_minutes": clock_minutes})
        assert split.status_code == 200, split.text


def draw_first_two(http: httpx.Client, pod_id: str, host: dict[str, str]) -> list[str]:
    """The host records table 1's game as a draw between its first two players."""
    players = http.get(f"/api/pods/{pod_id}/games/1", headers=host).json()["players"]
    placings = [{"player_id": p["player_id"], "place": 1 if i < 2 else 3}
                for i, p in enumerate(players)]
    drawn = http.post(f"/api/pods/{pod_id}/games/1/result", headers=host,
                      json={"placings": placings, "draw": True})
    assert drawn.status_code == 200, drawn.text
    return [p["name"] for p in players[:2]]


def measure(page: Page) -> dict[str, Any]:
    """Turn through every page with the screen's own button, in one synchronous pass (so
    neither the page timer nor an update moves anything in between), and measure: what
    lies outside the screen, whether the document scrolls, and the smallest rendered
    name and big figure (font size and box height) on any page."""
    return dict(page.evaluate("""() => {
      const pages = Number(document.body.dataset.pages);
      const width = window.innerWidth, height = window.innerHeight;
      const outside = [], smallest = {name: Infinity, big: Infinity};
      const seen = {name: 0, big: 0};
      const size = (node) => Math.min(parseFloat(getComputedStyle(node).fontSize),
                                      node.getBoundingClientRect().height);
      for (let turn = 0; turn < pages; turn++) {
        for (const node of document.querySelectorAll('.slide:not([hidden]) *')) {
          const box = node.getBoundingClientRect();
          if (!box.width && !box.height) continue;
          if (box.left < -0.5 || box.top < -0.5
              || box.right > width + 0.5 || box.bottom > height + 0.5)
            outside.push(node.className + ': ' + node.textContent.slice(0, 40));
        }
        for (const node of document.querySelectorAll(
            '.slide:not([hidden]) .name:not(th), .slide:not([hidden]) .card h2')) {
          smallest.name = Math.min(smallest.name, size(node)); seen.name++;
        }
        for (const node of document.querySelectorAll(
            '.slide:not([hidden]) .life, .slide:not([hidden]) .time-left')) {
          smallest.big = Math.min(smallest.big, size(node)); seen.big++;
        }
        if (pages > 1) document.querySelector('#next-page').click();
      }
      const scroller = document.scrollingElement;
      return {pages, outside, smallest, seen,
              tall: scroller.scrollHeight - window.innerHeight,
              wide: scroller.scrollWidth - window.innerWidth};
    }"""))


def assert_readable(page: Page, tv: str, big: bool = True) -> dict[str, Any]:
    found = measure(page)
    assert found["outside"] == [], found
    assert found["tall"] <= 0 and found["wide"] <= 0, found
    assert found["seen"]["name"] and found["smallest"]["name"] >= least(tv, NAME_PX), found
    if big:
        assert found["seen"]["big"] and found["smallest"]["big"] >= least(tv, BIG_PX), found
    return found


CLOCK = """() => {
  const strip = document.querySelector('#round-clock');
  const digits = strip.querySelector('.clock-digits');
  const box = strip.getBoundingClientRect();
  const scroller = document.scrollingElement;
  return {hidden: strip.hidden, text: strip.textContent,
          digits: Math.min(parseFloat(getComputedStyle(digits).fontSize),
                           digits.getBoundingClientRect().height),
          inside: box.left >= -0.5 && box.top >= -0.5 && box.right <= innerWidth + 0.5
                  && box.bottom <= innerHeight + 0.5,
          tall: scroller.scrollHeight - innerHeight, wide: scroller.scrollWidth - innerWidth};
}"""


def clock_on(page: Page, tv: str) -> dict[str, Any]:
    """The TV's clock strip, measured: its digits large enough for the room, on the screen."""
    expect(page.locator("#round-clock")).to_be_visible()
    found: dict[str, Any] = page.evaluate(CLOCK)
    assert found["inside"] and found["tall"] <= 0 and found["wide"] <= 0, found
    assert found["digits"] >= least(tv, BIG_PX), found
    assert "null" not in found["text"] and "undefined" not in found["text"], found
    return found


@pytest.fixture
def http(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as client:
        yield client


@pytest.mark.parametrize("tv", sorted(TVS))
def test_while_players_join_the_tv_shows_a_join_qr_code_the_code_and_the_names(
    browser: Browser, http: httpx.Client, tv: str
) -> None:
    night = night_of(http, 0)
    coded = http.post(f"/api/events/{night['event_id']}/lobby", headers=night["host"],
                      json={"join_code": True})
    code = coded.json()["lobby"]["join_code"]
    names = ["Ann", "Bob", "Chiara", "Dmitri", "Evelyn Montgomery-Smythe"]
    for name in names:
        joined = http.post(f"/api/events/{night['event_id']}/players",
                           json={"name": name, "code": code})
        assert joined.status_code == 201, joined.text
    context = new_context(browser, viewport=TVS[tv])
    page = context.new_page()
    page.goto(night["screen_url"])
    expect(page.locator(".joined .name")).to_have_text(names)
    expect(page.locator(".join-code strong")).to_have_text(code)
    qr = page.locator(".join-qr img")
    page.wait_for_function("() => document.querySelector('.join-qr img').complete")
    assert qr.bounding_box()["height"] >= TVS[tv]["height"] / 2  # type: ignore[index]
    assert read_qr_codes(qr.screenshot()) == [night["join_url"]]
    expect(page.locator(".join-url")).to_have_text(night["join_url"])
    assert_readable(page, tv, big=False)
    screenshot(page, f"screen-joining-{tv}")
    late = http.post(f"/api/events/{night['event_id']}/players", json={"name": "Zed", "code": code})
    assert late.status_code == 201, late.text
    expect(page.locator(".joined .name")).to_have_text([*names, "Zed"])  # as they arrive
    context.close()


def open_screen(browser: Browser, screen_url: str, tv: str) -> Page:
    """The screen's page on a TV of size `tv`, in a context of its own."""
    page = new_context(browser, viewport=TVS[tv]).new_page()
    page.goto(screen_url)
    return page


def test_while_drafting_the_pick_timer_is_in_large_type_and_a_pause_puts_up_a_banner(
    browser: Browser, http: httpx.Client
) -> None:
    """One pod drafting, watched by a screen of each TV size: each is checked before and
    after the pause (a TV size changes only the layout, so one night serves both)."""
    night = night_of(http, 4, pick_timer_seconds=600)
    [pod_id] = start(http, night)
    pages = {tv: open_screen(browser, night["screen_url"], tv) for tv in sorted(TVS)}
    for tv, page in pages.items():
        timer = page.locator("[data-panel=pod] .time-left")
        expect(timer).to_have_text(re.compile(r"^\d+:\d\d$"))  # counting down from 10:00
        expect(page.locator("#paused-banner")).to_be_hidden()
        assert_readable(page, tv)
        screenshot(page, f"screen-drafting-{tv}")
    assert http.post(f"/api/pods/{pod_id}/pause", headers=night["host"]).status_code == 200
    for tv, page in pages.items():
        timer = page.locator("[data-panel=pod] .time-left")
        expect(page.locator("#paused-banner")).to_be_visible()
        expect(page.locator("#paused-banner")).to_have_text("Paused")
        expect(timer).to_have_count(0)  # a paused clock does not run
        assert_readable(page, tv, big=False)
        screenshot(page, f"screen-paused-{tv}")
    for page in pages.values():
        page.context.close()


def test_four_drafting_pods_share_one_page_in_room_sized_type(
    browser: Browser, http: httpx.Client
) -> None:
    """At each TV size, one night's four pods (the screen only looks)."""
    night = night_of(http, 32, pick_timer_seconds=600)
    assert len(start(http, night)) == 4
    for tv in sorted(TVS):
        page = open_screen(browser, night["screen_url"], tv)
        timers = page.locator("[data-panel=pod] .time-left")
        expect(timers).to_have_count(4)
        expect(timers.first).to_have_text(re.compile(r"^\d+:\d\d$"))
        found = assert_readable(page, tv)
        assert found["pages"] == 1, (tv, found)
        screenshot(page, f"screen-drafting-4-pods-{tv}")
        page.context.close()


def test_one_pods_table_fills_the_tv_in_room_sized_type(
    browser: Browser, http: httpx.Client
) -> None:
    """At each TV size, one night's table (the screen only looks)."""
    night = night_of(http, 4)
    pod_ids = start(http, night)
    play(http, night, pod_ids)
    game = http.get(f"/api/pods/{pod_ids[0]}/games/1", headers=night["host"]).json()
    victim, attacker = game["players"][0], game["players"][1]
    hit = http.post(f"/api/pods/{pod_ids[0]}/games/1", headers=auth(night["tokens"][0]), json={
        "kind": "commander_damage", "target": victim["player_id"], "delta": 16,
        "source": {"owner": attacker["player_id"], "index": 0}})
    assert hit.status_code == 200, hit.text
    for tv in sorted(TVS):
        page = open_screen(browser, night["screen_url"], tv)
        expect(page.locator("[data-panel=table] .life")).to_have_count(4)
        expect(page.locator("[data-panel=table] h2")).to_have_text("Round 1 · Table 1")
        expect(page.locator("[data-panel=table] .danger")).to_have_text(
            f"16 commander damage from {attacker['name']}")  # close to lethal: the room sees it
        found = assert_readable(page, tv)
        assert found["pages"] == 1, (tv, found)
        screenshot(page, f"screen-playing-1-pod-{tv}")
        page.context.close()


@pytest.fixture(scope="module")
def four_pods(server: str) -> dict[str, Any]:
    """32 players in 4 pods at 8 tables, in play, one result (a draw) in; the last split
    started round 1's 60-minute clock."""
    with httpx.Client(base_url=server, timeout=30) as http:
        night = night_of(http, 32)
        pod_ids = start(http, night)
        play(http, night, pod_ids, clock_minutes=60)
        drawn = draw_first_two(http, pod_ids[0], night["host"])
    return {**night, "pod_ids": pod_ids, "drawn": drawn}


@pytest.mark.parametrize("tv", sorted(TVS))
def test_eight_tables_page_themselves_with_a_page_indicator_and_nothing_is_cut(
    browser: Browser, four_pods: dict[str, Any], tv: str
) -> None:
    context = new_context(browser, viewport=TVS[tv])
    page = context.new_page()
    page.goto(four_pods["screen_url"])
    expect(page.locator("[data-panel=table]")).to_have_count(8)
    found = assert_readable(page, tv)
    # The round clock the split started runs above every page, read across the room.
    assert "Round 1" in clock_on(page, tv)["text"]
    # 8 tables, at most 4 to a page, then the results and the standings.
    assert found["pages"] >= 4, found
    assert page.locator("[data-panel=table]").count() == 8
    expect(page.locator("#next-page")).to_have_text(re.compile(r"^Page \d of \d+$"))
    expect(page.locator("#page-dots .dot")).to_have_count(found["pages"])
    slide = page.locator(".slide:not([hidden])")
    expect(slide.locator("[data-panel=table]")).to_have_count(4)
    screenshot(page, f"screen-playing-4-pods-{tv}")
    first = page.locator("body").get_attribute("data-page")
    # It turns by itself (every 8 s: waited for, not timed).
    expect(page.locator("body")).not_to_have_attribute("data-page", first or "", timeout=20_000)
    context.close()


def test_the_nights_end_shows_tonights_results_with_draws_then_the_seasons_standings(
    browser: Browser, http: httpx.Client
) -> None:
    """At each TV size, one ended night (the screen only looks)."""
    season = http.post("/api/seasons",
                       json={"name": "Friday League", "scoring": "placement"}).json()
    night = night_of(http, 4, season_id=season["season_id"],
                     headers=auth(season["host_token"]))
    pod_ids = start(http, night)
    play(http, night, pod_ids)
    host = night["host"]
    drawn = draw_first_two(http, pod_ids[0], host)
    assert http.post(f"/api/pods/{pod_ids[0]}/end", headers=host).status_code == 200
    for tv in sorted(TVS):
        page = open_screen(browser, night["screen_url"], tv)
        expect(page.locator(".slide")).to_have_count(3)
        panels = page.locator(".slide").evaluate_all("nodes => nodes.map((n) => n.dataset.panel)")
        assert panels == ["results", "standings", "season"]
        expect(page.locator(".result-line")).to_contain_text("Draw: ")
        for name in drawn:
            expect(page.locator(".result-line")).to_contain_text(name)
        season_slide = page.locator(".slide[data-panel=season]")
        expect(season_slide.locator("h1")).to_have_text("Friday League")
        expect(season_slide.locator(".standing-rows tbody tr")).to_have_count(4)
        expect(season_slide.locator(".standing-rows thead")).to_contain_text("Draws")
        assert_readable(page, tv, big=False)
        screenshot(page, f"screen-results-{tv}")
        page.locator("#next-page").click()
        page.locator("#next-page").click()
        expect(season_slide).to_be_visible()
        screenshot(page, f"screen-season-{tv}")
        page.context.close()


def test_a_4k_tv_shows_the_same_pages_in_type_twice_as_large(
    browser: Browser, four_pods: dict[str, Any]
) -> None:
    """3840×2160: sized by the viewport, so nothing is cut and nothing scrolls, and names
    and totals are twice their 1920×1080 size (the clamps' ceilings are above them)."""
    context = new_context(browser, viewport={"width": 3840, "height": 2160})
    page = context.new_page()
    page.goto(four_pods["screen_url"])
    expect(page.locator("[data-panel=table]")).to_have_count(8)
    found = measure(page)
    assert found["outside"] == [] and found["tall"] <= 0 and found["wide"] <= 0, found
    assert found["smallest"]["name"] >= 2 * NAME_PX - 0.5, found
    assert found["smallest"]["big"] >= 2 * BIG_PX - 0.5, found
    context.close()


def test_between_rounds_each_player_finds_their_table_in_a_list_sorted_by_name(
    browser: Browser, http: httpx.Client
) -> None:
    night = night_of(http, 8)
    pod_ids = start(http, night)
    play(http, night, pod_ids)
    seated = http.post(f"/api/events/{night['event_id']}/rounds", headers=night["host"],
                       json={"round": 2, "force": True})
    assert seated.status_code == 200, seated.text
    context = new_context(browser, viewport=TVS["1080p"])
    page = context.new_page()
    page.goto(night["screen_url"])
    names = [f"Player {n:02d}" for n in range(1, 9)]
    pairings = page.locator("[data-panel=pairings]")
    expect(pairings.locator(".pairing .name")).to_have_text(names)
    expect(pairings.locator("h1")).to_have_text("Round 2")
    numbers = pairings.locator(".pairing .table-number").all_text_contents()
    assert sorted(numbers) == ["Table 1"] * 4 + ["Table 2"] * 4, "two tables of four"
    found = measure(page)
    assert found["outside"] == [] and found["tall"] <= 0 and found["wide"] <= 0, found
    assert found["smallest"]["name"] >= least("1080p", NAME_PX), found
    screenshot(page, "screen-pairings-1080p")
    context.close()
