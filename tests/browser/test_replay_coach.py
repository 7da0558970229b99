"""The replay that coaches, on a phone: beside each pick, what the bot would have taken
from that pack with that pool and why, and the colors flowing to the seat that round, for
every seat the reveal rule opens (the person's own, the bot's, seat 0 from the host's link),
and nothing of it for a draft the rule still hides."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import call_api, mobile_context, page_overflow, screenshot
from tests.browser.test_languages import finish_draft

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def drafted(server: str) -> dict[str, Any]:
    """A two-seat pod (one person, one bot) drafted to the end, every seat open at once."""
    pod: Any = call_api(server, "POST", "/api/pods",
                        {"set": "CMR", "seats": 2, "seed": 11, "replay_visibility": "after_draft"})
    seat: Any = call_api(server, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Ann"})
    call_api(server, "POST", f"/api/pods/{pod['pod_id']}/start", token=pod["host_token"])
    finish_draft(server, pod["pod_id"], seat["seat_token"])
    return {"pod": pod, "seat": seat}


def expected_coach(server: str, pod_id: str, token: str, seat: int, index: int) -> str:
    """The coach's first line as the API's replay of `seat` gives it at pick `index`."""
    replay: Any = call_api(server, "GET", f"/api/pods/{pod_id}/replay/{seat}", token=token)
    bot = replay["bot_picks"][index]
    if bot["same"]:
        return "The bot would have taken the same."
    names = {card["id"]: card["name"] for card in replay["picks"][index]["pack"]}
    return "The bot would have taken: " + ", ".join(names[card] for card in bot["took"])


def coach_of(page: Page) -> str:
    return page.locator("#replay-coach").inner_text()


def check_seat(page: Page, server: str, pod_id: str, token: str, seat: int) -> None:
    for index in (0, 1, 12):
        expect(page.locator("#replay-where")).to_contain_text(f"({index + 1} of ")
        expect(page.locator("#replay-coach")).to_contain_text(
            expected_coach(server, pod_id, token, seat, index))
        whys = page.locator("#replay-coach .replay-why")
        assert whys.count() >= 1
        assert all("value" in why and "colors" in why and "commander" in why
                   for why in whys.all_inner_texts())
        page.keyboard.press("ArrowRight")
        if index == 1:
            for _ in range(10):
                page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-flow")).to_contain_text("Colors flowing to this seat in pack")


def test_a_phone_sees_the_bots_pick_and_why_beside_its_own(
        browser: Browser, server: str, drafted: dict[str, Any]) -> None:
    pod_id, token = drafted["pod"]["pod_id"], drafted["seat"]["seat_token"]
    listing: Any = call_api(server, "GET", f"/api/pods/{pod_id}/replay", token=token)
    mine = listing["you"]["seat"]
    page = mobile_context(browser, width=390).new_page()
    page.goto(f"{server}/pods/{pod_id}/replay?lang=en#seat_token={token}")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-seat")).to_have_value(str(mine))
    check_seat(page, server, pod_id, token, mine)
    screenshot(page, "replay-coach-390")
    assert page_overflow(page) == 0
    page.context.close()


@pytest.mark.parametrize("seat", [0, 1])
def test_the_host_opens_each_seat_and_is_coached_there(
        browser: Browser, server: str, drafted: dict[str, Any], seat: int) -> None:
    pod_id, token = drafted["pod"]["pod_id"], drafted["pod"]["host_token"]
    page = mobile_context(browser, width=390).new_page()
    page.goto(f"{server}/pods/{pod_id}/replay?lang=en&seat={seat}#host_token={token}")
    expect(page.locator("#replay")).to_be_visible()
    expect(page.locator("#replay-seat")).to_have_value(str(seat))
    check_seat(page, server, pod_id, token, seat)
    page.locator("#replay-seat").select_option(str(1 - seat))  # the other seat, then back
    expect(page.locator("#replay-where")).to_contain_text("(1 of ")
    page.locator("#replay-seat").select_option(str(seat))
    expect(page.locator("#replay-coach")).to_contain_text(
        expected_coach(server, pod_id, token, seat, 0))
    page.context.close()
