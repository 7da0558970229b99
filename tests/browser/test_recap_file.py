"""The night recap: the downloaded HTML file opens from a file:// URL with no server, no
script and not one network request; the served page prints without its buttons; the host
screen offers the recap with a QR code once the rule shows every seat, and not before."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Request, Route, expect

from tests.browser.support import call_api, mobile_context, page_overflow, screenshot
from tests.browser.test_accessibility import Findings
from tests.browser.test_languages import finish_draft

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def drafted_with_deck(server: str, mode: str) -> dict[str, Any]:
    pod: Any = call_api(server, "POST", "/api/pods",
                        {"set": "CMR", "seats": 2, "seed": 8, "replay_visibility": mode})
    seat: Any = call_api(server, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Ann"})
    call_api(server, "POST", f"/api/pods/{pod['pod_id']}/start", token=pod["host_token"])
    finish_draft(server, pod["pod_id"], seat["seat_token"])
    me: Any = call_api(server, "GET", f"/api/pods/{pod['pod_id']}/me", token=seat["seat_token"])
    eligible = me["commander_choices"]["eligible"]
    commander = {"card_id": eligible[0]} if eligible else {"piper": True, "color": "W"}
    main = [c["id"] for c in me["pool"] if c["id"] not in eligible[:1]][:30]
    call_api(server, "PUT", f"/api/pods/{pod['pod_id']}/deck",
             {"commanders": [commander], "main": main, "basics": {"Plains": 8}},
             token=seat["seat_token"])
    return {"pod": pod, "seat": seat}


@pytest.mark.parametrize("language", ["en", "ru", "it"])
def test_the_recap_file_opens_from_a_file_url_with_no_network(
    browser: Browser, server: str, tmp_path: Path, language: str
) -> None:
    night = drafted_with_deck(server, "after_draft")
    pod_id, token = night["pod"]["pod_id"], night["pod"]["host_token"]
    response = httpx.get(f"{server}/api/pods/{pod_id}/recap.html", params={"lang": language},
                         headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200
    file = tmp_path / f"recap-{language}.html"
    file.write_bytes(response.content)

    context = mobile_context(browser, width=360)
    context.set_offline(True)
    context.unroute("**/*")
    requests: list[str] = []

    def block(route: Route) -> None:
        if route.request.url == file.as_uri():  # the file itself, read from the disk
            route.continue_()
            return
        requests.append(route.request.url)
        route.abort()

    def seen(request: Request) -> None:
        if request.url != file.as_uri():
            requests.append(request.url)

    context.route("**/*", block)
    page = context.new_page()
    page.on("request", seen)
    page.goto(file.as_uri())
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(".recap-player")).to_have_count(2)
    expect(page.locator(".recap-players")).to_contain_text("Ann")
    expect(page.locator(".recap-commanders")).to_have_count(1)
    border = page.eval_on_selector(".recap-player", "n => getComputedStyle(n).borderTopStyle")
    assert border == "solid", "the inlined CSS applies"
    assert page.locator(".recap-curve").count() == 1
    assert page_overflow(page) == 0
    page.wait_for_timeout(300)
    assert requests == [], f"the file asked the network: {requests}"
    findings = Findings()  # the downloaded file too reads at WCAG AA (its own CSS, no app.css)
    findings.check(page, f"recap file ({language})")
    assert findings.found == {}, findings.found
    screenshot(page, f"recap-file-{language}", full_page=True)
    context.close()


def test_the_recap_file_needs_no_script(browser: Browser, server: str, tmp_path: Path) -> None:
    night = drafted_with_deck(server, "after_draft")
    response = httpx.get(f"{server}/api/pods/{night['pod']['pod_id']}/recap.html",
                         headers={"Authorization": f"Bearer {night['seat']['seat_token']}"})
    file = tmp_path / "recap.html"
    file.write_bytes(response.content)
    context = browser.new_context(java_script_enabled=False, offline=True)
    page = context.new_page()
    page.goto(file.as_uri())
    expect(page.locator(".recap-player")).to_have_count(2)
    expect(page.locator(".recap-games, .recap .muted").first).to_be_visible()
    context.close()


def test_the_host_screen_offers_the_recap_once_the_rule_allows(
    browser: Browser, server: str
) -> None:
    waiting = drafted_with_deck(server, "after_night")
    open_now = drafted_with_deck(server, "after_draft")
    context = mobile_context(browser, width=390)
    page = context.new_page()
    pod = waiting["pod"]
    page.goto(f"{server}/pods/{pod['pod_id']}/host#host_token={pod['host_token']}")
    expect(page.locator("#host-replay")).to_be_visible()
    expect(page.locator("#recap-offer")).to_be_hidden()
    call_api(server, "POST", f"/api/pods/{pod['pod_id']}/end", token=pod["host_token"])
    page.reload()
    expect(page.locator("#recap-offer")).to_be_visible()
    pod = open_now["pod"]
    page.goto(f"{server}/pods/{pod['pod_id']}/host#host_token={pod['host_token']}")
    expect(page.locator("#recap-offer")).to_be_visible()
    qr = page.locator(".recap-qr")
    qr.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('.recap-qr').naturalWidth > 0")
    page.locator("#recap-link").click()
    expect(page.locator("#recap")).to_be_visible()
    expect(page.locator(".recap-player")).to_have_count(2)
    assert page_overflow(page) == 0
    page.emulate_media(media="print")
    expect(page.locator(".recap-actions")).to_be_hidden()
    expect(page.locator(".topbar")).to_be_hidden()
    page.emulate_media(media="screen")
    with page.expect_download() as download:
        page.locator("#recap-html").click()
    recap: Any = call_api(server, "GET", f"/api/pods/{pod['pod_id']}/recap",
                          token=pod["host_token"])
    assert download.value.suggested_filename == f"{recap['held']}_recap.html"
    held = date.fromisoformat(recap["held"])
    expect(page).to_have_title(f"Night recap · {held:%B} {held.day}, {held.year}")
    expect(page.locator("#recap h1")).to_have_text(page.title())
    context.close()
