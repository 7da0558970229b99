"""axe-core finds nothing on any screen of a night, on a phone.

Rule: every screen a night shows (create, join, lobby, pick, pool, builder, board, the
host's, replay, recap, the store's screen, the laptop page, and every season page) has 0
violations of WCAG 2.2 A/AA and axe's best practices. Why axe-core from
`axe-playwright-python`: the package carries axe's script, so the check runs offline, as a
table does; each screen is checked once it shows its data, and all findings of a run are
reported together.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import mobile_context
from tests.browser.test_season_pages import season_file
from tests.server.support.builders import (
    PodHandle,
    draft_until_done,
    join,
    new_pod,
    start,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RULES = {"runOnly": {"type": "tag", "values": [
    "wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
    "resultTypes": ["violations"]}


class Findings:
    """Every screen's violations, by screen: one failure lists them all."""

    def __init__(self) -> None:
        self.axe = Axe()
        self.found: dict[str, list[str]] = {}

    def check(self, page: Page, screen: str) -> None:
        results: Any = self.axe.run(page, options=RULES)
        for violation in results.response["violations"]:
            targets = [", ".join(node["target"]) for node in violation["nodes"][:3]]
            self.found.setdefault(screen, []).append(
                f"{violation['id']} ({violation['impact']}): {targets}")


def seat(browser: Browser, server: str, pod: PodHandle, token: str) -> Page:
    page = mobile_context(browser).new_page()
    page.goto(f"{server}/pods/{pod.pod_id}/seat?lang=en#seat_token={token}")
    return page


def test_every_screen_of_a_night_has_no_axe_violations(server: str, browser: Browser) -> None:
    findings = Findings()
    visitor = mobile_context(browser).new_page()
    visitor.goto(f"{server}/?lang=en")
    expect(visitor.locator("form button[type=submit]")).to_be_visible()
    findings.check(visitor, "create")

    with httpx.Client(base_url=server, timeout=30) as client:
        pod = new_pod(client, seats=2, seed=11)
        visitor.goto(f"{server}/pods/{pod.pod_id}/join?lang=en")
        expect(visitor.locator("#pod-info")).not_to_be_empty()
        findings.check(visitor, "join")
        ann, bob = join(client, pod, "Ann"), join(client, pod, "Bob")
        phone = seat(browser, server, pod, ann.token)
        expect(phone.locator("#lobby")).to_be_visible()
        findings.check(phone, "lobby")
        host = mobile_context(browser).new_page()
        host.goto(f"{server}/pods/{pod.pod_id}/host?lang=en#host_token={pod.host_token}")
        expect(host.locator("#controls .btn.primary")).to_be_visible()
        findings.check(host, "host lobby")

        start(client, pod)
        expect(phone.locator("#pack-grid .card").first).to_be_visible()
        findings.check(phone, "pick")
        phone.locator("#tab-pool").click()
        findings.check(phone, "pool")
        phone.locator("#tab-pack").click()
        expect(host.locator(".seat-row").first).to_be_visible()
        findings.check(host, "host drafting")

        draft_until_done(client, [ann, bob])
        expect(phone.locator("#builder")).to_be_visible()
        phone.locator("#piper-color").select_option("R")
        phone.locator("#add-piper").click()
        phone.locator("#suggest-lands").click()
        expect(phone.locator("#sideboard .deck-row").first).to_be_visible()
        findings.check(phone, "builder")
        phone.locator("#submit-deck").click()
        expect(phone.locator("#deck-summary .verdict")).to_be_visible()
        findings.check(phone, "builder submitted")

        response = client.post(pod.url("/tables"), headers=pod.host, json={"without_decks": True})
        assert response.status_code == 200, response.text
        expect(phone.locator("#game-board .life-card")).to_have_count(2)
        for summary in phone.locator("#game-board summary").all():
            summary.click()
        findings.check(phone, "board")
        expect(host.locator("#tables .life-card")).to_have_count(2)
        findings.check(host, "host playing")

        assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
        expect(phone.locator("#table-msg")).not_to_be_empty()
        findings.check(phone, "done")
        visitor.goto(f"{server}/pods/{pod.pod_id}/replay?lang=en#seat_token={ann.token}")
        expect(visitor.locator("#replay-step")).to_be_visible()
        findings.check(visitor, "replay")
        visitor.goto(f"{server}/pods/{pod.pod_id}/recap?lang=en#host_token={pod.host_token}")
        expect(visitor.locator("#recap")).to_be_visible()
        findings.check(visitor, "recap")

    for path, ready, screen in (("/screen", "#slides", "store screen"),
                                ("/laptop", "h1", "laptop"),
                                ("/seasons/new", "#create-season", "new season")):
        visitor.goto(f"{server}{path}?lang=en")
        expect(visitor.locator(ready).first).to_be_attached()
        visitor.wait_for_load_state("networkidle")
        findings.check(visitor, screen)

    season: Any = httpx.post(f"{server}/api/seasons/import", json=season_file(), timeout=30).json()
    sid = season["season_id"]
    for path, ready, screen in (
            (f"/seasons/{sid}?lang=en", "#standings-body tr", "season"),
            (f"/seasons/{sid}/cards?lang=en", "h1", "season cards"),
            (f"/seasons/{sid}/commanders?lang=en", "h1", "season commanders"),
            (f"/seasons/{sid}/screen?lang=en", "#slides", "season screen"),
            (f"/seasons/{sid}/host?lang=en#host_token={season['host_token']}", "#player-list li",
             "season host")):
        visitor.goto(f"{server}{path}")
        expect(visitor.locator(ready).first).to_be_attached()
        visitor.wait_for_load_state("networkidle")
        findings.check(visitor, screen)

    report = "\n".join(f"{screen}: {line}" for screen, lines in findings.found.items()
                       for line in lines)
    assert not findings.found, f"axe-core violations:\n{report}"
    assert re.search(r"axe v4\.", Axe().axe_script[:40])  # the script is the package's own
