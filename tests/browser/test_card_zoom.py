"""Cards players can read at the table with no Internet: sorted packs, a zoom view with the
imported rules text, tiles that never clip, and not one request leaving the LAN.

The server runs with its default settings (`--images auto`); its start-up probe looks for
the image host at a closed port (no Internet, see `NO_INTERNET`), so phones must make zero
non-loopback requests. Every such
request is aborted and counted. Rules text comes from `prismatic cards import` of a file
built by the fake Scryfall (synthetic text, only in the tests).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from click.testing import CliRunner
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect

from draft.cards import load_set
from server.cli import cli
from tests.browser.conftest import _need_chromium, running_server
from tests.browser.support import LOCAL_HOSTS, call_api, new_context, screenshot
from tests.browser.test_languages import finish_draft
from tests.server.support.builders import play_tables
from tests.server.support.fake_scryfall import record

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DETAILS = {"en": "Details: {name}", "ru": "Подробнее: {name}", "it": "Dettagli: {name}"}
FILTER = {"en": "Can be my commander", "ru": "Может быть моим командиром",
          "it": "Può essere il mio comandante"}
ICONS = {"common": "●", "uncommon": "◆", "rare": "★", "mythic": "✸"}
PACK_CELLS = "#pack-grid .card-cell"
TWINS_SEED = 225
"""A 2-seat CMR draft whose first packs both hold one card twice: the zoom must open the
tile it was asked for, not stumble on the twin (a random pack did so about one time in 14)."""
SEED = 7
RANK = {"mythic": 5, "special": 4, "bonus": 4, "rare": 3, "uncommon": 2, "common": 1}
# Per tile: the tile's box, and whether its rarity, P/T and details button lie inside it.
TILE_BOXES = """() => [...document.querySelectorAll('#pack-grid .card-cell')].map((cell) => {
  const box = cell.getBoundingClientRect();
  const inside = (node) => {
    if (!node || !node.textContent.trim()) return true;
    const r = node.getBoundingClientRect();
    return r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1
      && r.bottom <= box.bottom + 1 && r.width > 0;
  };
  const name = cell.querySelector('.card-name');
  return {name: name.textContent, right: box.right,
          frame: cell.querySelector('.frame-tag').textContent,
          icon: cell.querySelector('.rarity-icon').textContent,
          rarity: inside(cell.querySelector('.rarity')),
          pt: inside(cell.querySelector('.pt')),
          details: inside(cell.querySelector('.card-details')),
          nameFits: name.scrollWidth <= name.clientWidth + 1};
})"""


@pytest.fixture(scope="module")
def text_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with default settings whose database holds imported CMR rules text."""
    _need_chromium()
    data = tmp_path_factory.mktemp("zoom")
    cards = data / "cmr.json"
    cards.write_text(json.dumps([record(card) for card in load_set("CMR").cards]))
    imported = CliRunner().invoke(cli, ["cards", "import", str(cards), "--db",
                                        f"sqlite:///{data}/db.sqlite3", "--data-dir", str(data)])
    assert imported.exit_code == 0, imported.output
    with running_server(data) as base:
        yield base


class Counted:
    """Every request that would leave this machine, aborted and remembered."""

    def __init__(self, context: BrowserContext) -> None:
        self.outside: list[str] = []
        context.route("**/*", self.route)  # registered last: sees every request first

    def route(self, route: Route) -> None:
        if urlsplit(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()


def new_seat(base: str, seed: int) -> tuple[Any, Any, Any]:
    pod: Any = call_api(base, "POST", "/api/pods",
                        {"set": "CMR", "seats": 2, "bots": True, "seed": seed})
    seat: Any = call_api(base, "POST", f"/api/pods/{pod['pod_id']}/seats", {"name": "Rosa"})
    call_api(base, "POST", f"/api/pods/{pod['pod_id']}/start", token=pod["host_token"])
    me = call_api(base, "GET", f"/api/pods/{pod['pod_id']}/me", token=seat["seat_token"])
    return pod, seat, me


def open_seat(context: BrowserContext, base: str, pod: Any, seat: Any, lang: str) -> Page:
    page = context.new_page()
    page.goto(f"{base}/pods/{pod['pod_id']}/seat?lang={lang}#seat_token={seat['seat_token']}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#pack-grid .card")).to_have_count(20)
    return page


def is_commander(card: dict[str, Any]) -> bool:
    leads = {"legendary_creature", "says_so", "background"}
    return bool(leads & set(card["commander"])) or card["can_be_commander"]


def check_zoom(page: Page, card: dict[str, Any], lang: str, tile: int | None = None) -> None:
    """Open `card`'s zoom by its "Details" button: the pack's `tile`-th one when given (a
    pack can hold the same card twice, so a name alone may match two buttons), else the one
    button with that name on the page."""
    scope: Page | Locator = page if tile is None else page.locator(PACK_CELLS).nth(tile)
    scope.get_by_role("button", name=DETAILS[lang].format(name=card["name"]), exact=True).click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_have_text(card["name"])
    expect(dialog).to_contain_text(f"Synthetic rules of {card['name']}.")
    expect(dialog).to_contain_text(card["type_line"])


@pytest.mark.parametrize("lang", ["en", "ru", "it"])
@pytest.mark.parametrize("width", [360, 390])
def test_a_pack_reads_best_first_zooms_without_picking_and_stays_on_the_lan(
    text_server: str, browser: Browser, lang: str, width: int
) -> None:
    context = new_context(browser, viewport={"width": width, "height": 800},
                          is_mobile=True, has_touch=True)
    counted = Counted(context)
    pod, seat, me = new_seat(text_server, TWINS_SEED)
    page = open_seat(context, text_server, pod, seat, lang)
    by_name = {card["name"]: card for card in me["pack"]}
    assert len(by_name) < len(me["pack"]), "the pack should hold a card twice"

    names = page.locator(f"{PACK_CELLS} .card .card-name").all_inner_texts()
    shown = [by_name[name] for name in names]
    keys = [(is_commander(card), RANK.get(card["rarity"], 0)) for card in shown]
    assert keys == sorted(keys, reverse=True), keys
    marks = page.locator("#pack-grid .card.is-commander")
    expect(marks).to_have_count(sum(1 for card in shown if is_commander(card)))
    first_rules = page.locator("#pack-grid .card-rules").first
    expect(first_rules).to_have_text(f"Synthetic rules of {shown[0]['name']}.")

    screenshot(page, f"pack-sorted-{lang}-{width}")
    for tile in page.evaluate(TILE_BOXES):
        assert tile["right"] <= width and tile["rarity"] and tile["pt"] and tile["details"], tile
        assert tile["nameFits"], tile
        card = by_name[tile["name"]]
        # Not only by hue: black says B and colorless C; common and uncommon differ in shape.
        assert tile["frame"] == ("".join(card["colors"]) or "C")
        assert tile["icon"] == ICONS.get(card["rarity"], tile["icon"])
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    check_zoom(page, shown[0], lang, tile=0)
    screenshot(page, f"zoom-{lang}-{width}")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    check_zoom(page, shown[1], lang, tile=1)
    page.mouse.click(3, 3)  # a tap outside the panel, on the backdrop
    expect(page.get_by_role("dialog")).to_have_count(0)
    check_zoom(page, shown[2], lang, tile=2)
    page.locator("dialog .zoom-close").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    twin = next(i for i, name in enumerate(names) if name in names[:i])  # the second copy
    check_zoom(page, shown[twin], lang, tile=twin)
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(page.locator("#pack-grid .card.selected")).to_have_count(0)  # zoom is no pick

    assert counted.outside == []
    context.close()


def test_the_deck_builder_zooms_a_pool_card(text_server: str, browser: Browser) -> None:
    context = new_context(browser, viewport={"width": 360, "height": 800},
                          is_mobile=True, has_touch=True)
    counted = Counted(context)
    pod, seat, _ = new_seat(text_server, SEED)
    page = open_seat(context, text_server, pod, seat, "en")
    finish_draft(text_server, pod["pod_id"], seat["seat_token"])
    expect(page.locator("#builder")).to_be_visible()
    me: Any = call_api(text_server, "GET", f"/api/pods/{pod['pod_id']}/me",
                       token=seat["seat_token"])
    names = [card["name"] for card in me["pool"]]
    card = next(c for c in me["pool"] if names.count(c["name"]) == 1)
    check_zoom(page, card, "en")
    screenshot(page, "zoom-builder-en-360")
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert counted.outside == []
    context.close()


def test_the_pool_tab_filter_keeps_only_commanders(text_server: str, browser: Browser) -> None:
    context = new_context(browser, viewport={"width": 390, "height": 844},
                          is_mobile=True, has_touch=True)
    counted = Counted(context)
    pod, seat, me = new_seat(text_server, SEED)
    page = open_seat(context, text_server, pod, seat, "it")
    for _ in range(3):
        me = call_api(text_server, "GET", f"/api/pods/{pod['pod_id']}/me",
                      token=seat["seat_token"])
        ordered = sorted(me["pack"], key=lambda c: not is_commander(c))
        call_api(text_server, "POST", f"/api/pods/{pod['pod_id']}/picks",
                 {"pick": me["pick"], "cards": [c["id"] for c in ordered[:2]]},
                 token=seat["seat_token"])
    me = call_api(text_server, "GET", f"/api/pods/{pod['pod_id']}/me", token=seat["seat_token"])
    page.locator("#tab-pool").click()
    rows = page.locator("#pool-list .card-row")
    expect(rows).to_have_count(len(me["pool"]))
    page.get_by_label(FILTER["it"], exact=False).check()
    expect(rows).to_have_count(sum(1 for c in me["pool"] if is_commander(c)))
    screenshot(page, "pool-commanders-it-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    names = [c["name"] for c in me["pool"]]
    card = next(c for c in me["pool"] if is_commander(c) and names.count(c["name"]) == 1)
    check_zoom(page, card, "it")
    screenshot(page, "zoom-pool-it-390")
    assert counted.outside == []
    context.close()


def test_the_game_board_zooms_a_commander_by_name(text_server: str, browser: Browser) -> None:
    with httpx.Client(base_url=text_server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=21)
    context = new_context(browser, viewport={"width": 360, "height": 740},
                          is_mobile=True, has_touch=True)
    counted = Counted(context)
    page = context.new_page()
    page.goto(f"{text_server}/pods/{pod.pod_id}/seat#seat_token={seats['Bob'].token}")
    expect(page.locator("#game-board .life-card")).to_have_count(3)
    ann = page.locator("#game-board .life-card[aria-label=Ann]")
    ann.locator("summary", has_text="Commander tax").click()  # the commanders' list
    ann.get_by_role("button", name="Details: The Prismatic Piper").first.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Synthetic rules of The Prismatic Piper.")
    expect(dialog).to_contain_text("Partner: it can share the command zone")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    assert counted.outside == []
    context.close()
