"""A tap on the game board is never lost to another phone's update.

Rule: a press and its release are one tap even when an update of the game (another phone's
life tap, a claim, a concession) reaches this phone between them; the update is drawn once
the finger lifts. Before, the board was redrawn at once, the pressed control was replaced,
and the browser fires no `click` for a press and a release on two different elements: the
tap did nothing (a CI run of `test_game_results.py` met it, when Ann's claim reached Cid's
phone just as Cid opened "Achievements").

How the moment is made certain: the test holds the press, changes the game over HTTP, and
waits until the page has the update (drawn, or held: `data-held` on the board), then lifts.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import mobile_context
from tests.server.support.builders import me, play_tables

pytestmark = pytest.mark.browser

HAS_UPDATE = """seq => {
  const board = document.querySelector("#game-board");
  return board.dataset.seq !== seq || board.dataset.held !== undefined;
}"""


def test_a_tap_pressed_as_another_phones_update_arrives_still_lands(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=21)
        game = me(client, seats["Ann"])["game"]
        bob = next(p["player_id"] for p in game["players"] if p["name"] == "Bob")
        page = mobile_context(browser).new_page()
        page.goto(f"{server}/pods/{pod.pod_id}/seat?lang=en#seat_token={seats['Cid'].token}")
        board = page.locator("#game-board")
        expect(board.locator(".life-card")).to_have_count(3)
        details = board.locator("details", has=page.locator("summary", has_text="Recent changes"))
        expect(details).not_to_have_attribute("open", "")
        summary = details.locator("summary")
        summary.scroll_into_view_if_needed()
        box = summary.bounding_box()
        assert box is not None
        seq = board.get_attribute("data-seq")

        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        response = client.post(pod.url("/games/1"), headers=pod.host,
                               json={"kind": "life", "target": bob, "delta": -3})
        assert response.status_code == 200, response.text
        page.wait_for_function(HAS_UPDATE, arg=seq)
        page.mouse.up()

        expect(details).to_have_attribute("open", "")  # the tap opened it
        expect(board).not_to_have_attribute("data-seq", seq or "")  # the update, drawn after
        expect(board).not_to_have_attribute("data-held", "1")
        bobs_life = page.get_by_role("region", name="Bob", exact=True).locator(".life-total")
        expect(bobs_life).to_have_text("37")
