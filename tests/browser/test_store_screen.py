"""The store's screen on a TV: a night of 32 players in 4 pods at 1280×720 and 1920×1080.

Rules: nothing is cut off (every block lies inside the screen on one of the pages the
screen turns through by itself), nothing scrolls sideways, a life tap shows up live, and
the night's host screen carries a QR code that decodes to the screen's link.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser.qr_reading import read_qr_codes
from tests.browser.support import new_context, screenshot

pytestmark = pytest.mark.browser

PEOPLE = 32
TVS = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def draft(http: httpx.Client, seats: list[tuple[str, str]]) -> None:
    """Every seat takes the first cards of each pack it holds until the pods build."""
    views = {token: http.get(f"/api/pods/{pod}/me", headers=auth(token)).json()
             for pod, token in seats}
    while any(view["phase"] == "drafting" for view in views.values()):
        for pod, token in seats:
            view = views[token]
            if view["phase"] == "drafting" and view["pack"]:
                cards = [card["id"] for card in view["pack"][:view["picks_needed"]]]
                picked = http.post(f"/api/pods/{pod}/picks", headers=auth(token),
                                   json={"pick": view["pick"], "cards": cards})
                assert picked.status_code == 200, picked.text
            views[token] = http.get(f"/api/pods/{pod}/me", headers=auth(token)).json()


@pytest.fixture(scope="module")
def night(server: str) -> Iterator[dict[str, Any]]:
    """32 players in 4 pods, drafted, tables split, a winner at every table (so the
    screen holds 4 pods, 8 tables, 8 results and 32 lines of standings)."""
    with httpx.Client(base_url=server, timeout=30) as http:
        created = http.post("/api/events", json={"set": "CMR", "seed": 12}).json()
        event, host = created["event_id"], auth(created["host_token"])
        tokens = [http.post(f"/api/events/{event}/players",
                            json={"name": f"Player {n:02d}"}).json()["player_token"]
                  for n in range(1, PEOPLE + 1)]
        formed = http.post(f"/api/events/{event}/pods", headers=host,
                           json={"policy": "balanced"}).json()
        assert [len(pod["players"]) for pod in formed["pods"]] == [8, 8, 8, 8]
        http.post(f"/api/events/{event}/start", headers=host)
        seats = [(http.get(f"/api/events/{event}/me", headers=auth(token)).json()["pod_id"],
                  token) for token in tokens]
        draft(http, seats)
        pod_ids = [pod["pod_id"] for pod in formed["pods"]]
        for pod_id in pod_ids:
            split = http.post(f"/api/pods/{pod_id}/tables", headers=host,
                              json={"without_decks": True})
            assert split.status_code == 200, split.text
            for table in (1, 2):
                game = http.get(f"/api/pods/{pod_id}/games/{table}", headers=host).json()
                won = http.post(f"/api/pods/{pod_id}/games/{table}/winner", headers=host,
                                json={"player_id": game["players"][0]["player_id"]})
                assert won.status_code == 200, won.text
        view = http.get(f"/api/events/{event}/host", headers=host).json()
    yield {**created, "screen_url": view["screen_url"], "pod_ids": pod_ids, "seats": seats}


def blocks_outside(page: Any) -> dict[str, Any]:
    """Turn through every page with the screen's own button, and list each block that
    lies outside the screen on the page it is shown on (one synchronous pass, so neither
    the page timer nor an update can move a block in between)."""
    return dict(page.evaluate("""() => {
      const pages = Number(document.body.dataset.pages);
      const seen = new Set(), outside = [];
      const width = window.innerWidth, height = window.innerHeight;
      for (let turn = 0; turn < pages; turn++) {
        for (const block of document.querySelectorAll('.slide:not([hidden]) .block')) {
          const box = block.getBoundingClientRect();
          seen.add(block);
          if (box.left < 0 || box.top < 0 || box.right > width || box.bottom > height)
            outside.push(block.querySelector('h2').textContent);
        }
        if (pages > 1) document.querySelector('#next-page').click();
      }
      return {pages, seen: seen.size, blocks: document.querySelectorAll('.block').length,
              outside, wide: document.documentElement.scrollWidth - width};
    }"""))


@pytest.mark.parametrize("tv", sorted(TVS))
def test_the_screen_fits_a_tv_and_shows_a_life_tap_live(
    browser: Browser, server: str, night: dict[str, Any], tv: str
) -> None:
    context = new_context(browser, viewport=TVS[tv])
    page = context.new_page()
    page.goto(night["screen_url"])
    expect(page.locator("[data-panel=table]")).to_have_count(8)
    expect(page.locator(".result-line")).to_have_count(8)
    expect(page.locator(".standing-rows tbody tr")).to_have_count(PEOPLE)
    expect(page.locator("#status-pill")).to_have_text("Live")
    layout = blocks_outside(page)
    assert layout["outside"] == [] and layout["wide"] <= 0, layout
    assert layout["seen"] == layout["blocks"] == 8, layout  # every table, on some page
    if tv == "720p":  # more than one screen's worth: the screen pages
        assert layout["pages"] > 1
    screenshot(page, f"store-screen-{tv}")
    pod_id, host = night["pod_ids"][1], auth(night["host_token"])
    table = page.locator('[data-panel=table][data-pod="2"][data-table="2"]')
    with httpx.Client(base_url=server, timeout=10) as http:
        game = http.get(f"/api/pods/{pod_id}/games/2", headers=host).json()
        target = game["players"][0]
        life = target["life"] - 4
        tapped = http.post(f"/api/pods/{pod_id}/games/2", headers=host,
                           json={"kind": "life", "target": target["player_id"], "delta": -4})
        assert tapped.status_code == 200, tapped.text
    row = table.locator("tr").filter(has_text=target["name"])
    expect(row.locator(".life")).to_have_text(str(life))
    context.close()


def test_the_screen_speaks_the_tvs_language(
    browser: Browser, night: dict[str, Any]
) -> None:
    context = new_context(browser, viewport=TVS["720p"], locale="ru-RU")
    page = context.new_page()
    page.goto(night["screen_url"].replace("/screen#", "/screen?lang=it#"))
    expect(page.locator("[data-panel=standings] h1").first).to_have_text("Classifica")
    context.close()
    context = new_context(browser, viewport=TVS["720p"], locale="ru-RU")
    page = context.new_page()
    page.goto(night["screen_url"])
    expect(page.locator("[data-panel=standings] h1").first).to_have_text("Турнирная таблица")
    expect(page.locator(".standing-rows tbody tr")).to_have_count(PEOPLE)
    layout = blocks_outside(page)  # longer words, the same screen: still nothing cut off
    assert layout["outside"] == [] and layout["wide"] <= 0, layout
    assert layout["seen"] == layout["blocks"], layout
    screenshot(page, "store-screen-720p-ru")
    context.close()


def test_the_nights_host_screen_shows_a_qr_code_of_the_screen_link(
    browser: Browser, night: dict[str, Any]
) -> None:
    context = new_context(browser, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(night["host_url"])
    link = page.locator("#screen-url")
    expect(link).to_have_attribute("href", night["screen_url"])
    qr = page.locator("#screen-qr")
    qr.scroll_into_view_if_needed()
    expect(qr).to_be_visible()
    page.wait_for_function("() => document.querySelector('#screen-qr').complete")
    assert read_qr_codes(qr.screenshot()) == [night["screen_url"]]
    screenshot(page, "night-host-screen-link", full_page=True)
    context.close()


def test_a_wrong_screen_link_says_so(browser: Browser, server: str) -> None:
    context = new_context(browser, viewport=TVS["720p"])
    page = context.new_page()
    page.goto(f"{server}/screen#screen_token=not-a-screen")
    expect(page.locator("#screen-error")).to_contain_text("not valid")
    context.close()


def test_while_drafting_the_screen_names_who_still_picks_and_counts_their_time_down(
    browser: Browser, server: str
) -> None:
    with httpx.Client(base_url=server, timeout=10) as http:
        created = http.post("/api/events", json={"set": "CMR", "seed": 3,
                                                 "pick_timer_seconds": 600}).json()
        event, host = created["event_id"], auth(created["host_token"])
        for name in ("Ann", "Bob", "Cid"):
            http.post(f"/api/events/{event}/players", json={"name": name})
        http.post(f"/api/events/{event}/pods", headers=host, json={"policy": "balanced"})
        http.post(f"/api/events/{event}/start", headers=host)
        screen_url = http.get(f"/api/events/{event}/host", headers=host).json()["screen_url"]
    context = new_context(browser, viewport=TVS["1080p"])
    page = context.new_page()
    page.goto(screen_url)
    pod = page.locator("[data-panel=pod]")
    expect(pod).to_contain_text("Still picking: ")
    for name in ("Ann", "Bob", "Cid"):
        expect(pod.locator(".names")).to_contain_text(name)
    # Counting down from 10:00 (how far depends on the machine: no figure is asserted),
    # in large type, the sentence for a screen reader.
    expect(pod.locator(".time-left")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(pod.locator(".time-left")).to_have_attribute(
        "aria-label", re.compile(r"^[1-9]\d* seconds? left$"))
    expect(page.locator("[data-panel=standings]")).to_have_count(0)  # no result yet
    context.close()


def open_night(http: httpx.Client, names: list[str]) -> dict[str, Any]:
    """A night in its lobby with `names` joined, and its screen's link."""
    created = http.post("/api/events", json={"set": "CMR"}).json()
    for name in names:
        joined = http.post(f"/api/events/{created['event_id']}/players", json={"name": name})
        assert joined.status_code == 201, joined.text
    host = auth(created["host_token"])
    view = http.get(f"/api/events/{created['event_id']}/host", headers=host).json()
    return {**created, "screen_url": view["screen_url"]}


def test_a_new_fragment_switches_the_screen_to_that_night(
    browser: Browser, server: str
) -> None:
    """A TV still showing last week's night, given tonight's link: only the `#…` changes,
    the page does not reload, and the screen must show tonight's night all the same."""
    with httpx.Client(base_url=server, timeout=10) as http:
        last_week = open_night(http, ["Ann"])
        tonight = open_night(http, ["Bob", "Cid"])
    context = new_context(browser, viewport=TVS["1080p"])
    page = context.new_page()
    page.goto(last_week["screen_url"])
    expect(page.locator("body")).to_have_attribute("data-event", last_week["event_id"])
    expect(page.locator("[data-panel=joining]")).to_contain_text("1 player has joined")
    page.evaluate("hash => { window.location.hash = hash; }",
                  tonight["screen_url"].split("#", 1)[1])
    expect(page.locator("body")).to_have_attribute("data-event", tonight["event_id"])
    expect(page.locator("[data-panel=joining]")).to_contain_text("2 players have joined")
    page.wait_for_timeout(500)  # a late view of last week's night must not come back
    expect(page.locator("body")).to_have_attribute("data-event", tonight["event_id"])
    assert "screen_token" not in page.evaluate("window.location.hash")
    context.close()
