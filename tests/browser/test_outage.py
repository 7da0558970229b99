"""A real outage at the table: the server is SIGKILLed and stays down while a phone taps
and submits a deck; it comes back on the same port and data, and every change the phone
kept arrives once, and the other phones see it.

Why a killed server and not aborted requests (`test_table_moves.py`): only a real outage
also drops the sockets, makes the phones reconnect, and makes the server replay the log
before it answers; the phone's queue must ride through all of it. Nothing here waits on a
clock but the outage itself: every check waits for what the page shows.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import NO_INTERNET
from tests.browser.support import new_context
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
from tests.server.support.live import LiveServer

pytestmark = pytest.mark.browser

OUTAGE_SECONDS = 15.0
"""How long the server stays down: longer than the phone's backoff steps (`WAITS` in
`game_queue.js`, up to 4 s), so the phone has tried and failed again and again."""
BACK_MS = 120_000
"""How long a check may wait for the restarted server and the phones' reconnects: a
start-up takes seconds on a loaded machine; this is a bound for a hang, not a pace."""


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    data = tmp_path / "data"
    server = LiveServer(db_url=f"sqlite:///{tmp_path}/db.sqlite3", data_dir=data)
    server.env.update({"PRISMATIC_PUBLIC_URL": server.base_url,
                       "PRISMATIC_SCRYFALL_URL": NO_INTERNET})
    server.start()
    yield server
    server.stop()


def seat_page(browser: Browser, live: LiveServer, pod: PodHandle, seat: SeatHandle) -> Page:
    context = new_context(browser, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live.base_url}/pods/{pod.pod_id}/seat#seat_token={seat.token}")
    return page


def outage(live: LiveServer, phone: Callable[[], None]) -> None:
    """SIGKILL the server, do `phone` (changes that the page shows waiting), keep the
    server down for the outage, and start it again on the same port and data."""
    down = time.monotonic()
    live.kill()
    phone()
    time.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - down)))
    live.start()


def test_taps_made_while_the_server_is_down_arrive_once_and_another_phone_sees_them(
    live: LiveServer, browser: Browser
) -> None:
    with live.client() as client:
        pod, seats = play_tables(client, ("Ann", "Bob", "Cid"), seed=43)
    ann, bob = (seat_page(browser, live, pod, seats[name]) for name in ("Ann", "Bob"))
    cid_on_bobs = bob.get_by_role("region", name="Cid", exact=True).locator(".life-total")
    expect(cid_on_bobs).to_have_text("40")

    def taps() -> None:
        ann.get_by_role("button", name="−1 life for Cid").click()
        ann.get_by_role("button", name="−5 life for Cid").click()
        expect(ann.locator(".queue-waiting")).to_have_text("2 changes waiting")

    outage(live, taps)

    expect(cid_on_bobs).to_have_text("34", timeout=BACK_MS)
    expect(ann.locator(".queue-waiting")).to_be_hidden(timeout=BACK_MS)
    with live.client() as client:
        board = client.get(pod.url("/games/1"), headers=pod.host).json()
    cid = next(p for p in board["players"] if p["name"] == "Cid")
    assert (board["seq"], cid["life"]) == (2, 34)  # each tap stored once
    assert [(line["author"], line["delta"]) for line in board["log"]] == [
        (seats["Ann"].player_id, -5), (seats["Ann"].player_id, -1)]


def test_a_deck_submitted_while_the_server_is_down_is_stored_once_when_it_is_back(
    live: LiveServer, browser: Browser, tmp_path: Path
) -> None:
    with live.client() as client:
        pod = new_pod(client, seats=3, seed=9)
        seats = [join(client, pod, name) for name in ("Ann", "Bob", "Cid")]
        start(client, pod)
        draft_until_done(client, seats)
    ann = seat_page(browser, live, pod, seats[0])
    expect(ann.locator("#submit-deck")).to_be_visible()
    ann.locator("#add-piper").click()

    def submit() -> None:
        ann.locator("#submit-deck").click()
        expect(ann.locator("#deck-waiting")).to_have_text("1 change waiting")

    outage(live, submit)

    expect(ann.locator("#deck-waiting")).to_be_hidden(timeout=BACK_MS)
    with live.client() as client:
        stored = me(client, seats[0])["deck"]
        host = client.get(pod.url("/host"), headers=pod.host).json()
    assert [c.get("piper") for c in stored["deck"]["commanders"]] == [True]
    assert next(p for p in host["players"] if p["name"] == "Ann")["deck_submitted"]
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        (row,) = db.execute("SELECT deck_json FROM player WHERE id = ?",
                            (seats[0].player_id,)).fetchone()
    assert len(json.loads(row)["refs"]) == 1  # one submit, stored under its one ref
