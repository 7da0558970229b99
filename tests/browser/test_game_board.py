"""Two phones at one table keep the life totals together, and the host screen sees them."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.support import (
    NO_SIDEWAYS_SCROLL,
    SMALL_BUTTONS,
    new_context,
    screenshot,
)
from tests.server.support.builders import play_tables

pytestmark = pytest.mark.browser


def card(page: Page, name: str) -> Locator:
    return page.get_by_role("region", name=name, exact=True)


def life(page: Page, name: str) -> Locator:
    return card(page, name).locator(".life-total")


def test_two_phones_at_a_table_see_the_same_life_totals(server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=21)
    phones = {}
    for name in ("Ann", "Bob"):
        context = new_context(browser, viewport={"width": 360, "height": 740})
        page = context.new_page()
        page.goto(f"{server}/pods/{pod.pod_id}/seat#seat_token={seats[name].token}")
        expect(page.locator("#game-board .life-card")).to_have_count(3)
        phones[name] = page
    ann, bob = phones["Ann"], phones["Bob"]
    expect(life(bob, "Cid")).to_have_text("40")

    ann.get_by_role("button", name="−5 life for Cid").click()
    ann.get_by_role("button", name="−1 life for Cid").click()
    bob.get_by_role("button", name="+1 life for Ann").click()
    for page in (ann, bob):
        expect(life(page, "Cid")).to_have_text("34")
        expect(life(page, "Ann")).to_have_text("41")

    # Undo is offered only for one's own taps, and takes one back for everyone.
    ann.locator("summary", has_text="Recent changes").click()
    bob.locator("summary", has_text="Recent changes").click()
    expect(bob.locator(".game-log button", has_text="Undo")).to_have_count(1)
    ann.locator(".game-log li", has_text="Cid −5").get_by_role("button", name="Undo").click()
    expect(life(bob, "Cid")).to_have_text("39")

    # Commander damage: 21 from Ann's second Piper puts Bob out, on both phones.
    card(ann, "Bob").locator("summary", has_text="damage").click()
    plus = ann.get_by_role("button", name="+1 commander damage for Bob").nth(1)
    for _ in range(21):
        plus.click()
        ann.wait_for_timeout(20)
    for page in (ann, bob):
        expect(page.locator(".life-card.out")).to_have_count(1)
        expect(life(page, "Bob")).to_have_text("19")
    assert ann.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    assert ann.evaluate(SMALL_BUTTONS) == []
    screenshot(ann, "12-phone-game-board", full_page=True)

    host_context = new_context(browser, viewport={"width": 1280, "height": 800})
    host = host_context.new_page()
    host.goto(f"{server}/pods/{pod.pod_id}/host#host_token={pod.host_token}")
    expect(life(host, "Cid")).to_have_text("39")
    host.get_by_label("Winner of table 1").select_option(label="Cid")
    for page in (ann, bob):
        expect(page.locator(".badge.win")).to_have_text("Winner: Cid")
    screenshot(host, "13-host-game-boards")

    # In Russian the longer words still fit a 360 px phone.
    bob.goto(f"{server}/pods/{pod.pod_id}/seat?lang=ru")
    expect(bob.locator(".badge.win")).to_have_text("Победитель: Cid")
    bob.locator("summary", has_text="Урон от командиров").first.click()
    bob.locator("summary", has_text="Последние изменения").click()
    assert bob.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    assert bob.evaluate(SMALL_BUTTONS) == []
    screenshot(bob, "i18n-ru-game-board", full_page=True)
    for page in (ann, bob, host):
        page.context.close()
