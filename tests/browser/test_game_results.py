"""The end of a game on phones: conceding (with its confirm step), the result every phone
sees and confirms, achievements claimed and confirmed — in English, Russian and Italian,
on 360 and 390 px wide phones, with nothing wider than the screen."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from server.i18n.catalogs import translations
from tests.browser.support import SMALL_BUTTONS, mobile_context, page_overflow, screenshot
from tests.server.support.builders import play_tables

pytestmark = pytest.mark.browser

FITS = "document.documentElement.scrollWidth <= window.innerWidth"
WIDTHS = (390, 360)
"""Each checked page is laid out at every width, the narrowest last (it stays there)."""
LANGUAGES = ("en", "ru", "it")
SCREEN_IS = "w => screen.width === w"
"""The phone's new width is in force (the screen's width, unlike the layout's, does not
grow with content that overflows)."""


def fits(page: Page) -> None:
    """Nothing wider than the screen and no small buttons, at each phone width."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_function(SCREEN_IS, arg=width)
        assert page.evaluate(FITS), (width, page.evaluate("document.documentElement.scrollWidth"))
        assert page_overflow(page) == 0, width
        assert page.evaluate(SMALL_BUTTONS) == [], width


class Phone:
    """One player's phone in one language (a player's phones all hold her seat)."""

    def __init__(self, page: Page, lang: str) -> None:
        self.page = page
        self.lang = lang
        self._: Callable[[str], str] = translations(lang).gettext


def test_conceding_and_confirming_the_result_on_phones(server: str, browser: Browser) -> None:
    """One game, seen by Ann and Cid each on a phone in every language: each phone passes
    every check of its screen at 360 and 390 px, and what one phone does shows on all the
    others. (One game serves every language and width: a width or a language changes only
    how a screen is laid out, which `fits` checks at each step.)"""
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=21)
        response = client.put(pod.url("/achievements"), headers=pod.host, json={
            "achievements": [{"name": "First blood", "points": 2}]})
        assert response.status_code == 200, response.text
    phones: dict[str, list[Phone]] = {"Ann": [], "Cid": []}
    for name, own in phones.items():
        for lang in LANGUAGES:
            page = mobile_context(browser, width=WIDTHS[-1]).new_page()
            page.goto(f"{server}/pods/{pod.pod_id}/seat?lang={lang}"
                      f"#seat_token={seats[name].token}")
            expect(page.locator("#game-board .life-card")).to_have_count(3)
            own.append(Phone(page, lang))
    anns, cids = phones["Ann"], phones["Cid"]
    everyone = anns + cids

    # "I concede" asks first; cancelling changes nothing.
    for cid in cids:
        cid.page.get_by_role("button", name=cid._("I concede")).click()
        expect(cid.page.get_by_text(cid._("Concede this game?"))).to_be_visible()
        fits(cid.page)
        cid.page.get_by_role("button", name=cid._("Cancel")).click()
        expect(cid.page.locator(".life-card.out")).to_have_count(0)
    first = cids[0]
    first.page.get_by_role("button", name=first._("I concede")).click()
    first.page.get_by_role("button", name=first._("Yes, concede")).click()
    for phone in everyone:
        expect(phone.page.locator(".life-card.out")).to_have_count(1)
    for cid in cids:
        expect(cid.page.get_by_role("button", name=cid._("Take back my concession"))
               ).to_be_visible()
        fits(cid.page)

    # Bob concedes on his own phone (here: its request): Ann is the last one in and wins.
    with httpx.Client(base_url=server, timeout=30) as client:
        response = client.post(pod.url("/games/1/concede"), headers=seats["Bob"].auth, json={})
        assert response.status_code == 200, response.text
    for phone in everyone:
        placings = phone.page.locator(".game-result .placings li")
        expect(placings).to_have_count(3)
        expect(placings.first).to_contain_text("Ann")
        expect(phone.page.locator(".game-result strong").first).to_have_text(phone._("Result"))
    for cid in cids:
        expect(cid.page.locator(".game-result .placings li").nth(1)).to_contain_text("Bob")
        expect(cid.page.locator(".game-result .placings li").nth(2)).to_contain_text("Cid")
        expect(cid.page.locator(".confirmations")).to_have_text(
            cid._("Nobody has confirmed this result yet."))
    for ann in anns:
        fits(ann.page)

    confirming = anns[1]
    confirming.page.get_by_role("button", name=confirming._("Confirm"), exact=True).click()
    for ann in anns:
        expect(ann.page.get_by_text(ann._("You confirmed this result."))).to_be_visible()
    for cid in cids:
        expect(cid.page.locator(".confirmations")).to_have_text(
            cid._("Confirmed by {names}").format(names="Ann"))

    # An achievement: Ann claims it on her phone, Cid confirms it, it counts for Ann.
    for phone in everyone:
        phone.page.locator("summary", has_text=phone._("Achievements")).click()
    claiming, confirming = anns[0], cids[1]
    claiming.page.get_by_role("button", name=claiming._("Claim"), exact=True).click()
    confirming.page.locator(".claims li").get_by_role(
        "button", name=confirming._("Confirm")).click()
    for ann in anns:
        expect(ann.page.locator(".awards li")).to_have_text("Ann: First blood (+2)")
    for phone in everyone:
        fits(phone.page)
    for cid in cids:
        for width in WIDTHS:
            cid.page.set_viewport_size({"width": width, "height": 800})
            cid.page.wait_for_function(SCREEN_IS, arg=width)
            screenshot(cid.page, f"game-result-{cid.lang}-{width}", full_page=True)
    for phone in everyone:
        phone.page.context.close()


def test_the_host_calls_time_and_corrects_the_result(server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=22)
    phone = mobile_context(browser, width=360).new_page()
    phone.goto(f"{server}/pods/{pod.pod_id}/seat#seat_token={seats['Bob'].token}")
    expect(phone.locator("#game-board .life-card")).to_have_count(3)
    host = mobile_context(browser, width=390).new_page()
    host.goto(f"{server}/pods/{pod.pod_id}/host#host_token={pod.host_token}")
    host.get_by_role("button", name="Call time (a draw)").click()
    expect(phone.locator(".game-result strong").first).to_have_text("Result: a draw")
    expect(phone.locator(".game-result .placings .place")).to_have_text(["1.", "1.", "1."])

    host.locator("summary", has_text="Correct the result").click()
    host.get_by_label("Place of Ann").select_option("2")
    host.get_by_label("Place of Bob").select_option("1")
    host.get_by_label("Place of Cid").select_option("3")
    host.get_by_role("button", name="Save the result").click()
    expect(phone.locator(".game-result .placings li").first).to_contain_text("Bob")
    expect(phone.get_by_text("set by the host")).to_be_visible()
    expect(phone.locator(".badge.win")).to_have_text("Winner: Bob")
    fits(phone)
    assert page_overflow(host) == 0
    for page in (phone, host):
        page.context.close()


def test_the_hosts_winner_select_says_the_winner_its_badge_says(
        server: str, browser: Browser) -> None:
    """Issue 40: "Winner: Bob" stood beside a "No winner yet" select. Whoever set the
    winner (the host's select, the host's correction, the players), the select agrees."""
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=22)
        host = mobile_context(browser, width=390).new_page()
        host.goto(f"{server}/pods/{pod.pod_id}/host#host_token={pod.host_token}")
        chosen = host.locator("select[aria-label='Winner of table 1'] option:checked")
        expect(chosen).to_have_text("No winner yet")
        host.get_by_label("Winner of table 1").select_option(label="Ann")
        expect(host.locator(".badge.win")).to_have_text("Winner: Ann")
        expect(chosen).to_have_text("Ann")

        host.locator("summary", has_text="Correct the result").click()
        host.get_by_label("Place of Ann").select_option("2")
        host.get_by_label("Place of Bob").select_option("1")
        host.get_by_label("Place of Cid").select_option("3")
        host.get_by_role("button", name="Save the result").click()
        expect(host.locator(".badge.win")).to_have_text("Winner: Bob")
        expect(chosen).to_have_text("Bob")

        answer = client.post(pod.url("/games/1/winner"), headers=pod.host,
                             json={"player_id": seats["Cid"].player_id})
        assert answer.status_code == 200, answer.text
        expect(host.locator(".badge.win")).to_have_text("Winner: Cid")
        expect(chosen).to_have_text("Cid")
    host.context.close()
