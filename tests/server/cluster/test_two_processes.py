"""Two `prismatic serve --cluster` processes over one PostgreSQL serve one pod together.

Rules: a pod's seats may be split across processes and every phone sees what a single
process would have shown (each seat's view is the same on both processes and its pool is
the replay of the stored log); a process SIGKILLed mid-draft loses no acknowledged pick,
its phones carry on at the other process, and the pick timer moves there too; picks that
race on one pod from two processes are each applied once or refused, never twice, never
lost; no phone is shown a card its seat could not see.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from websockets.sync.client import connect

from draft.replay import replay
from draft.state import DraftConfig
from tests.server.cluster.members import (
    SEED,
    WAIT_S,
    table_phones,
    tables_on_both,
    two_members,
    wait_known,
)
from tests.server.realtime.test_hidden_info import cards_in, visible_cards
from tests.server.services.test_restore import stored_bots, stored_log
from tests.server.support.builders import PodHandle, SeatHandle, join, me, new_pod, start
from tests.server.support.chaos import Phone, check_sightings
from tests.server.support.live import LiveServer
from tests.server.support.table_chaos import assert_shows_the_replay, stop_phones, stored_entries


@pytest.fixture(scope="module")
def servers(postgres_url: str, tmp_path_factory: pytest.TempPathFactory,
            ) -> Iterator[list[LiveServer]]:
    """Two cluster members on two ports, shared by this module's tests (the SIGKILL test
    starts its victim again when done, so the tests may run in any order). The first is up
    (and holds the timer lease) before the second starts."""
    with two_members(postgres_url, tmp_path_factory.mktemp("cluster"), pause=0.3) as started:
        yield started


def split_pod(servers: list[LiveServer], humans: int,
              timer: int | None = None) -> tuple[PodHandle, list[SeatHandle]]:
    """An 8-seat pod created on the first server, joined half on each, started on the
    second (the rest are bots)."""
    a, b = servers
    extra = {} if timer is None else {"pick_timer_seconds": timer}
    with a.client() as client:
        pod = new_pod(client, seats=8, seed=SEED, **extra)
    wait_known(b, pod)
    seats = []
    for i in range(humans):
        with servers[i % 2].client() as client:
            seats.append(join(client, pod, f"P{i}"))
    with b.client() as client:
        start(client, pod)
    with a.client() as client:  # the first process hears of the start by NOTIFY
        deadline = time.monotonic() + 5
        while me(client, seats[0])["phase"] != "drafting":
            assert time.monotonic() < deadline, "the start never reached the first process"
            time.sleep(0.02)
    return pod, seats


def phones_for(servers: list[LiveServer], seats: list[SeatHandle],
               seconds: float) -> list[Phone]:
    deadline = time.monotonic() + seconds
    phones = []
    for i, seat in enumerate(seats):
        server = servers[i % 2]
        phone = Phone(seat, server.base_url.replace("http://", "ws://"), server.base_url,
                      SEED + i, deadline)
        phone.stop_decks.set()
        phones.append(phone)
    return phones


def wait_drafted(phones: list[Phone], seconds: float) -> None:
    for phone in phones:
        phone.start()
    for phone in phones:
        assert phone.thread is not None
        phone.thread.join(seconds)
    assert all(phone.drafting_done.is_set() for phone in phones), "the draft did not end"


def without_version(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "version"}


def check_pools(servers: list[LiveServer], postgres_url: str, pod: PodHandle,
                seats: list[SeatHandle]) -> Any:
    """Every seat's view is the same on each live server, and its pool is the replay of
    the stored log (what one process running those picks would hold)."""
    players, log = stored_log(postgres_url, pod.pod_id)
    state = replay(DraftConfig("CMR", 8), SEED, players, log,
                   bots=stored_bots(postgres_url, pod.pod_id))
    assert state.finished
    for seat in seats:
        views = []
        for server in servers:
            with server.client() as client:
                views.append(me(client, seat))
        first = views[0]
        assert all(without_version(view) == without_version(first) for view in views)
        assert first["phase"] == "building"
        pool = tuple(card["id"] for card in first["pool"])
        assert pool == state.seats[first["me"]["seat"]].pool
    return state


@pytest.mark.slow
def test_a_pod_split_over_two_processes_drafts_like_one(
    servers: list[LiveServer], postgres_url: str
) -> None:
    pod, seats = split_pod(servers, humans=4)
    phones = phones_for(servers, seats, seconds=40)
    wait_drafted(phones, 40)
    check_pools(servers, postgres_url, pod, seats)
    allowed = visible_cards(postgres_url, pod.pod_id, SEED)
    for phone in phones:
        assert check_sightings(phone) == []
        seat = next(m for m in phone.messages if m["type"] == "snapshot")["view"]["me"]["seat"]
        shown = {card["id"] for message in phone.messages for card in cards_in(message)}
        assert shown <= allowed[seat]  # a seat sees only its own packs and pool
        assert "db_busy" not in phone.errors  # a lost race is retried, not shown


def agreed_views(servers: list[LiveServer], seats: list[SeatHandle]) -> dict[str, Any]:
    """Every seat's view by player id, once both processes show the same ones. Why wait:
    a process hears of the other's last picks by NOTIFY a moment after they were
    acknowledged; a round built from a view still behind sends both processes a pick that
    is already made, and both rightly answer `stale_pick`."""
    deadline = time.monotonic() + WAIT_S
    while True:
        shown = []
        for server in servers:
            with server.client() as client:
                shown.append({seat.player_id: without_version(me(client, seat))
                              for seat in seats})
        if shown[0] == shown[1]:
            return shown[0]
        assert time.monotonic() < deadline, "the processes never showed the same views"
        time.sleep(0.02)


def pick_over(server: LiveServer, seat: SeatHandle, pick: int, cards: list[int],
              results: list[tuple[str, str]], go: threading.Event, delay: float) -> None:
    """Send one pick over a fresh socket of `server` when `go` is set; record the answer."""
    url = server.base_url.replace("http://", "ws://")
    with connect(f"{url}/ws/pods/{seat.pod_id}?token={seat.token}") as ws:
        json.loads(ws.recv(timeout=5))  # the snapshot
        go.wait(5)
        time.sleep(delay)
        ws.send(json.dumps({"type": "pick", "pick": pick, "cards": cards, "ref": "r"}))
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] in ("ack", "error"):
                results.append((server.base_url, message.get("code", "ack")))
                return


@pytest.mark.slow
def test_racing_picks_from_two_processes_apply_once(
    servers: list[LiveServer], postgres_url: str
) -> None:
    """Random interleavings: every seat's current pick is sent to both processes at once,
    with other cards; exactly one is applied, the other is refused as stale. Seats race
    each other too (different seats' picks on both processes all land)."""
    a, b = servers
    pod, seats = split_pod(servers, humans=8)
    rng = random.Random(SEED)
    rounds = 4
    for _ in range(rounds):
        threads, results, go = [], [], threading.Event()
        expected: dict[str, list[list[int]]] = {}
        views = agreed_views(servers, seats)
        for seat in seats:
            view = views[seat.player_id]
            ids = [card["id"] for card in view["pack"]]
            choices = [ids[:view["picks_needed"]], ids[-view["picks_needed"]:]]
            expected[seat.player_id] = choices
            for server, cards in zip((a, b), choices, strict=True):
                results_of_seat: list[tuple[str, str]] = []
                results.append((seat, results_of_seat))
                thread = threading.Thread(target=pick_over, args=(
                    server, seat, view["pick"], cards, results_of_seat, go,
                    rng.uniform(0, 0.01)))
                thread.start()
                threads.append(thread)
        time.sleep(0.3)
        go.set()
        for thread in threads:
            thread.join(15)
        for seat in seats:
            answers = [code for s, got in results if s is seat for _, code in got]
            assert sorted(answers) == ["ack", "stale_pick"], answers
            with httpx.Client(base_url=b.base_url) as client:
                after = me(client, seat)
            took = {c for choice in expected[seat.player_id] for c in choice
                    if c in {card["id"] for card in after["pool"]}}
            assert took in ({*choice} for choice in expected[seat.player_id])
    players, log = stored_log(postgres_url, pod.pod_id)
    assert len(log) == 8 * rounds  # one stored pick per seat and round: none twice, none lost
    state = replay(DraftConfig("CMR", 8), SEED, players, log,
                   bots=stored_bots(postgres_url, pod.pod_id))
    for seat in seats:
        for server in servers:
            with server.client() as client:
                view = me(client, seat)
            assert tuple(c["id"] for c in view["pool"]) == state.seats[view["me"]["seat"]].pool


@pytest.mark.slow
def test_game_taps_on_two_processes_are_stored_once_and_shown_alike(
    servers: list[LiveServer], postgres_url: str
) -> None:
    """One table's phones tap through both processes at once (HTTP and socket): every
    acknowledged tap is stored once under its ref, and both processes show the replay."""
    a, b = servers
    pod, seats, board = tables_on_both(a, b)
    ends = time.monotonic() + 120  # a guard only: the phones stop once they tapped enough
    phones = table_phones(seats, board, {"Ann": (a, False), "Bob": (b, False), "Cid": (b, True)},
                          ends)
    for phone in phones:
        phone.start()
    while sum(len(phone.acked) for phone in phones) < 20 or not all(p.acked for p in phones):
        progress = "\n".join(phone.progress() for phone in phones)
        assert all(phone.errors == [] for phone in phones), progress
        assert time.monotonic() < ends, f"the phones hardly tapped:\n{progress}"
        time.sleep(0.05)  # every phone taps through its process meanwhile
    stop_phones(phones, time.monotonic() + 15)
    for phone in phones:
        assert phone.errors == []
    players_json, stored = stored_entries(postgres_url, pod.pod_id)
    assert len({(entry.author, ref) for entry, ref in stored}) == len(stored)
    acked = {(phone.seat.player_id, ref): seq for phone in phones
             for ref, (_tap, seq) in phone.acked.items()}
    assert len(acked) >= 20
    assert {(entry.author, ref): entry.seq for entry, ref in stored} == acked
    for server in servers:
        assert_shows_the_replay(server, pod, players_json, stored)


def timer_picks(postgres_url: str, pod_id: str, seat: SeatHandle) -> int:
    """How many of the seat's picks the pick timer made (stored `by_bot` for a human)."""
    engine = sa.create_engine(postgres_url)
    with engine.connect() as connection:
        count = connection.execute(sa.text(
            "SELECT count(*) FROM pick JOIN player ON player.pod_id = pick.pod_id "
            "AND player.seat = pick.seat WHERE pick.pod_id = :p AND player.id = :s "
            "AND pick.by_bot"), {"p": pod_id, "s": seat.player_id}).scalar_one()
    engine.dispose()
    return int(count)


@pytest.mark.slow
def test_a_sigkilled_process_loses_no_acknowledged_pick(
    servers: list[LiveServer], postgres_url: str
) -> None:
    """SIGKILL the first process mid-draft: its phones go on at the second, nothing they
    saw acknowledged is lost, and the pick timer (the first process held its lease) now
    fires from the second: seat P3's phone stays away until the timer picked for it."""
    a, b = servers
    try:
        pod, seats = split_pod(servers, humans=4, timer=1)
        late = seats[3]
        phones = phones_for(servers, seats, seconds=40)
        for phone in phones[:3]:
            phone.start()
        rng = random.Random(SEED)
        time.sleep(rng.uniform(0.5, 1.5))
        a.kill()
        b_ws = b.base_url.replace("http://", "ws://")
        for phone in phones:  # the balancer now sends every phone to the survivor
            phone.ws_base, phone.http_base = b_ws, b.base_url
        before = timer_picks(postgres_url, pod.pod_id, late)
        deadline = time.monotonic() + 10
        while timer_picks(postgres_url, pod.pod_id, late) < before + 2:
            assert time.monotonic() < deadline, "no process took the pick timer over"
            time.sleep(0.1)
        phones[3].start()
        for phone in phones:
            assert phone.thread is not None
            phone.thread.join(40)
        assert all(phone.drafting_done.is_set() for phone in phones), "the draft did not end"
        check_pools([b], postgres_url, pod, seats)
        lost = 0
        with b.client() as client:
            for phone in phones:
                pool = [card["id"] for card in me(client, phone.seat)["pool"]]
                lost += sum(card not in pool for cards in phone.acked.values() for card in cards)
                assert check_sightings(phone) == []
        assert lost == 0
        assert sum(len(phone.acked) for phone in phones[:3]) >= 20
        assert sum(phone.reconnects for phone in phones) >= 1  # the kill did cut phones off
    finally:
        if a.process is not None and a.process.poll() is not None:
            a.start()  # the next test finds both members up


def test_the_monarch_and_the_initiative_made_on_either_process_show_on_both(
    servers: list[LiveServer],
) -> None:
    """Moves of the whole table catch up like taps: each process takes the next move on
    top of the other's, and both show the same board."""
    a, b = servers
    pod, seats, _board = tables_on_both(a, b)
    moves = [(a, "Ann", {"move": "monarch", "ref": "m1"}),
             (b, "Bob", {"move": "initiative", "room": "Secret Entrance", "ref": "i1"}),
             (a, "Bob", {"move": "venture", "room": "Forge", "ref": "v1"}),
             (b, "Cid", {"move": "monarch", "ref": "m2"})]
    for step, (server, name, body) in enumerate(moves, start=1):
        seen_by(server, pod, step - 1)
        with server.client() as client:
            response = client.post(pod.url("/games/1/moves"), headers=seats[name].auth,
                                   json=body)
            assert response.status_code == 200, response.text
            assert response.json()["applied"] == step
    boards = [seen_by(server, pod, 4) for server in (a, b)]
    assert boards[0] == boards[1]
    ids = {p["name"]: p["player_id"] for p in boards[0]["players"]}
    assert (boards[0]["monarch"], boards[0]["initiative"]) == (ids["Cid"], ids["Bob"])
    bob = next(p for p in boards[0]["players"] if p["name"] == "Bob")
    assert bob["undercity"]["room"] == "Forge"


def seen_by(server: LiveServer, pod: PodHandle, seq: int) -> dict[str, Any]:
    """Game 1's board on `server` once it shows entry `seq` (the other process's, by NOTIFY)."""
    deadline = time.monotonic() + 10
    with server.client() as client:
        while (board := client.get(pod.url("/games/1"), headers=pod.host).json())["seq"] < seq:
            assert time.monotonic() < deadline, f"entry {seq} never reached {server.base_url}"
            time.sleep(0.02)
    return dict(board)
