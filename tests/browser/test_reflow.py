"""Text at 200 %: a 390 px phone lays its pages out 195 px wide, and nothing overlaps or
scrolls sideways.

Rule (WCAG 1.4.10, reflow): the builder, the replay and the recap fit 195 px. Before, they
needed 216–304 px: the title ran under the connection dot, the curve's labels overlapped and
the export names ran into their buttons.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import call_api, mobile_context, page_overflow, screenshot
from tests.browser.test_phone_night import WIDEST
from tests.browser.test_suggest_deck import drafted_seat

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTH = 195
# Two leaf elements with text whose boxes cross: what overlapping labels look like.
OVERLAPS = """(selector) => {
  const boxes = [...document.querySelectorAll(selector)]
    .filter((n) => n.offsetParent !== null && n.textContent.trim())
    .map((n) => [n, n.getBoundingClientRect()]);
  const hits = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, p] = boxes[i], [b, q] = boxes[j];
    if (a.contains(b) || b.contains(a)) continue;
    const cross = p.left < q.right - 1 && q.left < p.right - 1
      && p.top < q.bottom - 1 && q.top < p.bottom - 1;
    const words = (node) => node.textContent.trim().slice(0, 20);
    if (cross) hits.push(`${words(a)} / ${words(b)}`);
  }
  return hits.slice(0, 5);
}"""


def fits(page: Page, shot: str, labels: str) -> None:
    page.wait_for_timeout(150)
    screenshot(page, f"reflow-{shot}", full_page=True)
    too_wide = page_overflow(page)
    assert too_wide == 0, f"{shot}: {too_wide} px too wide: {page.evaluate(WIDEST, WIDTH)}"
    overlaps = page.evaluate(OVERLAPS, labels)
    assert overlaps == [], (shot, overlaps)


def test_builder_replay_and_recap_reflow_at_195_px(server: str, browser: Browser) -> None:
    pod, seat = drafted_seat(server)
    page = mobile_context(browser, width=WIDTH, height=422).new_page()
    page.goto(f"{server}/pods/{pod['pod_id']}/seat?lang=en#seat_token={seat['seat_token']}")
    expect(page.locator("#sideboard .deck-row").first).to_be_visible()
    page.locator("#suggest-deck").click()
    expect(page.locator("#in-deck .deck-row").first).to_be_visible()
    fits(page, "builder", ".topbar *, .chart *, .exports *, .deck-summary *")

    end: Any = call_api(server, "POST", f"/api/pods/{pod['pod_id']}/end", token=pod["host_token"])
    assert end is not None
    page.goto(f"{server}/pods/{pod['pod_id']}/replay?lang=en#seat_token={seat['seat_token']}")
    expect(page.locator("#replay-step")).to_be_visible()
    fits(page, "replay", ".topbar *, .replay-head *, .replay-nav *")
    page.goto(f"{server}/pods/{pod['pod_id']}/recap?lang=en#host_token={pod['host_token']}")
    expect(page.locator("#recap")).to_be_visible()
    fits(page, "recap", ".topbar *, .recap-actions *, .recap-curve *")
