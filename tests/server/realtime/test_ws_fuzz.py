"""The WebSocket against hostile phones, over a real socket to a real server process.

Rules: every bad message gets a clear `error` (or a close with a code and a reason); no bad
message changes the stored pick log; a phone flooding 1,000 messages a second is refused,
then cut off, and does not materially slow the other seats' picks.
"""

from __future__ import annotations

import json
import random
import statistics
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.services.test_restore import stored_log
from tests.server.support.builders import PodHandle, SeatHandle, bearer, join, new_pod, start
from tests.server.support.figures import report
from tests.server.support.live import LiveServer
from tests.server.support.socket_views import acks_in

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def answer(ws: ClientConnection, timeout: float = 5) -> dict[str, Any]:
    """The reply to the last message (pushed snapshots and updates are skipped)."""
    for _ in range(100):
        message = dict(json.loads(ws.recv(timeout=timeout)))
        if message["type"] not in ("update", "snapshot"):
            return message
        if acks := acks_in(message):  # a pick's ack rides in the view that shows it
            return acks[0]
    raise AssertionError("no reply")


def view_of(ws: ClientConnection) -> dict[str, Any]:
    ws.send(json.dumps({"type": "snapshot"}))
    for _ in range(100):
        message = dict(json.loads(ws.recv(timeout=5)))
        if message["type"] == "snapshot":
            return dict(message["view"])
    raise AssertionError("no snapshot")


def pod_with(server: LiveServer, names: tuple[str, ...]) -> tuple[PodHandle, list[SeatHandle]]:
    with server.client() as client:
        pod = new_pod(client, seats=8, seed=17)
        seats = [join(client, pod, name) for name in names]
        start(client, pod)
    return pod, seats


def bad_messages(mine: dict[str, Any], other: dict[str, Any]) -> list[tuple[str | bytes, str]]:
    """(message, expected error code): malformed, wrong types, unknown, illegal picks."""
    pick, pack = mine["pick"], [c["id"] for c in mine["pack"]]
    theirs = [c["id"] for c in other["pack"] if c["id"] not in pack][:2]
    absent = [i for i in range(20_000, 20_002)]
    return [
        ("{not json", "malformed"),
        ("\ud800 lone surrogate".encode("utf-8", "surrogatepass"), "malformed"),
        ("[" * 2000 + "]" * 2000, "malformed"),  # nested too deep for the parser
        ("null", "unknown_type"),
        ("[1, 2]", "unknown_type"),
        ('"pick"', "unknown_type"),
        ('{"type": 5}', "unknown_type"),
        ('{"type": ["pick"]}', "unknown_type"),
        ('{"type": "hello"}', "unknown_type"),
        ('{"type": "pick"}', "invalid"),
        (json.dumps({"type": "pick", "pick": "1", "cards": "ab"}), "invalid"),
        (json.dumps({"type": "pick", "pick": pick, "cards": [1.5, 2]}), "invalid"),
        (json.dumps({"type": "pick", "pick": pick, "cards": [10**30, 1]}), "invalid"),
        (json.dumps({"type": "pick", "pick": pick, "cards": [-1, 0]}), "invalid"),
        (json.dumps({"type": "pick", "pick": pick, "cards": pack[:3] + pack[:3]}), "invalid"),
        (json.dumps({"type": "pick", "pick": pick, "cards": []}), "invalid"),
        (json.dumps({"type": "pick", "pick": pick, "cards": pack[:2], "seat": 3}), "invalid"),
        (json.dumps({"type": "pick", "pick": pick, "cards": pack[:2],
                     "player_id": other["me"]["player_id"]}), "invalid"),
        (json.dumps({"type": "pick", "pick": pick, "cards": pack[:1]}), "wrong_pick_count"),
        (json.dumps({"type": "pick", "pick": pick, "cards": [pack[0], pack[0]]}),
         "duplicate_card"),
        (json.dumps({"type": "pick", "pick": pick, "cards": theirs}), "card_not_in_pack"),
        (json.dumps({"type": "pick", "pick": pick, "cards": absent}), "card_not_in_pack"),
        (json.dumps({"type": "pick", "pick": pick + 5, "cards": pack[:2]}), "stale_pick"),
        (json.dumps({"type": "pick", "pick": 0, "cards": pack[:2]}), "invalid"),
        (json.dumps({"type": "pick", "pick": pick, "cards": pack[:2], "ref": "x" * 100}),
         "invalid"),
    ]


def test_bad_messages_get_a_clear_error_and_change_nothing(
    live_server: Callable[..., LiveServer], db_url: str, request: pytest.FixtureRequest
) -> None:
    server = live_server()
    pod, (mal, bob) = pod_with(server, ("Mal", "Bob"))
    log_before = stored_log(db_url, pod.pod_id)
    with connect(server.ws_url(pod.pod_id, mal.token)) as ws, \
            connect(server.ws_url(pod.pod_id, bob.token)) as bob_ws:
        mine, other = view_of(ws), view_of(bob_ws)
        catalogue = bad_messages(mine, other)
        for message, code in catalogue:
            ws.send(message)
            reply = answer(ws)
            assert reply["type"] == "error", (message, reply)
            assert reply["code"] == code, (message, reply)
            assert reply["message"]
        assert stored_log(db_url, pod.pod_id) == log_before
        assert view_of(ws)["pick"] == 1

        cards = [c["id"] for c in mine["pack"][:2]]
        ws.send(json.dumps({"type": "pick", "pick": 1, "cards": cards, "ref": "a"}))
        assert answer(ws) == {"type": "ack", "ref": "a"}
        log_after_pick = stored_log(db_url, pod.pod_id)
        ws.send(json.dumps({"type": "pick", "pick": 1, "cards": cards, "ref": "again"}))
        assert answer(ws) == {"type": "ack", "ref": "again"}  # a resend: harmless
        others = [c["id"] for c in mine["pack"][2:4]]
        ws.send(json.dumps({"type": "pick", "pick": 1, "cards": others, "ref": "old"}))
        assert answer(ws)["code"] == "stale_pick"  # replaying pick 1 with other cards
        assert stored_log(db_url, pod.pod_id) == log_after_pick

        ws.send("x" * 5000)
        with pytest.raises(ConnectionClosed) as closed:
            answer(ws)
    assert closed.value.rcvd is not None
    assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (4413, "message too large")
    assert stored_log(db_url, pod.pod_id) == log_after_pick
    report(request, "ws_bad_messages", len(catalogue) + 3)


def timed_picks(ws: ClientConnection, count: int, gap: float = 0.0) -> list[float]:
    """Pick `count` times, `gap` seconds apart; seconds from send to ack."""
    latencies = []
    for _ in range(count):
        time.sleep(gap)
        view = view_of(ws)
        while not view["pack"]:  # waiting for a pack: ask gently, not in a tight loop
            time.sleep(0.02)
            view = view_of(ws)
        cards = [c["id"] for c in view["pack"][: view["picks_needed"]]]
        started = time.perf_counter()
        ws.send(json.dumps({"type": "pick", "pick": view["pick"], "cards": cards,
                            "ref": str(view["pick"])}))
        reply = answer(ws)
        latencies.append(time.perf_counter() - started)
        assert reply["type"] == "ack", reply
    return latencies


def human_picks_since(db_url: str, pod_id: str, count: int) -> list[int]:
    engine = sa.create_engine(db_url)
    with engine.connect() as connection:
        rows = connection.execute(sa.text(
            "SELECT seat, by_bot FROM pick WHERE pod_id = :p ORDER BY seq"), {"p": pod_id}).all()
    engine.dispose()
    return [seat for seat, by_bot in rows[count:] if not by_bot]


class Flooder:
    """Sends ~1,000 messages a second on one socket; reconnects when cut off (bounded)."""

    def __init__(self, url: str, seconds: float) -> None:
        self.url, self.seconds = url, seconds
        self.sent, self.closes, self.replies = 0, [], 0
        self.elapsed = 0.0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        rng = random.Random(3)
        began = time.monotonic()
        end = began + self.seconds
        while time.monotonic() < end and not self.stop.is_set():
            try:
                with connect(self.url) as ws:
                    while time.monotonic() < end and not self.stop.is_set():
                        kind = rng.choice(("pick", "ping", "junk", "snapshot"))
                        ws.send(json.dumps({"type": kind, "pick": 1, "cards": [0, 1]}))
                        self.sent += 1
                        pace = began + self.sent / 1000 - time.monotonic()  # 1,000 per second
                        if pace > 0:
                            time.sleep(pace)
                        while True:  # read what is there, so replies do not pile up
                            try:
                                ws.recv(timeout=0)
                                self.replies += 1
                            except TimeoutError:
                                break
            except ConnectionClosed as error:
                self.closes.append(error.rcvd.code if error.rcvd else None)
            except OSError:
                time.sleep(0.01)
        self.elapsed = time.monotonic() - began


def test_a_flood_from_one_socket_does_not_slow_the_other_seats(
    live_server: Callable[..., LiveServer], db_url: str, request: pytest.FixtureRequest
) -> None:
    server = live_server()
    pod, (mal, bob) = pod_with(server, ("Mal", "Bob"))
    with server.client() as client:  # Mal's seat drafts by bot; Mal only floods
        mal_id = mal.player_id
        assert client.post(pod.url(f"/players/{mal_id}/bot"), headers=pod.host,
                           json={"bot": True}).status_code == 200
    with connect(server.ws_url(pod.pod_id, bob.token)) as ws:
        bob_seat = view_of(ws)["me"]["seat"]
        before = timed_picks(ws, 8)
        log_before = len(stored_log(db_url, pod.pod_id)[1])
        flooder = Flooder(server.ws_url(pod.pod_id, mal.token), seconds=3)
        flooder.thread.start()
        time.sleep(0.2)
        during = timed_picks(ws, 8, gap=0.25)
        flooder.thread.join(10)
    with server.client() as client:
        assert client.get("/healthz").status_code == 200
        assert client.get(pod.url("/me"), headers=bearer(bob.token)).status_code == 200
    # The only human picks stored since the flood began are Bob's 8 (the rest are bots').
    assert human_picks_since(db_url, pod.pod_id, log_before) == [bob_seat] * 8
    base, flood = statistics.median(before), statistics.median(during)
    report(request, "flood_messages_sent", flooder.sent)
    report(request, "flood_rate_per_second", round(flooder.sent / flooder.elapsed))
    report(request, "flood_closed_with", sorted(set(flooder.closes)))
    report(request, "pick_latency_ms_before_median", round(base * 1000, 1))
    report(request, "pick_latency_ms_during_flood_median", round(flood * 1000, 1))
    report(request, "pick_latency_ms_during_flood_max", round(max(during) * 1000, 1))
    assert 4408 in flooder.closes
    assert flood < max(10 * base, 0.2)
