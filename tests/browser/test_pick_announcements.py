"""The pick screen without sight: what a screen reader hears, and where the keyboard goes.

Rules:
- a polite live region says when a pack arrives ("Pack 1, pick 1: 15 cards"), at 10 s
  left, and when the timer picked for the player;
- `t` from a card reaches "Take these 2", Ctrl+Enter takes the two selected cards;
- after confirming, focus moves to the new pack's first card, not to the page body.

Why the announcements are recorded by a MutationObserver: the region is rewritten at each
pack, and the test must see every sentence, not the last one only.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import mobile_context
from tests.server.support.builders import join, me, new_pod, start

pytestmark = pytest.mark.browser

RECORD = """() => {
  window.heard = [];
  const watch = () => {
    const region = document.querySelector("#draft-news");
    if (!region) return setTimeout(watch, 20);
    new MutationObserver(() => { if (region.textContent) window.heard.push(region.textContent); })
      .observe(region, { childList: true, characterData: true, subtree: true });
  };
  watch();
}"""
HEARD = "(words) => window.heard.some((said) => said.includes(words))"
TEN_SECONDS = """() => window.heard.some((said) => {
  const left = /^(\\d+) seconds? left$/.exec(said);
  return left && Number(left[1]) <= 10 && Number(left[1]) > 0;
})"""
FOCUSED_CARD = """() => {
  const card = document.activeElement;
  return card && card.matches("#pack-grid .card") ? card.dataset.cardId : null;
}"""


def seat_page(browser: Browser, server: str, pod_id: str, token: str) -> Page:
    page = mobile_context(browser).new_page()
    page.add_init_script(f"({RECORD})()")
    page.goto(f"{server}/pods/{pod_id}/seat?lang=en#seat_token={token}")
    return page


def test_the_keyboard_picks_two_and_lands_on_the_next_pack(server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod = new_pod(client, seats=2, seed=5)
        ann = join(client, pod, "Ann")
        bob = join(client, pod, "Bob")
        start(client, pod)
        first = me(client, ann)
        page = seat_page(browser, server, pod.pod_id, ann.token)
        cards = page.locator("#pack-grid .card")
        expect(cards).to_have_count(len(first["pack"]))
        page.wait_for_function(HEARD, arg=f"Pack 1, pick {first['pick_in_round']}: "
                                          f"{len(first['pack'])} cards")

        cards.nth(0).focus()
        page.keyboard.press("Enter")
        cards.nth(1).focus()
        page.keyboard.press("Enter")
        for selected in (0, 1):  # shown as selected, not only counted
            expect(cards.nth(selected)).to_have_attribute("aria-pressed", "true")
        page.keyboard.press("t")
        expect(page.locator("#take")).to_be_focused()
        expect(page.locator("#take")).to_have_text("Take these 2")
        page.keyboard.press("Enter")
        expect(page.locator("#pick-counter")).not_to_have_text(f"Pick {first['pick_in_round']}")
        # Bob has not picked: the next pack is his, and comes once he does.
        bobs = me(client, bob)
        response = client.post(pod.url("/picks"), headers=bob.auth, json={
            "pick": bobs["pick"], "cards": [card["id"] for card in bobs["pack"][:2]]})
        assert response.status_code == 200, response.text

        second = me(client, ann)
        assert second["pack"], second
        page.wait_for_function(HEARD, arg=f"Pack 1, pick {second['pick_in_round']}: "
                                          f"{len(second['pack'])} cards")
        expect(cards).to_have_count(len(second["pack"]))
        first_card = cards.nth(0).get_attribute("data-card-id")
        page.wait_for_function(f"() => ({FOCUSED_CARD})() === {first_card!r}")

        # Ctrl+Enter from a card takes the two selected.
        page.keyboard.press("Enter")
        cards.nth(1).focus()
        page.keyboard.press("Enter")
        page.keyboard.press("Control+Enter")
        page.locator("#tab-pool").click()
        expect(page.locator("#tab-pool")).to_have_text("Pool (4)")


def test_the_timer_is_heard_at_ten_seconds_and_when_it_picks(server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod = new_pod(client, seats=2, seed=5, bots=True, pick_timer_seconds=12)
        ann = join(client, pod, "Ann")
        start(client, pod)
        page = seat_page(browser, server, pod.pod_id, ann.token)
        expect(page.locator("#timer")).to_be_visible()
        page.wait_for_function(TEN_SECONDS, timeout=30_000)
        page.wait_for_function(HEARD, arg="Time was up: the timer picked for you.", timeout=30_000)
        assert len(me(client, ann)["pool"]) == 2  # the timer's pick, made by the server
