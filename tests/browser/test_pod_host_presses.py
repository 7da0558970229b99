"""A press on the pod's host page is never lost to an update (issue 40: the pod's page, as
the night's in test_night_host_presses.py).

Rule: every control of the pod's host page, pressed as an update reaches the page (the
pod's achievements change), does what it says, once; and a control the host holds (its
focus, the split policy chosen) outlives an update: the page patches its controls in
place instead of rebuilding them. Before, each socket update replaced every button, so a
keyboard press after an update went nowhere and the focus fell back to the page.

How the moment is made certain: the test holds the press, changes the pod over HTTP and
waits until the page has the update (drawn, or held: `data-held` on `#main`), then lifts.
No sleep: the waits are on the page's state.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, Request, expect

from tests.browser.support import new_context
from tests.server.support.builders import PodHandle, join, new_pod, play_tables

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
ACHIEVEMENT_OR_HELD = """name => document.querySelector("#main").dataset.held !== undefined
  || document.querySelector(".achievements-text").value.includes(name)"""
ACHIEVEMENT_DRAWN = """name => document.querySelector("#main").dataset.held === undefined
  && document.querySelector(".achievements-text").value.includes(name)"""


class Actions:
    """The host page's own requests to the pod's API, as `METHOD path`."""

    def __init__(self, page: Page) -> None:
        self.sent: list[Request] = []
        page.on("request", self._seen)

    def _seen(self, request: Request) -> None:
        if urlsplit(request.url).path.startswith("/api/pods/"):
            self.sent.append(request)

    def count(self, method: str, suffix: str) -> int:
        return sum(1 for r in self.sent
                   if r.method == method and urlsplit(r.url).path.endswith(suffix))


class Updates:
    """Changes the pod's achievements over HTTP: an update every host page receives."""

    def __init__(self, client: httpx.Client, pod: PodHandle) -> None:
        self.client, self.pod, self.made = client, pod, 0

    def __call__(self) -> str:
        self.made += 1
        item = f"Trophy {self.made}"
        answer = self.client.put(self.pod.url("/achievements"), headers=self.pod.host,
                                 json={"achievements": [{"name": item, "points": 1}]})
        assert answer.status_code == 200, answer.text
        return item


def press_across(page: Page, control: Locator, update: Callable[[], str]) -> None:
    """Mouse down on `control`, change the pod, wait until the page has it, and lift."""
    control.scroll_into_view_if_needed()
    box = control.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_function(ACHIEVEMENT_OR_HELD, arg=update())
    page.mouse.up()


def open_host(browser: Browser, server: str, pod: PodHandle) -> Page:
    page = new_context(browser, viewport=LAPTOP).new_page()
    page.goto(f"{server}/pods/{pod.pod_id}/host?lang=en#host_token={pod.host_token}")
    return page


def row(page: Page, name: str) -> Locator:
    return page.locator("#seat-list li", has_text=name)


def test_each_draft_control_pressed_as_an_update_arrives_acts_once(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod = new_pod(client, seats=3, seed=11)
        for name in ("Ann", "Bob", "Cid"):
            join(client, pod, name)
        page = open_host(browser, server, pod)
        actions = Actions(page)
        page.on("dialog", lambda dialog: dialog.accept())
        update = Updates(client, pod)
        expect(row(page, "Cid")).to_be_visible()

        press_across(page, page.get_by_role("button", name="Start the draft"), update)
        expect(page.get_by_role("button", name="Pause")).to_be_visible()
        assert actions.count("POST", "/start") == 1

        # A keyboard press after an update: the focus stayed on the same button.
        page.get_by_role("button", name="Pause").focus()
        page.wait_for_function(ACHIEVEMENT_DRAWN, arg=update())
        expect(page.get_by_role("button", name="Pause")).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.get_by_role("button", name="Resume")).to_be_visible()
        assert actions.count("POST", "/pause") == 1

        press_across(page, page.get_by_role("button", name="Resume"), update)
        expect(page.get_by_role("button", name="Pause")).to_be_visible()
        assert actions.count("POST", "/resume") == 1

        press_across(page, row(page, "Ann").get_by_role("button", name="Replace with bot"), update)
        expect(row(page, "Ann").get_by_role("button", name="Take back")).to_be_visible()
        press_across(page, row(page, "Ann").get_by_role("button", name="Take back"), update)
        expect(row(page, "Ann").get_by_role("button", name="Replace with bot")).to_be_visible()
        assert actions.count("POST", "/bot") == 2

        press_across(page, row(page, "Cid").get_by_role("button", name="Kick"), update)
        expect(row(page, "Cid").get_by_role("button", name="Kick")).to_have_count(0)
        assert actions.count("DELETE", "") == 1
    page.context.close()


def test_each_table_control_pressed_as_an_update_arrives_acts_once(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, _seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=22)
        page = open_host(browser, server, pod)
        actions = Actions(page)
        page.on("dialog", lambda dialog: dialog.accept())
        update = Updates(client, pod)
        expect(page.locator("#table-list .table-card")).to_have_count(1)

        # The host's choice of split, and its focus, outlive an update.
        policy = page.get_by_label("How to split the tables")
        policy.select_option("apart")
        policy.focus()
        page.wait_for_function(ACHIEVEMENT_DRAWN, arg=update())
        expect(policy).to_have_value("apart")
        expect(policy).to_be_focused()

        press_across(page, page.get_by_role("button", name="Split tables"), update)
        expect(page.get_by_role("button", name="Split tables")).to_be_enabled()
        splits = [r.post_data_json for r in actions.sent if r.url.endswith("/tables")]
        assert len(splits) == 1 and splits[0]["policy"] == "apart", splits

        for label in ("Night summary (text)", "Night summary (JSON)"):
            before = actions.count("GET", "/summary")
            press_across(page, page.get_by_role("button", name=label), update)
            expect(page.get_by_role("button", name=label)).to_be_enabled()
            assert actions.count("GET", "/summary") == before + 1, label

        press_across(page, page.get_by_role("button", name="End the night"), update)
        expect(page.get_by_role("button", name="End the night")).to_have_count(0)
        assert actions.count("POST", "/end") == 1
    page.context.close()
