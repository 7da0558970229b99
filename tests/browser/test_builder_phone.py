"""The deck builder on a 390 px phone (issue 40, item 8): what to fix comes first.

Rules: an illegal deck's "What to fix" sits at the top of the builder, under the status
line, and the status line links to it; each commander's long "Pairs with…" list is folded
(details/summary) and stays as the player left it across a redraw; a 60-card pool's
builder is at most four screens (4 × 844 px) tall above its card list. Before, "What to
fix" was 3,500 px below "Deck submitted, but not legal yet." with no link.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import mobile_context
from tests.server.support.builders import draft_until_done, join, new_pod, start
from tests.server.support.nights import PIPERS

pytestmark = pytest.mark.browser

SCREEN = 844


def test_an_illegal_decks_fixes_come_first_and_partner_lists_are_folded(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod = new_pod(client, seats=2, seed=5)
        ann, bob = join(client, pod, "Ann"), join(client, pod, "Bob")
        start(client, pod)
        draft_until_done(client, [ann, bob])
        assert client.put(pod.url("/deck"), headers=ann.auth, json=PIPERS).status_code == 200
    page = mobile_context(browser, width=390, height=SCREEN).new_page()
    reported: list[str] = []  # what the page said, for the message of a failure below
    page.on("pageerror", lambda error: reported.append(f"page error: {error}"))
    page.on("console", lambda message: reported.append(f"console {message.type}: {message.text}"))
    page.goto(f"{server}/pods/{pod.pod_id}/seat?lang=en#seat_token={ann.token}")
    expect(page.locator("#builder")).to_be_visible()
    expect(page.locator("#deck-problems")).to_contain_text("What to fix")

    def top(selector: str) -> float:
        return float(page.evaluate(
            "s => document.querySelector(s).getBoundingClientRect().top + scrollY", selector))

    assert top("#deck-problems") < top("#suggest-title"), "What to fix comes first"
    link = page.locator("#deck-summary").get_by_role("link", name="What to fix")
    expect(link).to_have_attribute("href", "#deck-problems")

    folded = page.locator("#commander-choices details.pair-note")
    assert folded.count() > 0
    for index in range(folded.count()):
        expect(folded.nth(index)).not_to_have_attribute("open", "")
    first = folded.first
    first.locator("summary").click()
    expect(first).to_have_attribute("open", "")
    expect(first).to_contain_text("Pairs with")
    # A redraw (the Piper removed) keeps the list as the player left it.
    page.locator("#commanders").get_by_role("button", name="Remove").first.click()
    try:
        expect(page.locator("#commanders .commander")).to_have_count(1)
    except AssertionError as kept:  # met twice in clean-clone runs, its cause not yet found
        raise AssertionError(f"{kept}\nwhat the page reported: {reported}") from None
    expect(page.locator("#commander-choices details.pair-note").first).to_have_attribute("open", "")
    page.locator("#commander-choices details.pair-note summary").first.click()

    above_cards = top("#deck-cards") - top("#builder")
    assert above_cards <= 4 * SCREEN, above_cards
    page.context.close()
