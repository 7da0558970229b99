"""What a phone's network moves for a replay (issue #46): a warm reload stays under 10 KB.

Rule: the replay's answers (the list of seats and the seat's picks, 8 KB gzipped for a
draft) are asked again on a reload, with the tag of the copy the phone holds, and come
back as `304 Not Modified`; before, the page fetched them with `cache: "no-store"`, so
every reload moved the whole replay again. The page's own files are cached as before.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.browser.test_seat_bytes import WARM_LIMIT, Counted
from tests.browser.test_suggest_deck import drafted_seat

pytestmark = pytest.mark.browser

REPLAY_SHOWN = "() => document.querySelector('#replay:not([hidden]) #replay-pack .card')"
API_BODY_LIMIT = 1_000  # a 304's headers; a replay's answer is several KB


def test_a_replay_reload_revalidates_its_answers_instead_of_moving_them_again(
        server: str, browser: Browser) -> None:
    pod, seat = drafted_seat(server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    try:
        counted = Counted(context.new_page())
        page = counted.page
        page.goto(f"{server}/pods/{pod['pod_id']}/replay?lang=en"
                  f"#seat_token={seat['seat_token']}")
        page.wait_for_function(REPLAY_SHOWN)
        page.wait_for_load_state("networkidle")
        counted.bytes, counted.urls = 0, []

        page.reload()
        page.wait_for_function(REPLAY_SHOWN)
        page.wait_for_load_state("networkidle")

        api: list[Any] = [line for line in counted.urls if "/api/" in line]
        assert all(int(line.rsplit(": ", 1)[1]) <= API_BODY_LIMIT for line in api), api
        assert counted.bytes <= WARM_LIMIT, counted.urls
    finally:
        context.close()


def test_a_cold_replay_asks_one_answer_before_its_first_pack(
        server: str, browser: Browser) -> None:
    """Rule (#46): the page asked the list of seats, then its seat, two round trips one
    after the other before anything was drawn; the list now brings the seat to open."""
    pod, seat = drafted_seat(server)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    try:
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(f"{server}/pods/{pod['pod_id']}/replay?lang=en"
                  f"#seat_token={seat['seat_token']}")
        page.wait_for_function(REPLAY_SHOWN)
        assert len([url for url in asked if "/api/" in url]) == 1, asked
    finally:
        context.close()
