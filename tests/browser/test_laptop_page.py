"""The laptop's page of every night and lobby (`/laptop`, 1366×768): the host sees a
stranger's junk pod and night, with their phase, people and age, and ends or deletes
them, each after a question, so their places under the server's limits are free again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Dialog, Locator, Page, expect

from tests.browser.support import call_api, new_context, screenshot

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}


def _a_pod_on_the_laptop_page(browser: Browser, server: str,
                              query: str = "") -> tuple[BrowserContext, Page, Locator, str]:
    """A new empty pod, and the laptop page open at its row."""
    pod = call_api(server, "POST", "/api/pods", {"seats": 4})
    assert isinstance(pod, dict)
    context = new_context(browser, viewport=LAPTOP)
    page = context.new_page()
    page.goto(f"{server}/laptop{query}")
    return context, page, page.locator(f"#pod-rows tr[data-id='{pod['pod_id']}']"), pod["pod_id"]


def test_the_laptop_ends_and_deletes_a_strangers_lobbies(browser: Browser, server: str) -> None:
    pod = call_api(server, "POST", "/api/pods", {"seats": 4})
    night = call_api(server, "POST", "/api/events", {})
    assert isinstance(pod, dict) and isinstance(night, dict)
    call_api(server, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Junk"})
    call_api(server, "POST", f"/api/events/{night['event_id']}/players", {"name": "Junk"})
    context = new_context(browser, viewport=LAPTOP)
    page = context.new_page()
    page.goto(server + "/")
    page.get_by_role("link", name="Every night and lobby on this server (laptop only)").click()
    page.wait_for_url(server + "/laptop")
    pod_row = page.locator(f"#pod-rows tr[data-id='{pod['pod_id']}']")
    night_row = page.locator(f"#night-rows tr[data-id='{night['event_id']}']")
    expect(pod_row).to_contain_text("Lobby")
    expect(pod_row.locator("td").nth(2)).to_have_text("1")
    expect(night_row).to_contain_text("Open for joining")
    expect(night_row.locator("td").nth(3)).to_have_text("0 min")
    screenshot(page, "laptop-lobbies")

    questions: list[str] = []

    def accept(dialog: Dialog) -> None:
        questions.append(dialog.message)
        dialog.accept()

    page.on("dialog", accept)
    pod_row.get_by_role("button", name=f"Delete the pod {pod['pod_id']}").click()
    expect(pod_row).to_have_count(0)
    night_row.get_by_role("button", name=f"End the night {night['event_id']}").click()
    expect(night_row).to_have_count(0)
    assert questions == [f"Delete the pod {pod['pod_id']} for good?",
                         f"End the night {night['event_id']}? Its phones are told it has ended."]
    assert call_api(server, "GET", f"/api/events/{night['event_id']}")["phase"] == "ended"  # type: ignore[index]
    lobbies = call_api(server, "GET", "/api/laptop/lobbies")
    assert isinstance(lobbies, dict)
    assert pod["pod_id"] not in {row["pod_id"] for row in lobbies["pods"]}
    context.close()


def test_a_question_declined_changes_nothing(browser: Browser, server: str) -> None:
    context, page, row, pod_id = _a_pod_on_the_laptop_page(browser, server)
    page.on("dialog", lambda dialog: dialog.dismiss())
    row.get_by_role("button", name=f"End the pod {pod_id}").click()
    row.get_by_role("button", name=f"Delete the pod {pod_id}").click()
    expect(row).to_be_visible()
    assert call_api(server, "GET", f"/api/pods/{pod_id}")["phase"] == "lobby"  # type: ignore[index]
    context.close()


def test_the_page_speaks_the_hosts_language(browser: Browser, server: str) -> None:
    """Russian's longer words keep the buttons inside the panel."""
    context, page, row, pod_id = _a_pod_on_the_laptop_page(browser, server, "?lang=ru")
    expect(row).to_contain_text("Сбор")
    expect(row.get_by_role("button", name=f"Завершить под {pod_id}")).to_be_visible()
    screenshot(page, "laptop-lobbies-ru")
    panel = page.locator(".lobbies-panel").bounding_box()
    delete = row.get_by_role("button", name=f"Удалить под {pod_id}").bounding_box()
    assert panel and delete
    assert delete["x"] + delete["width"] <= panel["x"] + panel["width"]  # inside its panel
    context.close()
