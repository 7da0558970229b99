"""The pick screen and the deck builder in Russian and Italian on small phones: every
word translated, nothing overflowing or clipped, and a screenshot of each for a human.

Russian arrives by the browser's Accept-Language; Italian by tapping the switcher, which
must then be remembered across reloads.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import SMALL_BUTTONS, call_api, new_context, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})
PICKS_PER_PLAYER = 30
# Text a person reads, outside card tiles (card names stay English and may be ellipsized).
OVERFLOWING = """() => {
  const root = document.documentElement;
  const bad = [];
  if (root.scrollWidth > root.clientWidth) bad.push({text: 'page', width: root.scrollWidth});
  const nodes = document.querySelectorAll(
    'button, .btn, label, .tab, .timer, .direction, .pill, .notice, .verdict, h1, h2, h3,'
    + ' .lang-switch a, .problem-list li, #pack-counter, #pick-counter, select');
  for (const node of nodes) {
    // A visually hidden heading is clipped by design: read aloud, never shown.
    if (node.offsetParent === null || node.closest('.card, .card-row, .visually-hidden')) continue;
    if (node.scrollWidth > node.clientWidth + 1) {
      bad.push({text: node.textContent.trim().slice(0, 60), scroll: node.scrollWidth,
                client: node.clientWidth});
    }
  }
  return bad;
}"""
WORDS = {
    "ru": {"take": "Выберите 2 карты",
           "timer": r"^Осталось \d+ секунд[ы]?$|^Осталась \d+ секунда$",
           "submit": "Сдать колоду", "size_problem": "В колоде 0 карт, а должно быть не меньше 60.",
           "side": "Сайдборд · 60 карт", "pack": "Пак 1 из 3"},
    "it": {"take": "Scegli 2 carte", "timer": r"^Mancano? \d+ second[io]$",
           "submit": "Consegna il mazzo",
           "size_problem": "Il tuo mazzo ha 0 carte; deve averne almeno 60.",
           "side": "Sideboard · 60 carte", "pack": "Busta 1 di 3"},
}


def new_pod(base: str) -> tuple[Any, Any]:
    pod: Any = call_api(base, "POST", "/api/pods",
                        {"set": "CMR", "seats": 2, "bots": True, "pick_timer_seconds": 90})
    seat: Any = call_api(base, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Ljudmila"})
    call_api(base, "POST", f"/api/pods/{pod['pod_id']}/start", token=pod["host_token"])
    return pod, seat


def finish_draft(base: str, pod_id: str, token: str) -> None:
    """Every pick of the one human seat, through the API (the UI is not under test here)."""
    for _ in range(PICKS_PER_PLAYER * 4):
        me: Any = call_api(base, "GET", f"/api/pods/{pod_id}/me", token=token)
        if me["phase"] != "drafting":
            return
        if me.get("pack"):
            cards = [card["id"] for card in me["pack"][: me["picks_needed"]]]
            call_api(base, "POST", f"/api/pods/{pod_id}/picks",
                     {"pick": me["pick"], "cards": cards}, token=token)
    raise AssertionError("the draft did not finish")


def open_seat(browser: Browser, base: str, pod: Any, seat: Any, language: str) -> Page:
    locale = "ru-RU" if language == "ru" else "en-US"
    context = new_context(browser, viewport=SIZES[0], locale=locale)
    page = context.new_page()
    url = f"{base}/pods/{pod['pod_id']}/seat#seat_token={seat['seat_token']}"
    page.goto(url)
    if language == "it":  # the switcher: a link that the server remembers in a cookie
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.locator(".lang-switch a[data-lang=it]").click()
        page.wait_for_url(re.compile(r"\?lang=it$"))
        page.goto(f"{base}/pods/{pod['pod_id']}/seat")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(f".lang-switch a[data-lang={language}]")).to_have_attribute(
        "aria-current", "true")
    return page


def check_fits(page: Page, name: str) -> None:
    for size in SIZES:
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        assert page.evaluate(OVERFLOWING) == [], (name, size)
        assert page.evaluate(SMALL_BUTTONS) == [], (name, size)
        screenshot(page, f"i18n-{name}-{size['width']}")


@pytest.mark.parametrize("language", ["ru", "it"])
def test_pick_screen_and_deck_builder_fit_small_phones(
    server: str, browser: Browser, language: str
) -> None:
    words = WORDS[language]
    pod, seat = new_pod(server)
    page = open_seat(browser, server, pod, seat, language)

    expect(page.locator("#pack-grid .card")).to_have_count(20)
    expect(page.locator("#pack-counter")).to_have_text(words["pack"])
    expect(page.locator("#take")).to_have_text(words["take"])
    expect(page.locator("#timer")).to_have_text(re.compile(words["timer"]))
    page.locator("#pack-grid .card").nth(0).click()
    check_fits(page, f"{language}-pick")

    finish_draft(server, pod["pod_id"], seat["seat_token"])
    expect(page.locator("#builder")).to_be_visible()
    expect(page.locator("#deck-cards h2").nth(1)).to_have_text(words["side"])
    page.get_by_role("button", name=words["submit"]).click()
    expect(page.locator("#deck-problems")).to_contain_text(words["size_problem"])
    page.locator("#deck-problems").scroll_into_view_if_needed()
    check_fits(page, f"{language}-builder")
    page.context.close()


@pytest.mark.parametrize("language", ["ru", "it"])
def test_start_page_and_host_screen_fit_a_phone(
    server: str, browser: Browser, language: str
) -> None:
    context = new_context(browser, viewport=SIZES[0])
    page = context.new_page()
    page.goto(f"{server}/?lang={language}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    assert page.evaluate(OVERFLOWING) == []
    screenshot(page, f"i18n-{language}-start-360")
    pod, _seat = new_pod(server)
    page.goto(f"{server}/pods/{pod['pod_id']}/host#host_token={pod['host_token']}")
    expect(page.locator("#seat-list li")).to_have_count(2)
    for size in (SIZES[0], {"width": 1280, "height": 800}):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        screenshot(page, f"i18n-{language}-host-{size['width']}")
        assert page.evaluate(OVERFLOWING) == [], size
    context.close()
