"""The table's game through real sockets: one phone taps, the others see it at once, and
the totals survive a SIGKILL of the server."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from tests.server.realtime.test_sockets import receive, receive_until
from tests.server.support.builders import bearer, play_tables
from tests.server.support.live import LiveServer


@pytest.fixture
def server(live_server: Callable[..., LiveServer]) -> LiveServer:
    return live_server()


def life_of(game: dict[str, Any], name: str) -> int:
    return int(next(p["life"] for p in game["players"] if p["name"] == name))


def next_game_update(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The first update whose game has reached `seq` (a connect may publish before it)."""
    for _ in range(20):
        game = receive_until(ws, "update")["view"]["game"]
        if game["seq"] >= seq:
            return dict(game)
    raise AssertionError(f"no update reached seq {seq}")


def test_one_phone_taps_and_the_others_socket_gets_the_new_totals(server: LiveServer) -> None:
    with server.client() as client:
        pod, seats = play_tables(client)
    ann, bob = seats["Ann"], seats["Bob"]
    with connect(server.ws_url(pod.pod_id, ann.token)) as ann_ws, \
            connect(server.ws_url(pod.pod_id, bob.token)) as bob_ws:
        game = receive(ann_ws)["view"]["game"]
        assert receive(bob_ws)["view"]["game"]["seq"] == 0
        target = next(p["player_id"] for p in game["players"] if p["name"] == "Bob")
        ann_ws.send(json.dumps({"type": "adjust", "kind": "life", "target": target,
                                "delta": -5, "ref": "t1"}))
        assert receive_until(ann_ws, "ack") == {"type": "ack", "ref": "t1", "seq": 1}
        assert life_of(next_game_update(bob_ws, 1), "Bob") == 35
        ann_ws.send('{"type": "undo", "seq": 1, "ref": "u1"}')
        assert receive_until(ann_ws, "ack")["ref"] == "u1"
        assert life_of(next_game_update(bob_ws, 2), "Bob") == 40
        bob_ws.send('{"type": "undo", "seq": 1, "ref": "u2"}')
        refused = receive_until(bob_ws, "error")
        assert refused["code"] == "undo_refused" and refused["ref"] == "u2"


def test_taps_sent_at_once_from_two_phones_all_apply(server: LiveServer) -> None:
    with server.client() as client:
        pod, seats = play_tables(client)
    with connect(server.ws_url(pod.pod_id, seats["Ann"].token)) as ann_ws, \
            connect(server.ws_url(pod.pod_id, seats["Bob"].token)) as bob_ws:
        sockets = [ann_ws, bob_ws]
        game = receive(ann_ws)["view"]["game"]
        cid = next(p["player_id"] for p in game["players"] if p["name"] == "Cid")
        for i in range(15):
            for n, ws in enumerate(sockets):
                ws.send(json.dumps({"type": "adjust", "kind": "life", "target": cid,
                                    "delta": -1, "ref": f"{n}-{i}"}))
        for ws in sockets:
            acks = set()
            while len(acks) < 15:
                message = receive(ws)
                assert message["type"] != "error", message
                if message["type"] == "ack":
                    acks.add(message["ref"])
    with server.client() as client:
        final = client.get(pod.url("/games/1"), headers=pod.host).json()
    assert life_of(final, "Cid") == 40 - 30 and final["seq"] == 30


@pytest.mark.slow
def test_totals_are_the_same_after_a_sigkill(server: LiveServer) -> None:
    with server.client() as client:
        pod, seats = play_tables(client)
        ann = seats["Ann"]
        game = client.get(pod.url("/games/1"), headers=ann.auth).json()
        ids = {p["name"]: p["player_id"] for p in game["players"]}
        source = {"owner": ids["Ann"], "index": 1}
        for body in ({"kind": "life", "target": ids["Cid"], "delta": -7},
                     {"kind": "commander_damage", "target": ids["Bob"], "delta": 9,
                      "source": source},
                     {"kind": "commander_cast", "target": ids["Ann"], "delta": 1,
                      "source": {"owner": ids["Ann"], "index": 0}}):
            response = client.post(pod.url("/games/1"), headers=ann.auth, json=body)
            assert response.status_code == 200, response.text
        # The monarch and the initiative, one of them undone: the log replays both.
        for who, body in ((ann, {"move": "monarch"}), (seats["Bob"], {"move": "monarch"}),
                          (seats["Cid"], {"move": "initiative", "room": "Secret Entrance"}),
                          (seats["Cid"], {"move": "venture", "room": "Lost Well"})):
            response = client.post(pod.url("/games/1/moves"), headers=who.auth, json=body)
            assert response.status_code == 200, response.text
        response = client.post(pod.url("/games/1/undo"), headers=seats["Bob"].auth,
                               json={"seq": response.json()["seq"] - 2})
        assert response.status_code == 200, response.text
        before = response.json()
    server.restart()  # SIGKILL, then start again on the same database
    with server.client() as client:
        after = client.get(pod.url("/games/1"), headers=bearer(seats["Bob"].token)).json()
    assert after["players"] == before["players"]
    assert (after["monarch"], after["initiative"]) == (ids["Ann"], ids["Cid"])
    assert after["turn"] == before["turn"] and after["log"] == before["log"]
    assert life_of(after, "Cid") == 33 and life_of(after, "Bob") == 31
