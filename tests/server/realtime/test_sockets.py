"""The WebSocket against a real server process: snapshots, picks, pushes, limits.

Most tests here make a pod of their own on one SQLite server shared by the module
(`sqlite_server`): their rule is what a socket says, which memory decides before anything is
stored (`tests/server/support/databases.py`), and a server's start was most of each test's
time. The loopback address they come from is never rate-limited, and no test reads another's
pod. The tests of what is committed together run on both databases with a server each, as
does the one that stops its server to read the whole log.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.support.builders import PodHandle, SeatHandle, bearer, join, me, new_pod, start
from tests.server.support.databases import SQLITE_ONLY
from tests.server.support.live import LiveServer
from tests.server.support.socket_views import SocketViews, acks_in


def receive(ws: ClientConnection, timeout: float = 5) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=timeout)))


def receive_until(ws: ClientConnection, kind: str, timeout: float = 5) -> dict[str, Any]:
    for _ in range(50):
        message = receive(ws, timeout)
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def receive_ack(ws: ClientConnection, timeout: float = 5) -> dict[str, Any]:
    """The next acknowledgement: an `ack` frame, or a view carrying `acks`."""
    for _ in range(50):
        message = receive(ws, timeout)
        if acks := acks_in(message):
            return acks[0]
    raise AssertionError("no ack")


def two_seat_pod(server: LiveServer) -> tuple[PodHandle, SeatHandle, SeatHandle]:
    with server.client() as client:
        pod = new_pod(client, seats=2, seed=3)
        ann, bob = join(client, pod, "Ann"), join(client, pod, "Bob")
        start(client, pod)
    return pod, ann, bob


@pytest.fixture
def server(live_server: Callable[..., LiveServer]) -> LiveServer:
    return live_server()


@pytest.fixture(scope="module")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One SQLite server for the module's tests that only talk to it."""
    folder = tmp_path_factory.mktemp("sockets")
    server = LiveServer(f"sqlite:///{folder / 'test.db'}", folder / "data")
    server.start()
    yield server
    server.stop()


def test_snapshot_on_connect_shows_my_pack(sqlite_server: LiveServer) -> None:
    pod, ann, _bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
        message = receive(ws)
        assert message["type"] == "snapshot"
        view = message["view"]
        assert message["version"] == view["version"]
        assert view["me"]["name"] == "Ann"
        assert len(view["pack"]) == 20


def test_pick_over_the_socket_is_acked_and_the_next_seat_gets_the_pack(
    server: LiveServer,
) -> None:
    pod, ann, bob = two_seat_pod(server)
    with connect(server.ws_url(pod.pod_id, ann.token)) as ann_ws, \
            connect(server.ws_url(pod.pod_id, bob.token)) as bob_ws:
        ann_view = receive(ann_ws)["view"]
        bob_version = receive(bob_ws)["version"]
        cards = [c["id"] for c in ann_view["pack"][:2]]
        ann_ws.send(json.dumps({"type": "pick", "pick": 1, "cards": cards, "ref": "a1"}))
        assert receive_ack(ann_ws) == {"type": "ack", "ref": "a1"}
        # Bob's view changes as soon as Ann's pack lands in his queue.
        update = receive_until(bob_ws, "update")
        assert update["base"] == bob_version or update["base"] >= bob_version
        for _ in range(10):
            if update["view"]["packs_waiting"] == 1:
                break
            update = receive_until(bob_ws, "update")
        assert update["view"]["packs_waiting"] == 1
        assert ann_view["pack_id"] != update["view"]["pack_id"]


def test_a_picks_ack_rides_in_the_update_that_shows_the_pick(sqlite_server: LiveServer) -> None:
    """One socket write per pick for the picker: no separate `ack` frame follows."""
    pod, ann, _bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
        snapshot = receive(ws)
        cards = [c["id"] for c in snapshot["view"]["pack"][:2]]
        ws.send(json.dumps({"type": "pick", "pick": 1, "cards": cards, "ref": "a1"}))
        update = receive_until(ws, "update")
        ws.send(json.dumps({"type": "ping"}))
        assert receive(ws) == {"type": "pong"}
    assert update["acks"] == ["a1"] and update["base"] == snapshot["version"]
    assert update["view"]["pool_count"] == 2
    assert sorted(c["id"] for c in update["view"]["pool_added"]) == sorted(cards)


def test_picks_committed_together_ack_and_show_each_seat_only_its_own(
    server: LiveServer,
) -> None:
    """Both seats pick at once (one group commit, views coalesced): each socket's update
    carries its own pick's ack and its own cards, never the other seat's."""
    pod, ann, bob = two_seat_pod(server)
    with connect(server.ws_url(pod.pod_id, ann.token)) as ann_ws, \
            connect(server.ws_url(pod.pod_id, bob.token)) as bob_ws:
        views = {"ann": SocketViews(), "bob": SocketViews()}
        sockets = {"ann": ann_ws, "bob": bob_ws}
        first = {name: views[name].take(receive(ws)) for name, ws in sockets.items()}
        taken = {name: [c["id"] for c in first[name]["pack"][:2]] for name in sockets}
        for name, ws in sockets.items():
            ws.send(json.dumps({"type": "pick", "pick": 1, "cards": taken[name],
                                "ref": f"{name}-1"}))
        for name, ws in sockets.items():
            other = "bob" if name == "ann" else "ann"
            acked: list[str] = []
            view = first[name]
            while not acked or view["pick"] < 2 or not view["pack"]:
                message = receive(ws)
                acked += [ack["ref"] for ack in acks_in(message)]
                if message["type"] in ("update", "snapshot"):
                    view = views[name].take(message)
                    assert not set(taken[other]) & {c["id"] for c in view["pool"]}
            assert acked == [f"{name}-1"]
            assert sorted(c["id"] for c in view["pool"]) == sorted(taken[name])
            assert {c["id"] for c in view["pack"]} == (
                {c["id"] for c in first[other]["pack"]} - set(taken[other]))


def test_updates_chain_by_base_version(sqlite_server: LiveServer) -> None:
    pod, ann, bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, bob.token)) as bob_ws:
        version = receive(bob_ws)["version"]
        with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ann_ws:
            view = receive(ann_ws)["view"]
            cards = [c["id"] for c in view["pack"][:2]]
            ann_ws.send(json.dumps({"type": "pick", "pick": 1, "cards": cards}))
            receive_ack(ann_ws)
        for _ in range(3):
            update = receive_until(bob_ws, "update")
            assert update["base"] == version
            version = update["version"]


def test_reconnect_gets_the_same_view(sqlite_server: LiveServer) -> None:
    pod, ann, _bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
        view = receive(ws)["view"]
        cards = [c["id"] for c in view["pack"][:2]]
        ws.send(json.dumps({"type": "pick", "pick": 1, "cards": cards}))
        receive_ack(ws)
        ws.send(json.dumps({"type": "snapshot"}))
        before = receive_until(ws, "snapshot")["view"]
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
        after = receive(ws)["view"]
    for key in ("me", "pick", "pack", "pool", "packs_waiting", "round"):
        assert after[key] == before[key]


def test_a_seat_never_receives_another_seats_pack(sqlite_server: LiveServer) -> None:
    pod, ann, bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ann_ws, \
            connect(sqlite_server.ws_url(pod.pod_id, bob.token)) as bob_ws, \
            connect(sqlite_server.ws_url(pod.pod_id, pod.host_token)) as host_ws:
        bob_views = SocketViews()
        ann_view = receive(ann_ws)["view"]
        bob_view = bob_views.take(receive(bob_ws))
        host_text = host_ws.recv(timeout=5)
        ann_ids = {c["id"] for c in ann_view["pack"]}
        bob_ids = {c["id"] for c in bob_view["pack"]}
        assert not ann_ids & bob_ids
        host = json.loads(host_text)["view"]
        assert "pack" not in host and all("pool" not in p for p in host["players"])
        assert all(card["name"] not in host_text for card in ann_view["pack"]
                   if len(card["name"]) > 6)
        ann_ws.send(json.dumps({"type": "pick", "pick": 1,
                                "cards": [c["id"] for c in ann_view["pack"][:2]]}))
        receive_ack(ann_ws)
        update = bob_views.take(receive_until(bob_ws, "update"))
        seen = {c["id"] for c in (update["pack"] or [])} | {c["id"] for c in update["pool"]}
        assert seen <= bob_ids


def test_updates_carry_only_the_cards_added_to_the_pool_and_snapshots_the_whole_pool(
    sqlite_server: LiveServer,
) -> None:
    pod, ann, bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
        views = SocketViews()
        view = views.take(receive(ws))
        for _ in range(3):
            cards = [c["id"] for c in view["pack"][:2]]
            ws.send(json.dumps({"type": "pick", "pick": view["pick"], "cards": cards}))
            with sqlite_server.client() as client:  # Bob passes the next pack to Ann
                bobs = me(client, bob)
                client.post(pod.url("/picks"), headers=bearer(bob.token), json={
                    "pick": bobs["pick"], "cards": [c["id"] for c in bobs["pack"][:2]]})
            acked, picked = False, view["pick"]
            while not (acked and view["pick"] > picked and view["pack"]):
                message = receive(ws)
                acked = acked or bool(acks_in(message))
                if message["type"] == "ack":
                    continue
                assert message["type"] == "update" and "pool" not in message["view"]
                assert len(message["view"]["pool_added"]) in (0, 2)
                view = views.take(message)
        with sqlite_server.client() as client:
            assert view["pool"] == me(client, ann)["pool"]
        assert view["pool_count"] == 6
        ws.send(json.dumps({"type": "snapshot"}))
        snapshot = receive_until(ws, "snapshot")["view"]
        assert "pool_added" not in snapshot and snapshot["pool"] == view["pool"]


def test_host_socket_gets_the_dashboard(sqlite_server: LiveServer) -> None:
    pod, _ann, _bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, pod.host_token)) as ws:
        view = receive(ws)["view"]
        assert {p["name"] for p in view["players"]} == {"Ann", "Bob"}
        assert sorted(view["waiting_on"]) == [0, 1]


def test_bad_messages_get_errors_and_the_socket_stays_open(sqlite_server: LiveServer) -> None:
    pod, ann, _bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
        receive(ws)
        ws.send("{not json")
        assert receive(ws)["code"] == "malformed"
        ws.send(json.dumps({"type": "dance"}))
        assert receive(ws)["code"] == "unknown_type"
        ws.send(json.dumps({"type": "pick", "pick": 1, "cards": [1, 2, 3, 4], "ref": "x"}))
        error = receive(ws)
        assert error["type"] == "error" and error["ref"] == "x"
        ws.send(json.dumps({"type": "pick", "pick": 1, "cards": [99999, 99998]}))
        assert receive(ws)["code"] == "card_not_in_pack"
        ws.send(json.dumps({"type": "ping"}))
        assert receive(ws) == {"type": "pong"}


def test_a_bad_message_is_refused_in_the_same_words_as_over_http(
    sqlite_server: LiveServer,
) -> None:
    """One translator for HTTP and sockets: the same bad pick lists the same problems
    (up to three, not the first alone) under the same code."""
    pod, ann, _bob = two_seat_pod(sqlite_server)
    bad = {"pick": 0, "cards": [-1, 100_001]}
    with sqlite_server.client() as client:
        refused = client.post(pod.url("/picks"), headers=bearer(ann.token), json=bad)
    assert refused.status_code == 422
    over_http = refused.json()["error"]
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
        receive(ws)
        ws.send(json.dumps({"type": "pick", **bad}))
        over_socket = receive(ws)
    assert over_http["message"].count(";") == 2
    assert over_socket == {"type": "error", **over_http}


def test_a_bad_token_or_unknown_pod_closes_with_its_code(sqlite_server: LiveServer) -> None:
    pod, _ann, _bob = two_seat_pod(sqlite_server)
    for url, code in ((sqlite_server.ws_url(pod.pod_id, "wrong"), 4401),
                      (sqlite_server.ws_url("nopod", "wrong"), 4404)):
        with connect(url) as ws, pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == code


def test_an_oversized_message_closes_with_4413(sqlite_server: LiveServer) -> None:
    pod, ann, _bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
        receive(ws)
        ws.send(json.dumps({"type": "ping", "pad": "x" * 5000}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4413


def test_a_flood_is_refused_then_closed_with_4408(sqlite_server: LiveServer) -> None:
    pod, ann, _bob = two_seat_pod(sqlite_server)
    with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
        receive(ws)
        codes = []
        with contextlib.suppress(ConnectionClosed):
            for _ in range(200):
                ws.send(json.dumps({"type": "ping"}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                codes.append(receive(ws).get("code"))
        assert "rate_limited" in codes
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408


@SQLITE_ONLY
def test_tokens_never_reach_the_server_log(server: LiveServer) -> None:
    pod, ann, _bob = two_seat_pod(server)
    with connect(server.ws_url(pod.pod_id, ann.token)) as ws:
        receive(ws)
    with connect(server.ws_url(pod.pod_id, pod.host_token)) as ws:
        receive(ws)
    server.stop()
    log = server.output()
    assert "WebSocket" in log  # the handshakes are logged ...
    assert ann.token not in log and pod.host_token not in log  # ... without the tokens


def test_a_kicked_players_socket_is_closed(sqlite_server: LiveServer) -> None:
    with sqlite_server.client() as client:
        pod = new_pod(client, seats=3, seed=3)
        ann, _bob = join(client, pod, "Ann"), join(client, pod, "Bob")
        start(client, pod)
        with connect(sqlite_server.ws_url(pod.pod_id, ann.token)) as ws:
            receive(ws)
            client.delete(pod.url(f"/players/{ann.player_id}"), headers=pod.host)
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
