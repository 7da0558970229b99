"""When nobody arrives: the host screen offers its checklist if no phone has opened the
join page a while after the QR code appeared, and drops it once a player is in.

Why the wait is a setting here: the real minute (`PRISMATIC_JOIN_HELP_SECONDS`, 60) is
injected as one second, so the test waits for the checklist, not for a clock.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import _need_chromium, running_server
from tests.browser.support import call_api, join, mobile_context, new_context, screenshot

pytestmark = pytest.mark.browser

TITLES = {"en": "No phone has opened the join link yet",
          "ru": "Ни один телефон ещё не открыл ссылку для входа",
          "it": "Nessun telefono ha ancora aperto il link"}


@pytest.fixture(scope="module")
def quick_help_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    _need_chromium()
    data: Path = tmp_path_factory.mktemp("server")
    with running_server(data, PRISMATIC_JOIN_HELP_SECONDS="1") as base:
        yield base


@pytest.mark.parametrize("language", sorted(TITLES))
def test_the_pod_host_screen_offers_the_checklist_until_a_player_joins(
    browser: Browser, quick_help_server: str, language: str
) -> None:
    created = call_api(quick_help_server, "POST", "/api/pods", {"seats": 4})
    assert isinstance(created, dict)
    laptop = new_context(browser, viewport={"width": 1280, "height": 800})
    host = laptop.new_page()
    host.goto(f"{quick_help_server}/pods/{created['pod_id']}/host?lang={language}"
              f"#host_token={created['host_token']}")
    help_box = host.locator("#join-help")
    expect(help_box).to_be_visible()
    expect(host.locator("#join-help-title")).to_contain_text(TITLES[language])
    expect(help_box.locator("li")).to_have_count(5)
    expect(help_box.locator("li").last).to_contain_text(f"{quick_help_server}/")
    expect(host.locator("img.qr")).to_be_visible()
    screenshot(host, f"join-help-{language}")
    phone = mobile_context(browser, width=360)
    join(phone, created["join_url"], "Ann")
    expect(help_box).to_be_hidden()
    phone.close()
    laptop.close()


def test_the_night_host_screen_offers_the_checklist_until_a_player_joins(
    browser: Browser, quick_help_server: str
) -> None:
    created = call_api(quick_help_server, "POST", "/api/events", {"set": "CMR"})
    assert isinstance(created, dict)
    laptop = new_context(browser, viewport={"width": 1280, "height": 800})
    host = laptop.new_page()
    host.goto(created["host_url"])
    help_box = host.locator("#join-help")
    expect(help_box).to_be_visible()
    call_api(quick_help_server, "POST", f"/api/events/{created['event_id']}/players",
             {"name": "Bea"})
    expect(help_box).to_be_hidden()
    laptop.close()


def test_the_checklist_fits_a_phone_sized_host_screen(
    browser: Browser, quick_help_server: str
) -> None:
    created = call_api(quick_help_server, "POST", "/api/pods", {"seats": 4})
    assert isinstance(created, dict)
    phone = mobile_context(browser, width=360)
    host = phone.new_page()
    host.goto(created["host_url"])
    expect(host.locator("#join-help")).to_be_visible()
    assert host.evaluate("document.documentElement.scrollWidth") <= 360
    phone.close()
