"""The host's lobby guard on an open Wi-Fi: a join code shown on the host screen that a
phone types to get its seat, and a locked lobby a phone is told about."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import (
    NO_SIDEWAYS_SCROLL,
    SMALL_BUTTONS,
    call_api,
    new_context,
    screenshot,
)

pytestmark = pytest.mark.browser


def test_a_phone_types_the_code_from_the_host_screen(browser: Browser, server: str) -> None:
    created = call_api(server, "POST", "/api/pods", {"seats": 4})
    assert isinstance(created, dict)
    laptop = new_context(browser, viewport={"width": 1280, "height": 800})
    host = laptop.new_page()
    host.goto(created["host_url"])
    host.get_by_role("button", name="Ask for a join code").click()
    code = host.locator("#join-code")
    expect(code).to_have_text(re.compile(r"^\d{4}$"))
    screenshot(host, "lobby-guard-host")
    for width in (360, 390):
        phone = new_context(browser, viewport={"width": width, "height": 800},
                            is_mobile=True, has_touch=True)
        page = phone.new_page()
        page.goto(created["join_url"])
        expect(page.get_by_label("Join code (on the host screen)")).to_be_visible()
        assert page.evaluate(NO_SIDEWAYS_SCROLL) <= width
        assert page.evaluate(SMALL_BUTTONS) == []
        page.get_by_label("Your name").fill(f"Ann{width}")
        page.get_by_label("Join code (on the host screen)").fill("99999")
        page.get_by_role("button", name="Take a seat").click()
        expect(page.locator("#join-error")).to_have_text(
            "Type the join code shown on the host screen.")
        page.get_by_label("Join code (on the host screen)").fill(code.inner_text())
        page.get_by_role("button", name="Take a seat").click()
        page.wait_for_url(re.compile(r"/seat$"))
        screenshot(page, f"lobby-guard-joined-{width}")
        phone.close()
    host.get_by_role("button", name="Lock the lobby").click()
    expect(host.locator("#lobby-locked-note")).to_have_text(
        "The lobby is locked: nobody new can join.")
    late = new_context(browser, is_mobile=True, has_touch=True).new_page()
    late.goto(created["join_url"])
    late.get_by_label("Your name").fill("Late")
    late.get_by_label("Join code (on the host screen)").fill(code.inner_text())
    late.get_by_role("button", name="Take a seat").click()
    expect(late.locator("#join-error")).to_have_text("The host has locked this pod; ask the host.")
    laptop.close()
