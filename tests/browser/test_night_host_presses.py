"""A press on the night's host page is never lost to an update (issue 40, item 4).

Rule: every control of the night's host page, pressed as an update reaches the page (a
player joins; the night's achievements change), does what it says, once; and what the
host chose or typed (the pod policy, the round's minutes) stays with its focus. Before,
the page rebuilt its controls on every poll (2 s): a press and a release on two drawings
of one button are no click at all, so "Form pods" or "Night summary (JSON)" did nothing.

How the moment is made certain: the test holds the press, changes the night over HTTP,
and waits until the page has the update (drawn, or held: `data-held` on `#main`), then
lifts. No sleep: the waits are on the page's state.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, Request, expect

from tests.browser.support import new_context
from tests.server.support.builders import bearer
from tests.server.support.nights import night_at_tables

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}

JOINED_OR_HELD = """name => document.querySelector("#main").dataset.held !== undefined
  || [...document.querySelectorAll("#player-list li")]
    .some((li) => li.textContent.includes(name))"""
ACHIEVEMENT_OR_HELD = """name => document.querySelector("#main").dataset.held !== undefined
  || document.querySelector(".achievements-text").value.includes(name)"""


class Actions:
    """The host page's own requests that act (every one but the polls), as `METHOD path`."""

    def __init__(self, page: Page) -> None:
        self.sent: list[Request] = []
        page.on("request", self._seen)

    def _seen(self, request: Request) -> None:
        path = urlsplit(request.url).path
        if path.startswith("/api/events/") and not path.endswith("/host"):
            self.sent.append(request)

    def count(self, method: str, suffix: str) -> int:
        return sum(1 for r in self.sent
                   if r.method == method and urlsplit(r.url).path.endswith(suffix))


def press_across(page: Page, control: Locator, update: Callable[[], str], arrived: str) -> None:
    """Mouse down on `control`, make the server change (`update`, which names what changed),
    wait until the page has the change (`arrived`: drawn or held), and lift."""
    control.scroll_into_view_if_needed()
    box = control.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_function(arrived, arg=update())
    page.mouse.up()


def open_host(browser: Browser, server: str, event_id: str, token: str) -> Page:
    page = new_context(browser, viewport=LAPTOP).new_page()
    page.goto(f"{server}/events/{event_id}/host?lang=en#host_token={token}")
    return page


def test_each_lobby_control_pressed_as_a_player_joins_acts_once(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        created = client.post("/api/events", json={"set": "CMR", "seed": 5}).json()
        event_id, token = created["event_id"], created["host_token"]
        host = bearer(token)
        ids: dict[str, str] = {}

        def join() -> str:
            name = f"Guest {len(ids) + 1}"
            answer = client.post(f"/api/events/{event_id}/players", json={"name": name})
            assert answer.status_code == 201, answer.text
            ids[name] = answer.json()["player_id"]
            return name

        for _ in range(3):
            join()
        page = open_host(browser, server, event_id, token)
        actions = Actions(page)
        page.on("dialog", lambda dialog: dialog.accept())
        expect(page.locator("#player-count")).to_have_text("3 players have joined")

        # The host's choice of policy, and its focus, outlive an update.
        policy = page.get_by_label("How to form the pods")
        policy.select_option("fill")
        policy.focus()
        name = join()
        page.wait_for_function(JOINED_OR_HELD, arg=name)
        expect(page.locator("#player-list li", has_text=name)).to_be_visible()
        expect(policy).to_have_value("fill")
        expect(policy).to_be_focused()

        remove = page.get_by_role("button", name="Remove Guest 2 from the night")
        press_across(page, remove, join, JOINED_OR_HELD)
        expect(page.locator("#player-list li", has_text="Guest 2")).to_have_count(0)
        expect(page.locator("#player-list li", has_text="Guest 5")).to_be_visible()
        removed = [urlsplit(r.url).path for r in actions.sent if r.method == "DELETE"]
        assert removed == [f"/api/events/{event_id}/players/{ids['Guest 2']}"]

        press_across(page, page.get_by_role("button", name="Form pods"), join, JOINED_OR_HELD)
        expect(page.locator(".pod-card")).not_to_have_count(0)
        assert actions.count("POST", "/pods") == 1
        assert actions.sent[-1].post_data_json == {"policy": "fill"}

        # The pods' lobby: the drafts' start and the night's files.
        achievements = 0

        def new_achievement() -> str:
            nonlocal achievements
            achievements += 1
            item = f"Trophy {achievements}"
            answer = client.put(f"/api/events/{event_id}/achievements", headers=host,
                                json={"achievements": [{"name": item, "points": 1}]})
            assert answer.status_code == 200, answer.text
            return item

        files = {"Night summary (text)": "/summary", "Night summary (JSON)": "/summary",
                 "Night recap (HTML file)": "/recap.html", "Night recap (JSON)": "/recap"}
        for label, suffix in files.items():
            before = actions.count("GET", suffix)
            press_across(page, page.get_by_role("button", name=label), new_achievement,
                         ACHIEVEMENT_OR_HELD)
            expect(page.locator(".achievements-text")).to_have_value(f"Trophy {achievements} = 1")
            expect(page.get_by_role("button", name=label)).to_be_enabled()
            assert actions.count("GET", suffix) == before + 1, label

        press_across(page, page.get_by_role("button", name="Start every draft"), new_achievement,
                     ACHIEVEMENT_OR_HELD)
        expect(page.locator(".pod-card[data-phase=drafting]")).not_to_have_count(0)
        assert actions.count("POST", "/start") == 1
        page.context.close()


def test_each_round_control_pressed_as_the_night_changes_acts_once(
        server: str, browser: Browser) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        night = night_at_tables(client, players=4)
        token = night.host["Authorization"].removeprefix("Bearer ")
        page = open_host(browser, server, night.event_id, token)
        actions = Actions(page)
        page.on("dialog", lambda dialog: dialog.accept())
        expect(page.locator("#clock-section")).to_be_visible()
        achievements = 0

        def new_achievement() -> str:
            nonlocal achievements
            achievements += 1
            item = f"Trophy {achievements}"
            answer = client.put(night.url("/achievements"), headers=night.host,
                                json={"achievements": [{"name": item, "points": 1}]})
            assert answer.status_code == 200, answer.text
            return item

        minutes = page.get_by_label("Round length (minutes)")
        minutes.fill("45")
        rule = page.get_by_label("At time")
        rule.select_option("one_more_turn")

        def press(label: str) -> None:
            press_across(page, page.get_by_role("button", name=label, exact=True),
                         new_achievement, ACHIEVEMENT_OR_HELD)

        press("Start the clock")
        expect(page.get_by_role("button", name="Pause")).to_be_visible()
        rule.select_option("finish_turn")  # while the clock runs, a choice is sent at once
        expect(rule).to_have_value("finish_turn")
        press("Pause")
        expect(page.get_by_role("button", name="Resume")).to_be_visible()
        press("+5 min")
        press("Resume")
        expect(page.get_by_role("button", name="Pause")).to_be_visible()
        press("End the round")
        expect(page.get_by_role("button", name="Pause")).to_have_count(0)
        clock = [r.post_data_json for r in actions.sent if r.url.endswith("/clock")]
        assert [body["action"] for body in clock] == [
            "start", "rule", "pause", "add", "resume", "end"]
        assert (clock[0]["minutes"], clock[0]["rule"], clock[1]["rule"]) == (
            45, "one_more_turn", "finish_turn")
        expect(minutes).to_have_value("45")

        press("Next round (2)")
        expect(page.locator("#round-title")).to_have_text("Round 2")
        rounds = [r.post_data_json for r in actions.sent if r.url.endswith("/rounds")]
        # One press, one round: asked once more only to confirm the tables with no result.
        assert [(body["round"], body["clock_minutes"]) for body in rounds] in (
            [(2, 45)], [(2, 45), (2, 45)])
        assert [body.get("force") for body in rounds[1:]] in ([], [True])
        expect(page.get_by_role("button", name="Next round (3)")).to_be_visible()
        expect(minutes).to_have_value("45")
        page.context.close()
