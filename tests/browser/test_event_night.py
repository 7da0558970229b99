"""A night bigger than one pod: phones join the night, the host forms pods, phones move on."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import call_api, new_context, screenshot

pytestmark = pytest.mark.browser


def test_ten_players_become_two_pods_and_phones_reach_their_seats(
    server: str, browser: Browser
) -> None:
    host_context = new_context(browser, viewport={"width": 1280, "height": 800})
    host = host_context.new_page()
    host.goto(server + "/")
    host.get_by_role("button", name="Open a night of several pods").click()
    host.wait_for_url(re.compile(r"/events/[^/]+/host$"))
    join_url = host.locator("#join-url").get_attribute("href")
    assert join_url and join_url.endswith("/join")
    event_id = join_url.split("/")[-2]

    phones = []
    for name in ("Ann", "Bob"):
        page = new_context(browser).new_page()
        page.goto(join_url)
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Join").click()
        expect(page.locator("#wait-name")).to_have_text(name)
        phones.append(page)
    for i in range(8):
        call_api(server, "POST", f"/api/events/{event_id}/players", {"name": f"Guest {i + 1}"})
    expect(host.locator("#player-count")).to_have_text("10 players have joined")
    screenshot(phones[0], "15-phone-night-waiting")

    host.get_by_role("button", name="Form pods").click()
    expect(host.locator(".pod-card")).to_have_count(2)
    for page in phones:
        page.wait_for_url(re.compile(r"/pods/[^/]+/seat$"))
        expect(page.locator("#lobby")).to_be_visible()
    host.get_by_role("button", name="Start every draft").click()
    for page in phones:
        expect(page.locator("#pack-grid .card")).to_have_count(20)
    expect(host.locator(".pod-card[data-phase=drafting]")).to_have_count(2)
    link = host.locator(".pod-card").first.get_by_role("link", name="Open this pod's host screen")
    href = link.get_attribute("href") or ""
    assert re.search(r"/pods/[^/]+/host#host_token=", href)
    screenshot(host, "16-host-night-pods")
    pod_host = host_context.new_page()
    pod_host.goto(server + href)
    expect(pod_host.locator("#phase")).to_have_text("Drafting")
    for page in [host, *phones]:
        page.context.close()
