"""A whole night under the strict CSP: no screen logs a CSP violation, a console error or
an uncaught page error.

Why one flow: every screen a night shows (start page, host lobby, join, pick, pool, zoom,
builder with its charts, exports, tables, game board, the summary downloads, the events
pages) is visited once, in a bounded time; a violation on any of them fails the test with
the page and the message. The listener for `securitypolicyviolation` is added before any
page script runs, and reports through the console, so a blocked inline style (which the
browser does not count as an error of the page's own) is caught too.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect

from tests.browser.support import mobile_context, new_context
from tests.server.support.builders import SeatHandle, draft_until_done, new_pod

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEED = 20261201

REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked `
                + `${event.blockedURI || "inline"} in ${event.sourceFile}:${event.lineNumber}`);
});"""


class Faults:
    """Every CSP violation, console error and page error of the contexts it watches."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def watch(self, context: BrowserContext, who: str) -> BrowserContext:
        context.add_init_script(REPORT_VIOLATIONS)
        context.on("page", lambda page: self._watch_page(page, who))
        return context

    def _watch_page(self, page: Page, who: str) -> None:
        def console(message: ConsoleMessage) -> None:
            if message.type == "error":
                self.seen.append(f"{who} {page.url}: {message.text}")

        page.on("console", console)
        page.on("pageerror", lambda error: self.seen.append(f"{who} {page.url}: {error}"))


def charts_draw(page: Page) -> None:
    """The builder's mana curve and color bars have height (their style was applied)."""
    page.evaluate("window.scrollTo(0, 0)")  # a scrolled builder folds its summary away
    expect(page.locator("#deck-summary.compact")).to_have_count(0)
    expect(page.locator("#builder .bar").first).to_be_visible()
    heights = page.evaluate("""() => [...document.querySelectorAll('#builder .bar')]
        .map((bar) => bar.getBoundingClientRect().height)""")
    assert max(heights) > 10, heights


def pick_two(page: Page) -> None:
    expect(page.locator("#pack-grid .card")).not_to_have_count(0)
    page.locator("#pack-grid .card").nth(0).click()
    page.locator("#pack-grid .card").nth(1).click()
    page.locator("#take").click()


def test_every_screen_of_a_night_runs_clean_under_the_csp(server: str, browser: Browser) -> None:
    faults = Faults()
    host = faults.watch(mobile_context(browser), "host").new_page()
    host.goto(f"{server}/")
    expect(host.locator("#f-seats")).to_be_visible()
    with httpx.Client(base_url=server, timeout=30) as client:  # seeded: the same packs
        pod = new_pod(client, seats=2, seed=SEED)
    host.goto(f"{server}/pods/{pod.pod_id}/host#host_token={pod.host_token}")
    join_url = str(host.locator("#join-url").get_attribute("href"))
    pod_id = pod.pod_id

    phones: list[Page] = []
    tokens: list[str] = []
    for name in ("Ann", "Bob"):
        phone = faults.watch(mobile_context(browser, 360), name).new_page()
        phone.goto(join_url)
        phone.locator("#f-name").fill(name)
        phone.locator("form button[type=submit]").click()
        phone.wait_for_url(re.compile(r"/seat"))
        expect(phone.locator("#lobby")).to_be_visible()
        tokens.append(str(phone.evaluate(f"localStorage.getItem('prismatic:seat:{pod_id}')")))
        phones.append(phone)
    ann, bob = phones
    host.locator("#controls .btn.primary").click()  # start the draft

    expect(ann.locator("#draft")).to_be_visible()
    first = ann.locator("#pack-grid .card").first
    expect(first).to_be_visible()
    ann.get_by_role("button", name=re.compile(r"^Details: ")).first.click()  # zoom
    expect(ann.get_by_role("dialog")).to_be_visible()
    ann.locator("dialog .zoom-close").click()
    pick_two(ann)
    pick_two(bob)
    ann.locator("#tab-pool").click()
    expect(ann.locator("#pool-list .card-row")).to_have_count(2)
    ann.locator("#tab-pack").click()

    with httpx.Client(base_url=server, timeout=30) as client:
        draft_until_done(client, [SeatHandle(pod_id, "", token, "") for token in tokens])
    expect(ann.locator("#builder")).to_be_visible()
    ann.locator("#piper-color").select_option("R")
    ann.locator("#add-piper").click()
    ann.locator("#add-in-colors").click()  # red cards of the pool: the charts have bars
    ann.locator("#suggest-lands").click()
    expect(ann.locator("#builder .bar").first).to_be_attached()
    assert faults.seen == []
    charts_draw(ann)
    ann.locator("#submit-deck").click()
    expect(ann.locator("#deck-summary .verdict")).to_be_visible()
    expect(ann.locator("#exports button").first).to_be_visible()
    with ann.expect_download():
        ann.locator("#exports button").first.click()

    host.once("dialog", lambda dialog: dialog.accept())  # Bob has no deck yet
    host.locator("#controls .btn.primary").click()  # split the tables
    expect(host.locator("#tables .life-card")).to_have_count(2)
    for phone in phones:
        expect(phone.locator("#game-board .life-card")).to_have_count(2)
        for summary in phone.locator("#game-board summary").all():
            summary.click()
        phone.locator("#game-board .life-card .step.m5").first.click()
    with host.expect_download():
        host.get_by_role("button", name="Night summary (text)").click()

    night = faults.watch(new_context(browser, viewport={"width": 1280, "height": 800}),
                         "night host").new_page()
    night.goto(f"{server}/")
    night.get_by_role("button", name="Open a night of several pods").click()
    night.wait_for_url(re.compile(r"/events/[^/]+/host$"))
    event_join = str(night.locator("#join-url").get_attribute("href"))
    guest = faults.watch(mobile_context(browser, 360), "guest").new_page()
    guest.goto(event_join)
    guest.get_by_label("Your name").fill("Cid")
    guest.get_by_role("button", name="Join").click()
    expect(guest.locator("#wait-name")).to_have_text("Cid")
    expect(night.locator("#player-count")).to_have_text("1 player has joined")
    tv = faults.watch(new_context(browser, viewport={"width": 1280, "height": 720}),
                      "store's screen").new_page()
    tv.goto(str(night.locator("#screen-url").get_attribute("href")))
    expect(tv.locator("[data-panel=joining]")).to_contain_text("1 player has joined")

    for page in (host, *phones, night, guest, tv):
        page.wait_for_timeout(200)  # late errors (a socket update) surface too
    assert faults.seen == []
    for page in (host, *phones, night, guest, tv):
        page.context.close()
