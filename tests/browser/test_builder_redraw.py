"""The deck builder redraws only what changed: Add and Remove move one row.

Rule: pressing Add on a sideboard card moves that row into the deck and updates the
counts; every other row stays the same element (a phone does not rebuild 60 rows for one
card), and the keyboard's focus goes to the row that took the pressed one's place, not to
the page body. Before, each Add/Remove rebuilt every row and dropped the focus.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import mobile_context
from tests.browser.test_suggest_deck import drafted_seat

pytestmark = pytest.mark.browser

MARK_ROWS = """() => { window.rowsBefore = new Map([...document.querySelectorAll(".deck-row")]
  .map((row) => [row.dataset.cardId + (row.closest("#in-deck") ? ":deck" : ":side"), row])); }"""
ROWS_KEPT = """() => [...document.querySelectorAll(".deck-row")].filter((row) => {
  const key = row.dataset.cardId + (row.closest("#in-deck") ? ":deck" : ":side");
  return window.rowsBefore.get(key) === row;
}).length"""
FOCUSED_ROW = """() => {
  const row = document.activeElement && document.activeElement.closest(".deck-row");
  return row ? row.dataset.cardId : null;
}"""


def test_add_moves_one_row_and_keeps_the_focus_in_the_sideboard(
        server: str, browser: Browser) -> None:
    pod, seat = drafted_seat(server)
    page = mobile_context(browser).new_page()
    page.goto(f"{server}/pods/{pod['pod_id']}/seat?lang=en#seat_token={seat['seat_token']}")
    side = page.locator("#sideboard .deck-row")
    expect(side.first).to_be_visible()
    expect(page.locator("#in-deck .deck-row")).to_have_count(0)
    total = side.count()
    first, second = (side.nth(i).get_attribute("data-card-id") for i in (0, 1))
    page.evaluate(MARK_ROWS)

    add = side.first.get_by_role("button", name="Add", exact=False).last
    add.focus()
    page.keyboard.press("Enter")

    expect(page.locator("#in-deck .deck-row")).to_have_count(1)
    expect(page.locator("#in-deck .deck-row").first).to_have_attribute("data-card-id", first or "")
    expect(page.locator("#deck-count")).to_have_text("1/60 cards")
    assert page.evaluate(ROWS_KEPT) == total - 1  # only the moved row is new
    assert page.evaluate(FOCUSED_ROW) == second  # the next card's Add, ready for Enter
    page.keyboard.press("Enter")
    expect(page.locator("#in-deck .deck-row")).to_have_count(2)
    expect(page.locator("#deck-count")).to_have_text("2/60 cards")


COUNT_BUILT = """() => {
  window.built = 0;
  const create = document.createElement.bind(document);
  document.createElement = (...args) => { window.built += 1; return create(...args); };
}"""


def test_add_and_remove_build_the_moved_row_not_every_row(
        server: str, browser: Browser) -> None:
    """Rule: one Add (or Remove) builds the moved row and the summary's counts, never a
    fresh drawing of every row to compare with the page (issue #46: on a 4× slower phone
    that drawing alone was half the time of a tap). Counted as elements created, which
    does not depend on the machine's speed: before, two edits of a 60-card pool created
    1,588 elements; now 32."""
    pod, seat = drafted_seat(server)
    page = mobile_context(browser).new_page()
    page.goto(f"{server}/pods/{pod['pod_id']}/seat?lang=en#seat_token={seat['seat_token']}")
    side = page.locator("#sideboard .deck-row")
    expect(side.first).to_be_visible()
    rows = side.count()
    assert rows >= 30  # a whole pool, so a redraw of every row would show
    page.evaluate(COUNT_BUILT)

    side.first.get_by_role("button", name="Add", exact=False).last.click()
    expect(page.locator("#deck-count")).to_have_text("1/60 cards")
    page.locator("#in-deck .deck-row").first.get_by_role("button", name="Remove",
                                                         exact=False).click()
    expect(page.locator("#deck-count")).to_have_text("0/60 cards")

    built = page.evaluate("() => window.built")
    assert built < 2 * rows, f"{built} elements built for two edits of a {rows}-card pool"
    assert page.locator("#sideboard .deck-row").count() == rows
