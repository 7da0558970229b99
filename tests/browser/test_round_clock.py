"""The round's clock in Chromium: the deckbuilding countdown and a round's clock on the TV at
1280×720 and 1920×1080 (digits measured: at 1920×1080 at least 64 px, two thirds of that
at 720 p; nothing outside the screen, no scrollbar), the host starting it from the night's
host screen, and at time the store's rule on a phone at an unfinished table (360 px) and
the tables still playing on the host screen.

No assertion waits on wall time: the clock is ended by the host, never left to run out."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import NO_SIDEWAYS_SCROLL, mobile_context, new_context, screenshot
from tests.browser.test_screen_layout import assert_readable, clock_on, night_of, start
from tests.browser.test_store_screen import TVS, auth, draft

pytestmark = pytest.mark.browser

def tv_page(browser: Browser, tv: str, url: str) -> Page:
    page = new_context(browser, viewport=TVS[tv]).new_page()
    page.goto(url)
    return page


def test_the_deckbuilding_countdown_and_the_round_clock_read_from_across_the_room(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as http:
        night = night_of(http, 8)
        event, host = night["event_id"], night["host"]
        pod_ids = start(http, night)
        seats = [(http.get(f"/api/events/{event}/me", headers=auth(token)).json()["pod_id"], token)
                 for token in night["tokens"]]
        draft(http, seats)
        # Building: the host gives the room 25 minutes to build (round 0).
        counted = http.post(f"/api/events/{event}/clock", headers=host,
                            json={"action": "start", "round": 0, "minutes": 25})
        assert counted.status_code == 200, counted.text
        for tv in TVS:
            page = tv_page(browser, tv, night["screen_url"])
            found = clock_on(page, tv)
            assert "Deckbuilding" in found["text"] and re.search(r"2[45]:\d\d", found["text"])
            assert_readable(page, tv, big=False)
            screenshot(page, f"tv-{tv}-building-countdown")
            page.context.close()
        phone = mobile_context(browser, width=360).new_page()
        pod, token = seats[0]
        phone.goto(f"{server}/pods/{pod}/seat#seat_token={token}")
        expect(phone.locator("#round-clock .clock-title")).to_have_text("Deckbuilding")
        assert phone.evaluate(NO_SIDEWAYS_SCROLL) <= 360

        for pod_id in pod_ids:
            split = http.post(f"/api/pods/{pod_id}/tables", headers=host,
                              json={"without_decks": True, "clock_minutes": None})
            assert split.status_code == 200, split.text
        # Playing: the host starts round 1's clock of 50 minutes from the host screen.
        token_of_host = host["Authorization"].removeprefix("Bearer ")
        desk = new_context(browser, viewport={"width": 1280, "height": 800}).new_page()
        desk.goto(f"{server}/events/{event}/host#host_token={token_of_host}")
        expect(desk.locator("#clock-title")).to_have_text("Round 1: the clock")
        desk.locator("#clock-minutes").fill("50")
        desk.get_by_role("button", name="Start the clock").click()
        expect(desk.locator("#host-clock .clock-digits")).to_have_text(
            re.compile(r"^(50:00|49:\d\d)$"))
        for tv in TVS:
            page = tv_page(browser, tv, night["screen_url"])
            found = clock_on(page, tv)
            assert "Round 1" in found["text"]
            assert_readable(page, tv)  # the tables' names and life totals beside the clock
            screenshot(page, f"tv-{tv}-playing-clock")
            page.context.close()

        # At time: the host ends the round; every unfinished table reads the store's rule.
        rule = http.post(f"/api/events/{event}/clock", headers=host,
                         json={"action": "rule", "round": 1, "rule": "one_more_turn"})
        assert rule.status_code == 200, rule.text
        desk.once("dialog", lambda dialog: dialog.accept())
        desk.get_by_role("button", name="End the round").click()
        expect(desk.locator("#still-playing")).to_have_text(  # one pod of eight: two tables
            "Still playing: Round 1 · Table 1, Round 1 · Table 2")
        expect(phone.locator("#round-clock .clock-rule")).to_have_text("Time: one more turn each")
        expect(phone.locator("#table-title")).to_have_text(re.compile(r"^Round 1 · Table \d$"))
        assert phone.evaluate(NO_SIDEWAYS_SCROLL) <= 360
        screenshot(phone, "phone-at-time", full_page=True)
        phone.goto(f"{server}/pods/{pod}/seat?lang=ru")
        expect(phone.locator("#round-clock .clock-rule")).to_have_text(
            "Время: каждый делает ещё один ход")
        tv = tv_page(browser, "1080p", night["screen_url"])
        expect(tv.locator("#round-clock")).to_have_attribute("data-state", "time")
        screenshot(tv, "tv-1080p-at-time")
        for page in (tv, phone, desk):
            page.context.close()


CONTROLS_FIT = """() => {
  const clipped = [], outside = [];
  const shown = '#clock-section :is(button, select, label, .clock-digits)';
  for (const node of document.querySelectorAll(shown)) {
    const box = node.getBoundingClientRect();
    if (box.left < -0.5 || box.right > innerWidth + 0.5) outside.push(node.textContent);
    if (node.scrollWidth > node.clientWidth + 1) clipped.push(node.textContent);
  }
  return {clipped, outside, wide: document.scrollingElement.scrollWidth - innerWidth,
          texts: [...document.querySelectorAll('#clock-controls button')]
            .map((b) => b.textContent)};
}"""


def test_round_ones_length_is_set_beside_the_split_and_the_clock_controls_fit_in_ru_and_it(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as http:
        night = night_of(http, 8)
        event, host = night["event_id"], night["host"]
        (pod_id,) = start(http, night)
        seats = [(pod_id, token) for token in night["tokens"]]
        draft(http, seats)
        token_of_host = host["Authorization"].removeprefix("Bearer ")
        # The pod's host page: the round's length beside "Split tables".
        desk = new_context(browser, viewport={"width": 1280, "height": 800}).new_page()
        desk.goto(f"{server}/pods/{pod_id}/host?lang=en#host_token={token_of_host}")
        desk.get_by_label("Round length (minutes)").fill("45")
        desk.on("dialog", lambda dialog: dialog.accept())  # no legal decks yet: split anyway
        # The split's own answer, not the phase: the socket says "Playing" when the tables
        # are made, a moment before the same request starts round 1's clock.
        with desk.expect_response(lambda answer: answer.request.method == "POST"
                                  and answer.url.endswith("/tables")) as split:
            desk.get_by_role("button", name="Split tables").click()
        assert split.value.ok, split.value.status
        expect(desk.locator("#phase")).to_have_text("Playing")
        expect(desk.get_by_label("Round length (minutes)")).to_have_count(0)
        clock = http.get(f"/api/events/{event}/host", headers=host).json()["round_clock"]
        assert (clock["round"], clock["length_seconds"]) == (1, 45 * 60), clock
        desk.context.close()
        # The night's host screen's clock controls, in Russian and Italian, on a laptop and
        # on the host's phone: every button and the rule select on the screen, none cut.
        words = {"ru": ("Пауза", "Закончить раунд"), "it": ("Pausa", "Termina il round")}
        for language, (pause, end) in words.items():
            for width in (1280, 360):
                context = (new_context(browser, viewport={"width": width, "height": 800})
                           if width > 400 else mobile_context(browser, width=width))
                page = context.new_page()
                page.goto(f"{server}/events/{event}/host?lang={language}"
                          f"#host_token={token_of_host}")
                expect(page.locator("#host-clock .clock-digits")).to_have_text(
                    re.compile(r"^(45:00|44:\d\d)$"))
                expect(page.locator("#clock-controls button").first).to_be_visible()
                found = page.evaluate(CONTROLS_FIT)
                assert found["clipped"] == [] and found["outside"] == [], found
                assert found["wide"] <= 0, found
                assert pause in found["texts"] and end in found["texts"], found
                screenshot(page, f"night-host-clock-{language}-{width}")
                page.context.close()
