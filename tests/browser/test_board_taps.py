"""Another phone's update never takes what a player holds on the game board or the host's
dashboard: not a tap, not the digits being typed.

Rule (taps): a press and its release are one tap even when an update (another phone's life
tap, a claim, a concession; a player's pick on the host's dashboard) reaches this screen
between them; the update is drawn once the finger lifts. Before, the screen was redrawn at
once, the pressed control was replaced, and the browser fires no `click` for a press and a
release on two different elements: the tap did nothing (a CI run of `test_game_results.py`
met it, when Ann's claim reached Cid's phone just as Cid opened "Achievements").

How the moment is made certain: the test holds the press, changes the game over HTTP, and
waits until the page has the update (drawn, or held: `data-held` on the board or on
`#main`), then lifts.

Rule (redraw): the board redraws only what changed. A player typing an amount of commander
damage keeps the digits typed so far, the focus and the scroll when another phone's change
reaches the board between two keys, and the board's controls are the same elements after
the update. Before, every update rebuilt the whole board: the input was replaced, and the
digits and the focus were lost (the monarch test of stop 52 met it, typing while the board
drew its own +5). And the board was one live region that re-read every player on every
tap; it now says the newest change.
"""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import mobile_context
from tests.server.support.builders import (
    PodHandle,
    bearer,
    join,
    me,
    new_pod,
    play_tables,
    start,
)

pytestmark = pytest.mark.browser


def cids_board(client: httpx.Client, server: str, browser: Browser,
               ) -> tuple[PodHandle, str, Page]:
    """Ann, Bob and Cid at one table, Cid's phone on the game board: the pod, Bob's player
    id (whom another phone's tap targets) and Cid's page."""
    pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=21)
    game = me(client, seats["Ann"])["game"]
    bob = next(p["player_id"] for p in game["players"] if p["name"] == "Bob")
    page = mobile_context(browser).new_page()
    page.goto(f"{server}/pods/{pod.pod_id}/seat?lang=en#seat_token={seats['Cid'].token}")
    return pod, bob, page

FOCUSED_LABEL = "() => document.activeElement && document.activeElement.getAttribute('aria-label')"

HAS_UPDATE = """seq => {
  const board = document.querySelector("#game-board");
  const held = (node) => node.dataset.held !== undefined;
  return board.dataset.seq !== seq || held(board) || held(document.querySelector("#main"));
}"""


def test_a_tap_pressed_as_another_phones_update_arrives_still_lands(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, bob, page = cids_board(client, server, browser)
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


HELD_OR_SHIFTED = """box => {
  const step = document.querySelector("#game-board button.step");
  return document.querySelector("#main").dataset.held !== undefined
    || Math.round(step.getBoundingClientRect().top) !== Math.round(box.y);
}"""


def test_a_life_tap_pressed_as_the_tables_first_change_arrives_still_lands(
        server: str, browser: Browser) -> None:
    """The table's first change closes deck changes: the "Change your deck" button above
    the board goes, and the board moves up. A life step pressed just then still counts:
    the whole page waits for the finger, not the board alone."""
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, bob, page = cids_board(client, server, browser)
        board = page.locator("#game-board")
        expect(board.locator(".life-card")).to_have_count(3)
        expect(page.locator("#edit-deck")).to_be_visible()  # above the board, until a change
        step = page.get_by_role("button", name="−5 life for Cid")
        box = step.bounding_box()
        assert box is not None and page.evaluate("scrollY") == 0

        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        response = client.post(pod.url("/games/1"), headers=pod.host,
                               json={"kind": "life", "target": bob, "delta": -1})
        assert response.status_code == 200, response.text
        page.wait_for_function(HELD_OR_SHIFTED, arg=box)
        page.mouse.up()

        lives = {name: page.get_by_role("region", name=name, exact=True).locator(".life-total")
                 for name in ("Bob", "Cid")}
        expect(lives["Cid"]).to_have_text("35")  # the tap counted
        expect(lives["Bob"]).to_have_text("39")  # and the host's change is shown after
        expect(page.locator("#edit-deck")).to_be_hidden()


PICK_SHOWN_OR_HELD = """() => document.querySelector("#main").dataset.held !== undefined
  || [...document.querySelectorAll(".seat-row")].some((row) => row.textContent.includes("P1 p2"))"""


def test_the_hosts_pause_pressed_as_a_pick_arrives_still_pauses(
        server: str, browser: Browser) -> None:
    """The host's dashboard redraws its controls on every pick of the draft: a tap on
    Pause as a player's pick arrives still pauses, and the pick is shown after."""
    with httpx.Client(base_url=server, timeout=30) as client:
        pod = new_pod(client, seats=2, seed=3)
        ann = join(client, pod, "Ann")
        join(client, pod, "Bob")
        start(client, pod)
        page = mobile_context(browser).new_page()
        page.goto(f"{server}/pods/{pod.pod_id}/host?lang=en#host_token={pod.host_token}")
        pause = page.get_by_role("button", name="Pause", exact=True)
        expect(pause).to_be_visible()
        box = pause.bounding_box()
        assert box is not None

        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        pack = me(client, ann)["pack"]
        response = client.post(pod.url("/picks"), headers=bearer(ann.token), json={
            "pick": 1, "cards": [card["id"] for card in pack[:2]]})
        assert response.status_code == 200, response.text
        page.wait_for_function(PICK_SHOWN_OR_HELD)
        page.mouse.up()

        expect(page.get_by_role("button", name="Resume", exact=True)).to_be_visible()
        expect(page.locator(".seat-row", has_text="Ann")).to_contain_text("P1 p2")
        expect(page.locator("#phase")).to_have_text("Paused")  # the server's view says so


def test_digits_typed_into_the_board_survive_another_phones_update(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, bob, page = cids_board(client, server, browser)
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
