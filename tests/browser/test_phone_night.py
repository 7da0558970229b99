"""A whole night on phones in Russian and Italian: every screen, at 360 and 390 px in a
mobile context, never scrolls sideways.

Why a mobile context: a desktop one hides overflow under `body { overflow-x: hidden }`.
Why the UI for creating, joining, the first picks, the builder, the split and the board,
and the API for the middle of the draft: each screen is looked at, in a bounded time.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import mobile_context, page_overflow, screenshot
from tests.server.support.builders import PodHandle, SeatHandle, draft_until_done

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTHS = (360, 390)
# The deepest elements reaching past the right edge: what to fix when a page is too wide.
WIDEST = """(width) => [...document.querySelectorAll('body *')]
  .filter((n) => n.getBoundingClientRect().right > width + 0.5
                 && ![...n.children].some((c) => c.getBoundingClientRect().right > width + 0.5))
  .slice(0, 5).map((n) => `${n.tagName.toLowerCase()}#${n.id}.${n.className}`
                         + ` ${Math.round(n.getBoundingClientRect().right)}`)"""
TOP_BAR = """() => ({height: document.querySelector('.topbar').getBoundingClientRect().height,
  links: [...document.querySelectorAll('.lang-switch a')]
    .map((a) => a.getBoundingClientRect().width)})"""
NAMES = {"ru": ("Анастасия", "Святослав"), "it": ("Mariagrazia", "Gianfranco")}


def fits(page: Page, shot: str) -> None:
    """The page as laid out at each phone width: nothing wider than the screen."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 780})
        page.wait_for_timeout(150)
        too_wide = page_overflow(page)
        if too_wide or width == WIDTHS[0]:
            screenshot(page, f"{shot}-{width}", full_page=True)
        assert too_wide == 0, (f"{shot} at {width} px is {too_wide} px too wide: "
                               f"{page.evaluate(WIDEST, width)}")
        # The top bar stays one 48 px row, its language links full touch targets.
        bar = page.evaluate(TOP_BAR)
        assert bar["height"] <= 50 and min(bar["links"]) >= 44, (shot, width, bar)


def join_by_qr_link(browser: Browser, join_url: str, lang: str, name: str) -> tuple[Page, str]:
    page = mobile_context(browser).new_page()
    page.goto(f"{join_url}?lang={lang}")
    fits(page, f"night-{lang}-join")
    page.locator("#f-name").fill(name)
    page.locator("form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/seat"))
    expect(page.locator("#lobby")).to_be_visible()
    pod_id = join_url.rstrip("/").split("/")[-2]
    token = page.evaluate(f"localStorage.getItem('prismatic:seat:{pod_id}')")
    return page, str(token)


def pick_two(page: Page) -> None:
    expect(page.locator("#pack-grid .card")).not_to_have_count(0)
    page.locator("#pack-grid .card").nth(0).click()
    page.locator("#pack-grid .card").nth(1).click()
    page.locator("#take").click()


@pytest.mark.parametrize("lang", ["ru", "it"])
def test_every_screen_of_a_night_fits_a_phone(server: str, browser: Browser, lang: str) -> None:
    host = mobile_context(browser).new_page()
    host.goto(f"{server}/?lang={lang}")
    fits(host, f"night-{lang}-create")
    host.locator("#f-seats").select_option("2")
    host.locator("form button[type=submit]").click()
    host.wait_for_url(re.compile(r"/pods/[^/]+/host$"))
    join_url = str(host.locator("#join-url").get_attribute("href"))
    pod_id = join_url.rstrip("/").split("/")[-2]
    host_token = str(host.evaluate(f"localStorage.getItem('prismatic:host:{pod_id}')"))
    fits(host, f"night-{lang}-host-lobby")

    phones = [join_by_qr_link(browser, join_url, lang, name) for name in NAMES[lang]]
    ann, bob = phones[0][0], phones[1][0]
    fits(ann, f"night-{lang}-phone-lobby")
    host.locator("#controls .btn.primary").click()  # start the draft
    expect(ann.locator("#draft")).to_be_visible()
    fits(ann, f"night-{lang}-pick")
    fits(host, f"night-{lang}-host-drafting")
    pick_two(ann)
    pick_two(bob)
    ann.locator("#tab-pool").click()
    expect(ann.locator("#pool-list .card-row")).to_have_count(2)
    fits(ann, f"night-{lang}-pool")
    ann.locator("#tab-pack").click()

    seats = [SeatHandle(pod_id, "", token, "") for _page, token in phones]
    with httpx.Client(base_url=server, timeout=30) as client:
        draft_until_done(client, seats)
    expect(ann.locator("#builder")).to_be_visible()
    fits(ann, f"night-{lang}-builder")
    ann.locator("#piper-color").select_option("R")
    ann.locator("#add-piper").click()
    ann.locator("#suggest-lands").click()
    ann.locator("#submit-deck").click()
    expect(ann.locator("#deck-summary .verdict")).to_be_visible()
    ann.mouse.wheel(0, 4000)
    fits(ann, f"night-{lang}-builder-scrolled")
    fits(host, f"night-{lang}-host-building")

    host.once("dialog", lambda dialog: dialog.accept())  # Bob has no deck yet
    host.locator("#controls .btn.primary").click()  # split the tables
    expect(host.locator("#tables .life-card")).to_have_count(2)
    fits(host, f"night-{lang}-host-playing")
    expect(bob.locator("#edit-deck")).to_be_visible()
    bob.locator("#edit-deck").click()
    expect(bob.locator("#builder-back")).to_be_visible()
    fits(bob, f"night-{lang}-late-builder")
    bob.locator("#builder-back").click()
    for phone in (ann, bob):
        expect(phone.locator("#game-board .life-card")).to_have_count(2)
        for summary in phone.locator("#game-board summary").all():
            summary.click()
        phone.locator("#game-board .life-card .step.m5").first.click()
    fits(ann, f"night-{lang}-board")
    fits(bob, f"night-{lang}-board-2")

    pod = PodHandle(pod_id, host_token, {})
    with httpx.Client(base_url=server, timeout=30) as client:
        assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    expect(ann.locator("#table-msg")).not_to_be_empty()
    fits(ann, f"night-{lang}-done")
    fits(host, f"night-{lang}-host-done")
    for page in (host, ann, bob):
        page.context.close()
