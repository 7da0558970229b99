"""The season's key cannot be lost: a new season shows its recovery code and QR code to
print or photograph; on another phone the host page offers the ways back in (not buttons
that fail) and the code opens it, typed or through its QR code's link; the laptop lists
every season and opens its host page without a key."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import _need_chromium, running_server
from tests.browser.support import mobile_context, page_overflow, screenshot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def phone_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that takes this browser for a phone on the Wi-Fi, not its laptop."""
    _need_chromium()
    data: Path = tmp_path_factory.mktemp("server")
    with running_server(data, PRISMATIC_RATE_LIMIT_EXEMPT="192.0.2.1") as base:
        yield base


def test_the_recovery_code_brings_the_host_back_on_another_phone(browser: Browser,
                                                                  phone_server: str) -> None:
    first = mobile_context(browser, width=390, height=844)
    page = first.new_page()
    page.goto(f"{phone_server}/seasons/new?lang=en")
    page.get_by_label("Name", exact=True).fill("Friday League")
    page.get_by_role("button", name="Create the season").click()
    code_line = page.locator("#recovery-code")
    expect(code_line).to_have_text(re.compile(r"^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$"))
    expect(page.get_by_role("img", name="QR code of the recovery code")).to_be_visible()
    screenshot(page, "season-recovery-code")
    assert page_overflow(page) == 0
    code = code_line.inner_text()
    page.get_by_role("link", name="I kept it: go to the season's host page").click()
    expect(page.locator("#season-name")).to_have_text("Friday League")
    host_path = page.url.split(phone_server)[1].split("#")[0]
    first.close()

    other = mobile_context(browser, width=390, height=844)  # nothing stored on this phone
    page = other.new_page()
    page.goto(f"{phone_server}{host_path}?lang=en")
    expect(page.locator("#season-locked")).to_be_visible()
    expect(page.get_by_role("button", name="Open tonight's night")).to_be_hidden()
    expect(page.get_by_role("link", name="The laptop's list")).to_be_visible()
    screenshot(page, "season-locked")
    assert page_overflow(page) == 0
    page.get_by_label("Recovery code").fill("0000-0000-0000-0000-0000")
    page.get_by_role("button", name="Open the host page").click()
    expect(page.locator("#season-error")).to_contain_text("recovery code")
    page.get_by_label("Recovery code").fill(code.lower().replace("-", " "))
    page.get_by_role("button", name="Open the host page").click()
    expect(page.locator("#season-name")).to_have_text("Friday League")
    expect(page.locator("#season-locked")).to_be_hidden()
    other.close()

    scanned = mobile_context(browser, width=390, height=844)  # the QR code's link
    page = scanned.new_page()
    page.goto(f"{phone_server}{host_path}?lang=en#recovery_code={code}")
    expect(page.locator("#season-name")).to_have_text("Friday League")
    expect(page.get_by_role("button", name="Open tonight's night")).to_be_visible()
    assert "recovery_code" not in page.url
    scanned.close()


def test_the_laptop_lists_every_season_and_opens_its_host_page(browser: Browser,
                                                               server: str) -> None:
    context = mobile_context(browser, width=390, height=844)
    page = context.new_page()
    page.goto(f"{server}/seasons/new?lang=en")
    page.get_by_label("Name", exact=True).fill("Laptop League")
    page.get_by_role("button", name="Create the season").click()
    expect(page.locator("#recovery")).to_be_visible()
    context.close()
    laptop = mobile_context(browser, width=390, height=844)  # this laptop, its storage empty
    page = laptop.new_page()
    page.goto(f"{server}/laptop?lang=en")
    page.get_by_role("link", name="Laptop League").click()
    expect(page.locator("#season-name")).to_have_text("Laptop League")
    expect(page.get_by_role("button", name="Open tonight's night")).to_be_visible()
    laptop.close()
