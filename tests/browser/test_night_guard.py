"""The night's host page guards its lobby as a pod's does: a join code shown on the host
screen that a phone types, a lock a phone is told about, and a remove button for a
stranger's fake player, all before the pods are formed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.support import (
    SMALL_BUTTONS,
    call_api,
    mobile_context,
    new_context,
    page_overflow,
    screenshot,
)

pytestmark = pytest.mark.browser

CODE_LABEL = "Join code (on the host screen)"


def test_the_code_and_the_lock_stop_a_phone_and_the_host_removes_a_stranger(
        browser: Browser, server: str) -> None:
    night = call_api(server, "POST", "/api/events", {})
    assert isinstance(night, dict)
    call_api(server, "POST", f"/api/events/{night['event_id']}/players", {"name": "Spam"})
    laptop = new_context(browser, viewport={"width": 1366, "height": 768})
    host = laptop.new_page()
    host.goto(night["host_url"])
    expect(host.locator("#player-list li")).to_have_count(1)
    host.get_by_role("button", name="Ask for a join code").click()
    code = host.locator("#join-code")
    expect(code).to_have_text(re.compile(r"^\d{4}$"))

    phone = mobile_context(browser, width=390, height=844).new_page()
    phone.goto(night["join_url"])
    expect(phone.get_by_label(CODE_LABEL)).to_be_visible()
    phone.get_by_label("Your name").fill("Ann")
    phone.get_by_label(CODE_LABEL).fill("99999")
    phone.get_by_role("button", name="Join").click()
    expect(phone.locator("#join-error")).to_have_text(
        "Type the join code shown on the host screen.")
    screenshot(phone, "night-guard-wrong-code")
    assert page_overflow(phone) == 0
    assert phone.evaluate(SMALL_BUTTONS) == []
    phone.get_by_label(CODE_LABEL).fill(code.inner_text())
    phone.get_by_role("button", name="Join").click()
    expect(phone.locator("#wait-name")).to_have_text("Ann")
    expect(host.locator("#player-list li")).to_have_count(2)

    host.once("dialog", lambda dialog: dialog.accept())
    screenshot(host, "night-guard-players", full_page=True)
    host.get_by_role("button", name="Remove Spam from the night").click()
    expect(host.locator("#player-list li")).to_have_count(1)
    expect(host.locator("#player-list")).to_contain_text("Ann")
    host.get_by_role("button", name="Lock the lobby").click()
    expect(host.locator("#lobby-locked-note")).to_have_text(
        "The lobby is locked: nobody new can join.")
    screenshot(host, "night-guard-host", full_page=True)

    late = mobile_context(browser, width=390, height=844).new_page()
    late.goto(night["join_url"])
    expect(late.locator("#join-error")).to_have_text(
        "The host has locked this night; ask the host.")
    late.get_by_label("Your name").fill("Late")
    late.get_by_label(CODE_LABEL).fill(code.inner_text())
    late.get_by_role("button", name="Join").click()
    expect(late.locator("#join-error")).to_have_text(
        "The host has locked this night; ask the host.")
    screenshot(late, "night-guard-locked")
    laptop.close()


def test_the_lock_message_is_translated(browser: Browser, server: str) -> None:
    night = call_api(server, "POST", "/api/events", {})
    assert isinstance(night, dict)
    call_api(server, "POST", f"/api/events/{night['event_id']}/lobby", {"locked": True},
             token=night["host_token"])
    phone = mobile_context(browser, width=390, height=844).new_page()
    for lang, words in (
            ("ru", "Ведущий закрыл вход на этот вечер; спросите ведущего."),
            ("it", "L'host ha chiuso questa serata; chiedi all'host.")):
        phone.goto(f"{night['join_url']}?lang={lang}")
        expect(phone.locator("#join-error")).to_have_text(words)
