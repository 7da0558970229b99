"""The draft replay on a phone: arrow keys through a whole replay and swipes both ways,
jump to a round, the pool as it grew, the zoom dialog on a card, nothing wider than the
screen, in English, Russian and Italian at 360 and 390 px (a mobile context with touch)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import call_api, mobile_context, page_overflow, screenshot
from tests.browser.test_languages import finish_draft

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PACK_WORD = {"en": "Pack", "ru": "Пак", "it": "Busta"}
PICKS = 30


@pytest.fixture(scope="module")
def drafted(server: str) -> dict[str, Any]:
    """A two-seat pod (one person, one bot) drafted to the end, every seat open at once."""
    pod: Any = call_api(server, "POST", "/api/pods",
                        {"set": "CMR", "seats": 2, "seed": 5, "replay_visibility": "after_draft"})
    seat: Any = call_api(server, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Ann"})
    call_api(server, "POST", f"/api/pods/{pod['pod_id']}/start", token=pod["host_token"])
    finish_draft(server, pod["pod_id"], seat["seat_token"])
    return {"pod": pod, "seat": seat}


def open_replay(browser: Browser, server: str, drafted: dict[str, Any], width: int,
                language: str) -> Page:
    context = mobile_context(browser, width=width)
    page = context.new_page()
    pod_id, token = drafted["pod"]["pod_id"], drafted["seat"]["seat_token"]
    page.goto(f"{server}/pods/{pod_id}/replay?lang={language}#seat_token={token}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#replay")).to_be_visible()
    return page


def where(page: Page) -> str:
    return page.locator("#replay-where").inner_text()


def swipe(page: Page, left: bool) -> None:
    """A real touch swipe across the pack (Chromium's touch input, as a finger gives it)."""
    cdp = page.context.new_cdp_session(page)
    y = 420
    start_x, end_x = (300, 60) if left else (60, 300)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                          "touchPoints": [{"x": start_x, "y": y}]})
    for step in range(1, 5):
        x = start_x + (end_x - start_x) * step / 4
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove",
                                              "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def pool_size(page: Page) -> int:
    return page.locator("#replay-pool .card-row").count()


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("language", ["en", "ru", "it"])
def test_keys_walk_a_whole_replay_that_fits_and_a_swipe_moves_a_pick(
    browser: Browser, server: str, drafted: dict[str, Any], width: int, language: str
) -> None:
    """Every pick of the replay fits the screen in every language and width; a swipe
    moves one pick each way there too (the whole walk by swipes is the next test)."""
    page = open_replay(browser, server, drafted, width, language)
    expect(page.locator(".replay-round").first).to_have_text(f"{PACK_WORD[language]} 1")
    assert "1" in where(page) and f"{PICKS}" in where(page)
    expect(page.locator("#replay-prev")).to_be_disabled()
    assert pool_size(page) == 2
    assert page.locator("#replay-pack .card-cell.is-taken").count() == 2
    for step in range(2, PICKS + 1):  # the arrow keys, forward through every pick
        page.keyboard.press("ArrowRight")
        expect(page.locator("#replay-pool .card-row")).to_have_count(2 * step)
        assert page_overflow(page) == 0, f"wider than {width} px at pick {step}"
    expect(page.locator("#replay-next")).to_be_disabled()
    screenshot(page, f"replay-{language}-{width}-last")
    swipe(page, left=False)  # a swipe to the right goes back a pick
    expect(page.locator("#replay-pool .card-row")).to_have_count(2 * (PICKS - 1))
    swipe(page, left=True)  # and one to the left forward again
    expect(page.locator("#replay-pool .card-row")).to_have_count(2 * PICKS)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-pool .card-row")).to_have_count(2 * (PICKS - 1))
    page.context.close()


def test_swipes_walk_a_whole_replay_back_and_forth(
    browser: Browser, server: str, drafted: dict[str, Any]
) -> None:
    """The gesture is the same code in every language and width: walked whole once."""
    page = open_replay(browser, server, drafted, 360, "ru")
    for step in range(2, PICKS + 1):  # a swipe to the left goes forward, pick by pick
        swipe(page, left=True)
        expect(page.locator("#replay-pool .card-row")).to_have_count(2 * step)
    expect(page.locator("#replay-next")).to_be_disabled()
    for step in range(PICKS - 1, 0, -1):  # and a swipe to the right back to the first
        swipe(page, left=False)
        expect(page.locator("#replay-pool .card-row")).to_have_count(2 * step)
    expect(page.locator("#replay-prev")).to_be_disabled()
    page.context.close()


@pytest.mark.parametrize("language", ["en", "ru", "it"])
def test_jump_to_a_round_and_zoom_a_card(
    browser: Browser, server: str, drafted: dict[str, Any], language: str
) -> None:
    page = open_replay(browser, server, drafted, 360, language)
    page.locator(".replay-round").nth(2).click()
    expect(page.locator(".replay-round").nth(2)).to_have_attribute("aria-current", "true")
    expect(page.locator("#replay-pool .card-row")).to_have_count(2 * 21)
    assert page.locator("#replay-pack .card-cell").count() == 20  # round 3 opens a full pack
    wheel = page.locator("#replay-pack .card-cell.is-wheeled")
    assert wheel.count() > 0, "at two seats, the first pack of a round comes back"
    page.locator("#replay-pack .card-details").first.click()
    dialog = page.locator("dialog.zoom")
    expect(dialog).to_be_visible()
    name = page.locator("#replay-pack .card-name").first.inner_text()
    expect(page.locator("#zoom-title")).to_have_text(name)
    page.keyboard.press("ArrowRight")  # the keys do not move the replay under the dialog
    expect(page.locator("#replay-pool .card-row")).to_have_count(2 * 21)
    assert page_overflow(page) == 0
    screenshot(page, f"replay-zoom-{language}")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.locator("#replay-wheeled .card-details").first.click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    page.locator("#replay-pool .card-details").first.click()
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    page.locator("#replay-seat").select_option(index=1)  # the bot's seat
    expect(page.locator("#replay-pool .card-row")).to_have_count(2)
    page.context.close()


def test_a_hidden_draft_says_so(browser: Browser, server: str) -> None:
    pod: Any = call_api(server, "POST", "/api/pods",
                        {"set": "CMR", "seats": 2, "seed": 6, "replay_visibility": "nobody"})
    seat: Any = call_api(server, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Bo"})
    call_api(server, "POST", f"/api/pods/{pod['pod_id']}/start", token=pod["host_token"])
    finish_draft(server, pod["pod_id"], seat["seat_token"])
    page = mobile_context(browser, width=360).new_page()
    page.goto(f"{server}/pods/{pod['pod_id']}/replay#seat_token={seat['seat_token']}")
    expect(page.locator("#replay-hidden")).to_be_visible()
    expect(page.locator("#replay-rule")).to_contain_text("Nobody sees the draft picks")
    expect(page.locator("#replay")).to_be_hidden()
    page.context.close()


def test_the_host_chooses_in_the_lobby_and_the_phone_shows_it(
    browser: Browser, server: str
) -> None:
    pod: Any = call_api(server, "POST", "/api/pods", {"set": "CMR", "seats": 2, "seed": 7})
    seat: Any = call_api(server, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Cy"})
    phone = mobile_context(browser, width=360).new_page()
    phone.goto(f"{server}/pods/{pod['pod_id']}/seat?lang=it#seat_token={seat['seat_token']}")
    expect(phone.locator("#lobby-reveal")).to_contain_text(
        "quelle di tutti quando l'host chiude la serata")
    host = mobile_context(browser, width=390).new_page()
    host.goto(f"{server}/pods/{pod['pod_id']}/host#host_token={pod['host_token']}")
    choice = host.locator("#lobby-reveal-choice")
    expect(choice).to_have_value("after_night")
    choice.select_option("own_seat")
    expect(host.locator("#host-reveal")).to_contain_text("their own picks only")
    expect(phone.locator("#lobby-reveal")).to_contain_text("solo le proprie scelte")
    assert page_overflow(phone) == 0
    phone.context.close()
    host.context.close()
