"""The end of a game on phones: conceding (with its confirm step), the result every phone
sees and confirms, achievements claimed and confirmed — in English, Russian and Italian,
on 360 and 390 px wide phones, with nothing wider than the screen."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from server.i18n.catalogs import translations
from tests.browser.support import SMALL_BUTTONS, mobile_context, page_overflow, screenshot
from tests.server.support.builders import play_tables

pytestmark = pytest.mark.browser

FITS = "document.documentElement.scrollWidth <= window.innerWidth"
WIDTHS = (360, 390)


def fits(page: Page) -> None:
    assert page.evaluate(FITS), page.evaluate("document.documentElement.scrollWidth")
    assert page_overflow(page) == 0
    assert page.evaluate(SMALL_BUTTONS) == []


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_conceding_and_confirming_the_result_on_phones(server: str, browser: Browser,
                                                       lang: str) -> None:
    """One game per language, seen on a 360 and a 390 px phone for each of Ann and Cid
    (both phones of a player hold her seat): each phone passes every check of its screen,
    and what one phone does shows on the other."""
    _ = translations(lang).gettext
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=21)
        response = client.put(pod.url("/achievements"), headers=pod.host, json={
            "achievements": [{"name": "First blood", "points": 2}]})
        assert response.status_code == 200, response.text
    phones: dict[tuple[str, int], Page] = {}
    for name in ("Ann", "Cid"):
        for width in WIDTHS:
            page = mobile_context(browser, width=width).new_page()
            page.goto(f"{server}/pods/{pod.pod_id}/seat?lang={lang}"
                      f"#seat_token={seats[name].token}")
            expect(page.locator("#game-board .life-card")).to_have_count(3)
            phones[name, width] = page
    anns = [phones["Ann", width] for width in WIDTHS]
    cids = [phones["Cid", width] for width in WIDTHS]
    everyone = anns + cids

    # "I concede" asks first; cancelling changes nothing.
    for cid in cids:
        cid.get_by_role("button", name=_("I concede")).click()
        expect(cid.get_by_text(_("Concede this game?"))).to_be_visible()
        fits(cid)
        cid.get_by_role("button", name=_("Cancel")).click()
        expect(cid.locator(".life-card.out")).to_have_count(0)
    cids[0].get_by_role("button", name=_("I concede")).click()
    cids[0].get_by_role("button", name=_("Yes, concede")).click()
    for page in everyone:
        expect(page.locator(".life-card.out")).to_have_count(1)
    for cid in cids:
        expect(cid.get_by_role("button", name=_("Take back my concession"))).to_be_visible()

    # Bob concedes on his own phone (here: its request): Ann is the last one in and wins.
    with httpx.Client(base_url=server, timeout=30) as client:
        response = client.post(pod.url("/games/1/concede"), headers=seats["Bob"].auth, json={})
        assert response.status_code == 200, response.text
    for page in everyone:
        expect(page.locator(".game-result .placings li")).to_have_count(3)
        expect(page.locator(".game-result .placings li").first).to_contain_text("Ann")
        expect(page.locator(".game-result strong").first).to_have_text(_("Result"))
    for cid in cids:
        expect(cid.locator(".game-result .placings li").nth(1)).to_contain_text("Bob")
        expect(cid.locator(".game-result .placings li").nth(2)).to_contain_text("Cid")
        expect(cid.locator(".confirmations")).to_have_text(
            _("Nobody has confirmed this result yet."))
    for ann in anns:
        fits(ann)

    anns[1].get_by_role("button", name=_("Confirm"), exact=True).click()
    for ann in anns:
        expect(ann.get_by_text(_("You confirmed this result."))).to_be_visible()
    confirmed = _("Confirmed by {names}").format(names="Ann")
    for cid in cids:
        expect(cid.locator(".confirmations")).to_have_text(confirmed)

    # An achievement: Ann claims it on her phone, Cid confirms it, it counts for Ann.
    for page in everyone:
        page.locator("summary", has_text=_("Achievements")).click()
    anns[0].get_by_role("button", name=_("Claim"), exact=True).click()
    cids[1].locator(".claims li").get_by_role("button", name=_("Confirm")).click()
    for ann in anns:
        expect(ann.locator(".awards li")).to_have_text("Ann: First blood (+2)")
    for page in everyone:
        fits(page)
    for width, cid in zip(WIDTHS, cids, strict=True):
        screenshot(cid, f"game-result-{lang}-{width}", full_page=True)
    for page in everyone:
        page.context.close()


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
