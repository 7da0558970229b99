"""A night's second round: the host presses "Next round", and a phone of the second pod
(360 px, mobile) shows its new table, its round and its opponents from the other pod."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import NO_SIDEWAYS_SCROLL, mobile_context, new_context, screenshot
from tests.server.support.nights import night_at_tables

pytestmark = pytest.mark.browser


def test_a_phone_shows_its_round_two_table(server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        night = night_at_tables(client)
        host_token = night.host["Authorization"].removeprefix("Bearer ")
        host = new_context(browser, viewport={"width": 1280, "height": 800}).new_page()
        host.goto(f"{server}/events/{night.event_id}/host#host_token={host_token}")
        # No table has a result yet: the host is told which, and confirms.
        messages: list[str] = []

        def confirm(dialog: object) -> None:
            messages.append(dialog.message)  # type: ignore[attr-defined]
            dialog.accept()  # type: ignore[attr-defined]

        host.on("dialog", confirm)
        host.get_by_role("button", name="Next round (2)").click()
        expect(host.locator("#round-title")).to_have_text("Round 2")
        expect(host.get_by_role("button", name="Next round (3)")).to_be_visible()
        assert "pod 1 table 1" in messages[0] and "Start round 2 anyway?" in messages[0]
        tables = client.get(f"/api/events/{night.event_id}/host", headers=night.host).json()[
            "round_tables"]

    name = next(n for n in sorted(night.tokens) if night.pod_of[n] == night.pod_ids[1])
    table = next(t for t in tables if name in t["players"])
    phone = mobile_context(browser, width=360).new_page()
    phone.goto(f"{server}/pods/{night.pod_of[name]}/seat#seat_token={night.tokens[name]}")
    expect(phone.locator("#table-title")).to_have_text(f"Round 2 · Table {table['number']}")
    cards = phone.locator("#game-board .life-card")
    expect(cards).to_have_count(len(table["players"]))
    for player in table["players"]:
        expect(phone.get_by_role("region", name=player, exact=True)).to_be_visible()
    assert any(night.pod_of[p] != night.pod_of[name] for p in table["players"])
    assert phone.evaluate(NO_SIDEWAYS_SCROLL) <= 360
    screenshot(phone, "17-phone-round-two-table", full_page=True)

    # Russian and Italian say which round it is too.
    phone.goto(f"{server}/pods/{night.pod_of[name]}/seat?lang=it")
    expect(phone.locator("#table-title")).to_have_text(f"Round 2 · Tavolo {table['number']}")
    phone.goto(f"{server}/pods/{night.pod_of[name]}/seat?lang=ru")
    expect(phone.locator("#table-title")).to_have_text(f"Раунд 2 · Стол {table['number']}")
    phone.context.close()
    host.context.close()
