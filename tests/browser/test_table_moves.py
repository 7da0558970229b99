"""A CLB table plays with the initiative and Undercity, a CMR table with the monarch, on
phones: whose turn, "End my turn", the venture offered at the holder's turn start, the crown
and the monarch's reminder to draw."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from tests.browser.support import new_context
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    draft_until_done,
    join,
    new_pod,
    play_tables,
    start,
)

pytestmark = pytest.mark.browser


def phone(browser: Browser, server: str, pod: PodHandle, seat: SeatHandle) -> Page:
    context = new_context(browser, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server}/pods/{pod.pod_id}/seat#seat_token={seat.token}")
    expect(page.locator("#game-board .life-card").first).to_be_visible()
    return page


def card(page: Page, name: str) -> Locator:
    return page.get_by_role("region", name=name, exact=True)


def ids(client: httpx.Client, pod: PodHandle) -> dict[str, str]:
    board = client.get(pod.url("/games/1"), headers=pod.host).json()
    return {p["name"]: p["player_id"] for p in board["players"]}


def move(client: httpx.Client, pod: PodHandle, auth: dict[str, str], **body: Any) -> None:
    response = client.post(pod.url("/games/1/moves"), headers=auth, json=body)
    assert response.status_code == 200, response.text


def test_a_clb_table_takes_the_initiative_and_ventures_at_the_turn_start(
    server: str, browser: Browser
) -> None:
    names = ("Ann", "Bob", "Cid", "Dee")
    with httpx.Client(base_url=server, timeout=30) as client:
        pod = new_pod(client, seats=4, seed=41, set="CLB")
        seats = {name: join(client, pod, name) for name in names}
        start(client, pod)
        draft_until_done(client, list(seats.values()))
        split = client.post(pod.url("/tables"), headers=pod.host, json={"without_decks": True})
        assert split.status_code == 200, split.text
        players = ids(client, pod)
        order = list(players)  # the board's seat order: the turn passes along it
        move(client, pod, pod.host, move="first_player", player_id=players[order[0]])
    first, second = order[0], order[1]
    holder = phone(browser, server, pod, seats[first])
    other = phone(browser, server, pod, seats[second])
    expect(holder.locator(".turn-bar")).to_contain_text("Your turn")

    card(holder, first).locator("summary", has_text="Monarch and initiative").click()
    card(holder, first).locator(".initiative").get_by_role(
        "button", name="Venture into Secret Entrance").click()
    expect(card(other, first).locator(".badge.initiative")).to_be_visible()
    expect(card(other, first).locator(".badge.room")).to_have_text("Secret Entrance")

    holder.get_by_role("button", name="End my turn").click()
    expect(other.locator(".turn-bar")).to_contain_text("Your turn")
    with httpx.Client(base_url=server, timeout=30) as client:
        for name in order[1:]:
            move(client, pod, seats[name].auth, move="end_turn")
    offer = holder.locator(".venture-offer")
    expect(offer.get_by_role("button")).to_have_count(2)  # Forge or Lost Well, nothing else
    offer.get_by_role("button", name="Venture into Lost Well").click()
    expect(offer).to_have_count(0)
    expect(card(other, first).locator(".badge.room")).to_have_text("Lost Well")
    expect(other.locator(".turn-bar")).to_contain_text("Turn 5")


def test_a_cmr_table_crowns_the_monarch_who_is_reminded_to_draw(
    server: str, browser: Browser
) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=42)
        move(client, pod, pod.host, move="first_player", player_id=ids(client, pod)["Bob"])
    bob = phone(browser, server, pod, seats["Bob"])
    ann = phone(browser, server, pod, seats["Ann"])
    card(bob, "Bob").locator("summary", has_text="Monarch and initiative").click()
    bob.get_by_role("button", name="Become the monarch").click()
    expect(card(ann, "Bob").locator(".badge.crown")).to_be_visible()
    expect(bob.locator(".turn-bar .reminder")).to_contain_text("draw a card")
    expect(ann.get_by_role("button", name="End my turn")).to_have_count(0)
    bob.get_by_role("button", name="End my turn").click()
    expect(bob.locator("#toast")).to_contain_text("did you draw")
    expect(card(ann, "Bob").locator(".badge.crown")).to_be_visible()
    expect(ann.locator(".turn-bar")).to_contain_text("Turn 2")

    # Commander damage in fives and typed: 21 in three taps.
    card(ann, "Bob").locator("summary", has_text="damage").click()
    card(ann, "Bob").get_by_role("button", name="+5 commander damage for Bob").first.click()
    # Typed once the +5 is on the board: an update redraws the board and its inputs.
    expect(card(ann, "Bob").locator(".life-total")).to_have_text("35")
    typed = card(ann, "Bob").get_by_label("Amount of commander damage for Bob").first
    typed.fill("16")
    card(ann, "Bob").get_by_role("button", name="Add").first.click()
    expect(card(bob, "Bob")).to_have_class(re.compile(r"\bout\b"))


def test_taps_made_while_the_server_cannot_be_reached_arrive_once_after_a_reload(
    server: str, browser: Browser
) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=43)
    ann = phone(browser, server, pod, seats["Ann"])
    bob = phone(browser, server, pod, seats["Bob"])

    def unreachable(route: Route) -> None:
        if route.request.method == "POST":
            route.abort()
        else:
            route.continue_()

    ann.context.route("**/games/**", unreachable)
    ann.get_by_role("button", name="−1 life for Cid").click()
    ann.get_by_role("button", name="−5 life for Cid").click()
    expect(ann.locator(".queue-waiting")).to_have_text("2 changes waiting")
    ann.reload()  # the phone's page is lost too: the changes wait in localStorage
    expect(ann.locator(".queue-waiting")).to_have_text("2 changes waiting")
    expect(card(bob, "Cid").locator(".life-total")).to_have_text("40")
    ann.context.unroute("**/games/**", unreachable)
    expect(card(bob, "Cid").locator(".life-total")).to_have_text("34")
    expect(ann.locator(".queue-waiting")).to_be_hidden()
    with httpx.Client(base_url=server, timeout=30) as client:
        board = client.get(pod.url("/games/1"), headers=pod.host).json()
    assert board["seq"] == 2  # each change stored once
