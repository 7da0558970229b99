"""'Suggest a deck' on a 360 px phone in English, Russian and Italian: the builder fills
with a legal 60-card deck, nothing reaches the server until the player submits, and a
card changed by hand goes in with the submitted deck."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import SMALL_BUTTONS, call_api, mobile_context, screenshot
from tests.browser.test_languages import OVERFLOWING, finish_draft

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WORDS = {
    "en": {"suggest": "Suggest a deck", "suggested": "Suggested:", "submit": "Submit deck"},
    "ru": {"suggest": "Предложить колоду", "suggested": "Предложено:", "submit": "Сдать колоду"},
    "it": {"suggest": "Suggerisci un mazzo", "suggested": "Suggerito:",
           "submit": "Consegna il mazzo"},
}


def drafted_seat(base: str) -> tuple[Any, Any]:
    """A two-seat CMR pod (one bot) whose one person has finished drafting."""
    pod: Any = call_api(base, "POST", "/api/pods", {"set": "CMR", "seats": 2, "bots": True})
    seat: Any = call_api(base, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Mila"})
    call_api(base, "POST", f"/api/pods/{pod['pod_id']}/start", token=pod["host_token"])
    finish_draft(base, pod["pod_id"], seat["seat_token"])
    return pod, seat


@pytest.mark.parametrize("language", ["en", "ru", "it"])
def test_suggest_change_a_card_and_submit_on_a_small_phone(
    server: str, browser: Browser, language: str
) -> None:
    words = WORDS[language]
    pod, seat = drafted_seat(server)
    me_path = f"/api/pods/{pod['pod_id']}/me"
    context = mobile_context(browser, width=360, height=740)
    page = context.new_page()
    page.goto(f"{server}/pods/{pod['pod_id']}/seat?lang={language}"
              f"#seat_token={seat['seat_token']}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#builder")).to_be_visible()

    page.get_by_role("button", name=words["suggest"]).click()
    expect(page.locator("#suggestion")).to_contain_text(words["suggested"])
    expect(page.locator("#deck-count")).to_have_text(re.compile(r"^60/60"))
    assert page.locator("#suggestion li").count() >= 2  # the summary and the commanders
    assert page.evaluate(OVERFLOWING) == []
    assert page.evaluate(SMALL_BUTTONS) == []
    screenshot(page, f"suggest-{language}-360")
    me: Any = call_api(server, "GET", me_path, token=seat["seat_token"])
    assert me["deck"] is None  # filled on the phone only

    removed = page.locator("#in-deck li").first
    removed_id = int(removed.get_attribute("data-card-id") or "-1")
    removed.locator("button").last.click()  # Remove
    expect(page.locator("#deck-count")).to_have_text(re.compile(r"^59/60"))
    page.locator("#basics .stepper:not(.dim) button").nth(1).click()  # one more basic
    expect(page.locator("#deck-count")).to_have_text(re.compile(r"^60/60"))

    page.get_by_role("button", name=words["submit"]).click()
    expect(page.locator("#deck-summary .verdict.ok")).to_be_visible()
    me = call_api(server, "GET", me_path, token=seat["seat_token"])
    assert me["deck"]["report"]["legal"] is True, me["deck"]["report"]
    assert removed_id not in me["deck"]["deck"]["main"]
    assert sum(me["deck"]["deck"]["basics"].values()) + len(me["deck"]["deck"]["main"]) \
        + len(me["deck"]["deck"]["commanders"]) == 60
    screenshot(page, f"suggest-{language}-submitted")
    context.close()
