"""The game board redraws only what changed: another phone's tap never takes what a player
is holding on their own board.

Rule: a player typing an amount of commander damage keeps the digits typed so far, the
focus and the scroll when another phone's change reaches the board between two keys, and
the board's controls are the same elements after the update. Before, every update rebuilt
the whole board: the input was replaced, and the digits and the focus were lost (the
monarch test of stop 52 met it, typing while the board drew its own +5). And the board
was one live region that re-read every player on every tap; it now says the newest change.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import mobile_context
from tests.server.support.builders import me, play_tables

pytestmark = pytest.mark.browser

FOCUSED_LABEL = "() => document.activeElement && document.activeElement.getAttribute('aria-label')"


def test_digits_typed_into_the_board_survive_another_phones_update(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=21)
        game = me(client, seats["Ann"])["game"]
        bob = next(p["player_id"] for p in game["players"] if p["name"] == "Bob")
        page = mobile_context(browser).new_page()
        page.goto(f"{server}/pods/{pod.pod_id}/seat?lang=en#seat_token={seats['Cid'].token}")
        board = page.locator("#game-board")
        bobs = page.get_by_role("region", name="Bob", exact=True)
        expect(bobs.locator(".life-total")).to_have_text("40")
        bobs.locator("summary", has_text="Commander damage taken").click()
        typed = bobs.get_by_label("Amount of commander damage for Bob").first
        typed.click()
        page.keyboard.type("1")
        typed.evaluate("node => { window.typedInto = node; }")
        scrolled = page.evaluate("scrollY")
        seq = board.get_attribute("data-seq")

        response = client.post(pod.url("/games/1"), headers=pod.host,
                               json={"kind": "life", "target": bob, "delta": -3})
        assert response.status_code == 200, response.text
        expect(board).not_to_have_attribute("data-seq", seq or "")
        expect(bobs.locator(".life-total")).to_have_text("37")  # the update is drawn
        # A screen reader hears the one change, not the whole board again.
        expect(board.get_by_role("status").first).to_have_text("Host: Bob −3 life")
        assert board.get_attribute("aria-live") is None
        assert board.locator("[aria-live]").count() == 0

        page.keyboard.type("6")
        expect(typed).to_have_value("16")
        assert page.evaluate(FOCUSED_LABEL) == "Amount of commander damage for Bob"
        assert typed.evaluate("node => node === window.typedInto")  # the same input, not a new one
        assert page.evaluate("scrollY") == scrolled
        bobs.get_by_role("button", name="Add").first.click()
        expect(bobs.locator(".counter-value.lethal")).to_have_count(0)
        expect(bobs.locator(".counter-value", has_text="16")).to_have_count(1)  # the 16 landed
