"""The night's small slips a host met (issue 40, item 8), each as the host saw it.

Rules: the night's host page warns when phones cannot reach the server, as the pod's does;
a pod of a night shows no join QR code (the night deals its seats); the host is told what
"Form pods" will make before pressing it (6 players, equal pods: one pod of six, no bots);
the next round's confirmation reads as sentences, not a run-on line.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from tests.browser.support import new_context
from tests.server.support.builders import bearer
from tests.server.support.nights import night_at_tables

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}


def new_night(client: httpx.Client, players: int) -> tuple[str, str]:
    created = client.post("/api/events", json={"set": "CMR", "seed": 5}).json()
    for i in range(1, players + 1):
        joined = client.post(f"/api/events/{created['event_id']}/players",
                             json={"name": f"Guest {i}"})
        assert joined.status_code == 201, joined.text
    return created["event_id"], created["host_token"]


def night_host(browser: Browser, server: str, event_id: str, token: str) -> Page:
    page = new_context(browser, viewport=LAPTOP).new_page()
    page.goto(f"{server}/events/{event_id}/host?lang=en#host_token={token}")
    return page


def test_the_nights_host_page_warns_that_phones_cannot_reach_a_local_only_server(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        event_id, token = new_night(client, players=0)
    page = night_host(browser, server, event_id, token)
    # These tests serve on 127.0.0.1: phones could not open the night's join link.
    expect(page.locator("#local-only")).to_contain_text("127.0.0.1")
    expect(page.locator("#local-only")).to_contain_text("--host 0.0.0.0")
    page.context.close()


def test_a_pod_of_a_night_offers_no_join_qr_code(server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        event_id, token = new_night(client, players=4)
        formed = client.post(f"/api/events/{event_id}/pods", headers=bearer(token),
                             json={"policy": "balanced"})
        assert formed.status_code == 200, formed.text
        pod_id = formed.json()["pods"][0]["pod_id"]
    page = new_context(browser, viewport=LAPTOP).new_page()
    page.goto(f"{server}/pods/{pod_id}/host?lang=en#host_token={token}")
    expect(page.locator("#seat-list li")).to_have_count(4)
    expect(page.get_by_role("link", name="All pods of the night")).to_be_visible()
    expect(page.get_by_text("Scan to join")).to_be_hidden()
    expect(page.locator("img.qr")).to_be_hidden()
    expect(page.locator("#join-url")).to_be_hidden()
    # The seats take the room the QR code left: no empty column beside them.
    seats = page.locator("#seats-title").bounding_box()
    assert seats is not None and seats["x"] < 200, seats
    page.context.close()


def test_the_host_reads_what_form_pods_makes_before_pressing_it(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        event_id, token = new_night(client, players=6)
        page = night_host(browser, server, event_id, token)
        plan = page.locator("#pod-plan")
        expect(plan).to_have_text("Form pods makes: pod 1: 6 players, no bots")
        page.get_by_label("How to form the pods").select_option("fill")
        expect(plan).to_have_text("Form pods makes: pod 1: 6 players + 2 bots")
        page.get_by_label("How to form the pods").select_option("balanced")
        for i in range(7, 11):
            client.post(f"/api/events/{event_id}/players", json={"name": f"Guest {i}"})
        expect(plan).to_have_text(
            "Form pods makes: pod 1: 5 players, no bots · pod 2: 5 players, no bots")
        page.get_by_label("How to form the pods").select_option("fill")
        expect(plan).to_have_text(
            "Form pods makes: pod 1: 8 players, no bots · pod 2: 2 players + 6 bots")
    page.context.close()


def test_the_next_rounds_confirmation_reads_as_sentences(server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        night = night_at_tables(client, players=4)
    token = night.host["Authorization"].removeprefix("Bearer ")
    page = night_host(browser, server, night.event_id, token)
    messages: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        messages.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page.get_by_role("button", name="Next round (2)").click()
    expect(page.get_by_role("button", name="Next round (2)")).to_be_enabled()
    assert len(messages) == 1, messages
    # "no result yet at table 2; record them or confirm to start the next round anyway
    # Start round 3 anyway?" was one run-on line.
    assert re.fullmatch(r"No result yet at [^.;]*table 1\.\n\nStart round 2 anyway\?",
                        messages[0]), messages[0]
    page.context.close()
