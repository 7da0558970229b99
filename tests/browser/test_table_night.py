"""After the draft on a phone: the board fits, the split cannot lock anyone out, and a
re-split never silently wipes a game.

Every context here is a real mobile one (`is_mobile`, `has_touch`): on a desktop context
`body { overflow-x: hidden }` hides a board wider than the screen.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Dialog, Page, expect

from tests.browser.support import mobile_context, page_overflow, screenshot
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    draft_until_done,
    join,
    me,
    new_pod,
    play_tables,
    start,
)

pytestmark = pytest.mark.browser

# Every visible control of each player card: its box, and its card's box.
BUTTONS_OUTSIDE_CARDS = """() => [...document.querySelectorAll('.life-card')].flatMap((card) => {
  const box = card.getBoundingClientRect();
  return [...card.querySelectorAll('button, summary, select')]
    .filter((node) => node.offsetParent !== null)
    .map((node) => ({text: node.textContent.trim(), r: node.getBoundingClientRect()}))
    .filter(({r}) => r.left < box.left - 0.5 || r.right > box.right + 0.5
                     || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
    .map(({text}) => `${card.getAttribute('aria-label')}: ${text}`);
})"""
SMALL_TARGETS = """() => [...document.querySelectorAll('#game-board button, #game-board summary')]
  .filter((node) => node.offsetParent !== null)
  .map((node) => ({text: node.textContent.trim(), r: node.getBoundingClientRect()}))
  .filter(({r}) => r.height < 44 || r.width < 44)
  .map(({text, r}) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
# The largest font on the page other than the life totals, and the life totals' size.
FONT_SIZES = """() => {
  const size = (node) => parseFloat(getComputedStyle(node).fontSize);
  const totals = [...document.querySelectorAll('.life-total')].map(size);
  const others = [...document.querySelectorAll('body *')]
    .filter((node) => node.offsetParent !== null && !node.closest('.life-total')
            && [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
    .map(size);
  return {life: Math.min(...totals), other: Math.max(...others)};
}"""


def seat_page(browser: Browser, server: str, pod: PodHandle, seat: SeatHandle, width: int,
              lang: str = "en") -> Page:
    page = mobile_context(browser, width).new_page()
    page.goto(f"{server}/pods/{pod.pod_id}/seat?lang={lang}#seat_token={seat.token}")
    return page


def host_page(browser: Browser, server: str, pod: PodHandle, width: int = 390) -> Page:
    page = mobile_context(browser, width).new_page()
    page.goto(f"{server}/pods/{pod.pod_id}/host#host_token={pod.host_token}")
    return page


@pytest.fixture(scope="module")
def table_of_four(server: str) -> tuple[PodHandle, dict[str, SeatHandle]]:
    """One pod of four at its table, for the board's layout tests: they only look (opening
    a player's details changes nothing on the server), so one game serves every width
    and language."""
    with httpx.Client(base_url=server, timeout=30) as client:
        return play_tables(client, ("Ann", "Bob", "Cid", "Dee"), seed=33)


WIDTHS = (390, 360)
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => done(null)))"


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
def test_the_board_fits_a_phone_with_the_life_total_biggest(
    server: str, browser: Browser, table_of_four: tuple[PodHandle, dict[str, SeatHandle]],
    lang: str
) -> None:
    """At each phone width. One page per language, resized from the widest to the
    narrowest: the layout is the CSS's answer to the width, not to how the page was
    loaded, and a load (a seat view, a socket) per width cost the suite three more."""
    pod, seats = table_of_four
    page = seat_page(browser, server, pod, seats["Ann"], WIDTHS[0], lang)
    expect(page.locator("#game-board .life-card")).to_have_count(4)
    # Commander damage, tax, counters, the monarch and the initiative, and the log open
    # in place, inside the card they belong to: four panels a player, and the log.
    for summary in page.locator("#game-board summary").all():
        summary.click()
    expect(page.locator("#game-board details[open]")).to_have_count(4 * 4 + 1)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        page.evaluate(NEXT_FRAME)
        assert page.viewport_size == {"width": width, "height": 800}
        screenshot(page, f"board-{lang}-{width}", full_page=True)
        assert page_overflow(page) == 0, width
        assert page.evaluate(BUTTONS_OUTSIDE_CARDS) == [], width
        assert page.evaluate(SMALL_TARGETS) == [], width
        sizes = page.evaluate(FONT_SIZES)
        assert sizes["life"] > sizes["other"], (width, sizes)
    page.context.close()


def ready_to_split(client: httpx.Client) -> tuple[PodHandle, dict[str, SeatHandle]]:
    """Three people drafted; only Ann has a legal deck (a red Piper and Mountains)."""
    pod = new_pod(client, seats=3, seed=12)
    seats = {name: join(client, pod, name) for name in ("Ann", "Bob", "Cid")}
    start(client, pod)
    draft_until_done(client, list(seats.values()))
    response = client.put(pod.url("/deck"), headers=seats["Ann"].auth, json=red_piper_deck())
    assert response.json()["report"]["legal"] is True, response.text
    return pod, seats


def red_piper_deck() -> dict[str, Any]:
    return {"commanders": [{"piper": True, "color": "R"}], "main": [],
            "basics": {"Mountain": 59}}


class Dialogs:
    """Answers each confirm() with the next of `answers` and keeps what it said."""

    def __init__(self, page: Page, *answers: bool) -> None:
        self.answers = list(answers)
        self.messages: list[str] = []
        page.on("dialog", self.answer)

    def wait(self, page: Page, count: int = 1) -> None:
        """Let the page's event loop run until `count` dialogs were seen (3 s at most)."""
        for _ in range(30):
            if len(self.messages) >= count:
                return
            page.wait_for_timeout(100)

    def answer(self, dialog: Dialog) -> None:
        self.messages.append(dialog.message)
        if self.answers and self.answers.pop(0):
            dialog.accept()
        else:
            dialog.dismiss()


def test_splitting_before_everyone_has_a_deck_asks_and_keeps_their_deck_open(
    server: str, browser: Browser
) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = ready_to_split(client)
        host = host_page(browser, server, pod)
        expect(host.locator("#deck-warning")).to_contain_text("Bob")
        expect(host.locator("#deck-warning")).to_contain_text("Cid")
        dialogs = Dialogs(host, False, True)
        host.get_by_role("button", name="Split tables").click()
        expect(host.locator("#phase")).to_have_text("Building decks")  # the host said no
        assert "Bob" in dialogs.messages[0] and "Cid" in dialogs.messages[0]
        host.get_by_role("button", name="Split tables").click()
        expect(host.locator("#phase")).to_have_text("Playing")

        # Bob builds his deck after the split, from his phone at the table.
        bob = seat_page(browser, server, pod, seats["Bob"], 360)
        expect(bob.locator("#table-view")).to_be_visible()
        bob.get_by_role("button", name="Build your deck").click()
        expect(bob.locator("#builder")).to_be_visible()
        bob.locator("#piper-color").select_option("G")
        bob.get_by_role("button", name="Add The Prismatic Piper as a commander").click()
        bob.get_by_role("button", name="Submit deck").click()
        expect(bob.locator("#toast")).to_contain_text("Deck submitted")
        bob.get_by_role("button", name="Back to the table").click()
        expect(bob.locator("#table-view")).to_be_visible()
        assert page_overflow(bob) == 0
        game = me(client, seats["Bob"])["game"]
        mine = next(p for p in game["players"] if p["name"] == "Bob")
        assert [c["name"] for c in mine["commanders"]] == ["The Prismatic Piper"]

        # The table's first change closes the decks at that table.
        table = game["table"]
        tap = client.post(pod.url(f"/games/{table}"), headers=pod.host,
                          json={"kind": "life", "target": mine["player_id"], "delta": -1})
        assert tap.status_code == 200, tap.text
        expect(bob.get_by_role("button", name="Build your deck")).to_have_count(0)
        late = client.put(pod.url("/deck"), headers=seats["Bob"].auth, json=red_piper_deck())
        assert late.status_code == 409
        assert late.json()["error"]["code"] == "deck_locked"
    for page in (host, bob):
        page.context.close()


def test_re_splitting_during_play_names_the_games_and_never_resets_one_silently(
    server: str, browser: Browser
) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=21)
        game = me(client, seats["Ann"])["game"]
        cid = next(p["player_id"] for p in game["players"] if p["name"] == "Cid")
        client.post(pod.url("/games/1"), headers=pod.host,
                    json={"kind": "life", "target": cid, "delta": -7})
        host = host_page(browser, server, pod)
        cids_life = host.get_by_role("region", name="Cid", exact=True).locator(".life-total")
        expect(cids_life).to_have_text("33")
        dialogs = Dialogs(host, False)
        host.get_by_role("button", name="Split tables").click()
        dialogs.wait(host)
        assert dialogs.messages and "Table 1 game 1" in dialogs.messages[0], dialogs.messages
        host.wait_for_timeout(300)
        expect(cids_life).to_have_text("33")

        dialogs.answers = [True]
        host.get_by_role("button", name="Split tables").click()
        expect(host.locator(".game-head")).to_contain_text("Game 2")
        summary = client.get(pod.url("/summary"), headers=pod.host).json()
        labels = [(g["table"], g["number"]) for g in summary["games"]]
        assert len(labels) == len(set(labels)), labels
        ended = next(g for g in summary["games"] if not g["current"])
        assert {p["name"]: p["life"] for p in ended["players"]}["Cid"] == 33
        text = client.get(pod.url("/summary"), headers=pod.host,
                          params={"format": "text"}).text
        assert text.count("Round 1 · Table 1, game 1:") == 1, text
    host.context.close()


def test_the_builder_starts_with_your_commanders_and_its_summary_shrinks_while_scrolling(
    server: str, browser: Browser
) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod = new_pod(client, seats=2, seed=5)
        ann, bob = join(client, pod, "Ann"), join(client, pod, "Bob")
        start(client, pod)
        # Ann takes the pack's legends first: her pool tab marks them during the draft.
        view = me(client, ann)
        legends = [c["id"] for c in view["pack"] if c["can_be_commander"]]
        rest = [c["id"] for c in view["pack"] if not c["can_be_commander"]]
        picked = (legends + rest)[:2]
        client.post(pod.url("/picks"), headers=ann.auth, json={"pick": 1, "cards": picked})
        page = seat_page(browser, server, pod, ann, 360)
        page.locator("#tab-pool").click()
        expect(page.locator("#pool-list .cmd-mark")).to_have_count(
            len([i for i in picked if i in legends]))
        draft_until_done(client, [ann, bob])
        choices = me(client, ann)["commander_choices"]

    expect(page.locator("#builder")).to_be_visible()
    section = page.locator("#commander-choices")
    expect(section.locator(".choice")).to_have_count(len(choices["eligible"]))
    assert page.locator("#commander-choices").bounding_box()["y"] < page.locator(  # type: ignore[index]
        "#add-piper").bounding_box()["y"]  # type: ignore[index]
    first = section.locator(".choice").first
    first.get_by_role("button", name="Make commander").click()
    expect(page.locator("#commanders .commander")).to_have_count(1)
    expect(section.locator(".badge", has_text="Chosen")).to_have_count(1)

    summary = page.locator("#deck-summary")
    tall = summary.bounding_box()["height"]  # type: ignore[index]
    page.mouse.wheel(0, 3000)
    page.wait_for_timeout(300)
    expect(summary).to_have_class(re.compile(r"\bcompact\b"))
    short = summary.bounding_box()["height"]  # type: ignore[index]
    assert short <= 60 < tall, (short, tall)
    assert page_overflow(page) == 0
    screenshot(page, "builder-360-scrolled")
    page.context.close()


def test_the_host_screen_warns_about_a_local_only_server_and_shrinks_its_qr_code(
    server: str, browser: Browser
) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod = new_pod(client, seats=2, seed=6)
        join(client, pod, "Ann")
        host = host_page(browser, server, pod, 360)
        # These tests serve on 127.0.0.1: phones could not open the join link.
        expect(host.locator("#local-only")).to_contain_text("127.0.0.1")
        expect(host.locator("img.qr")).to_be_visible()
        expect(host.get_by_role("button", name="Show the QR code")).to_be_hidden()
        start(client, pod)
    expect(host.locator("img.qr")).to_be_hidden()
    assert host.locator(".join-panel").bounding_box()["height"] < 200  # type: ignore[index]
    host.get_by_role("button", name="Show the QR code").click()
    expect(host.locator("img.qr")).to_be_visible()
    host.get_by_role("button", name="Hide the QR code").click()
    expect(host.locator("img.qr")).to_be_hidden()
    assert page_overflow(host) == 0
    host.context.close()
