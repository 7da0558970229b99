"""The join page on a phone (issue #46): its pod's line comes with the page, so the form is
described without a request after it; a link to no pod still says so."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import call_api, join, mobile_context

pytestmark = pytest.mark.browser


def test_the_join_form_is_described_without_asking_the_api(server: str,
                                                          browser: Browser) -> None:
    pod: Any = call_api(server, "POST", "/api/pods", {"seats": 4, "set": "CMR", "seed": 3})
    call_api(server, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Bea"})
    context = mobile_context(browser)
    try:
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(f"{server}/pods/{pod['pod_id']}/join")
        expect(page.locator("#join-form")).to_have_attribute("data-script", "ready")
        expect(page.locator("#pod-info")).to_have_text("CMR · 1 of 4 seats taken")
        assert not [url for url in asked if "/api/" in url], asked
        # While the name is typed: the seat page and its module, at the lowest priority.
        page.wait_for_function("""() => performance.getEntriesByType("resource")
          .filter((e) => e.initiatorType === "link")
          .filter((e) => /\\/seat$|\\/static\\/js\\/seat\\.\\w+\\.js$/.test(e.name))
          .length === 2""")
        page.close()
        join(context, f"{server}/pods/{pod['pod_id']}/join", "Ann")
    finally:
        context.close()


def test_a_link_to_no_pod_says_so(server: str, browser: Browser) -> None:
    context = mobile_context(browser)
    try:
        page = context.new_page()
        page.goto(f"{server}/pods/nosuchpod/join")
        expect(page.locator("#pod-info")).to_have_text("This pod does not exist.")
    finally:
        context.close()


def test_the_seat_page_paints_the_lobby_from_the_joins_answer(server: str,
                                                              browser: Browser) -> None:
    """After "Take a seat" the seat page needs no request before its lobby (#46): the join's
    answer carries the seat's view. Here the socket opens but never speaks, and nothing asks
    `/me`, so only that answer can have drawn the lobby."""
    pod: Any = call_api(server, "POST", "/api/pods", {"seats": 4, "set": "CMR", "seed": 3})
    context = mobile_context(browser)
    try:
        context.route_web_socket("**/ws/**", lambda socket: None)  # open, and silent
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(f"{server}/pods/{pod['pod_id']}/join")
        page.get_by_label("Your name").fill("Ann")
        page.get_by_role("button", name="Take a seat").click()
        page.wait_for_url(re.compile(r"/seat$"))
        expect(page.locator("#lobby-title")).to_have_text("Ann")
        expect(page.locator("#lobby-players li")).to_have_count(1)
        assert not [url for url in asked if url.endswith("/me")], asked
    finally:
        context.close()
