"""A later round's table seats players of two pods: a tap over one pod's socket reaches the
other pod's phone at once (each phone stays on its own pod's socket and token)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from websockets.sync.client import connect

from tests.server.realtime.test_game_sockets import life_of, next_game_update
from tests.server.realtime.test_sockets import receive
from tests.server.support.live import LiveServer
from tests.server.support.nights import night_at_tables


@pytest.fixture
def server(live_server: Callable[..., LiveServer]) -> LiveServer:
    return live_server()


@pytest.mark.slow
def test_a_tap_on_one_pods_socket_reaches_the_other_pods_phone(server: LiveServer) -> None:
    with server.client() as client:
        night = night_at_tables(client)
        started = client.post(f"/api/events/{night.event_id}/rounds", headers=night.host,
                              json={"round": 2, "force": True})
        assert started.status_code == 200, started.text
    table = next(t for t in started.json()["round_tables"]
                 if len({night.pod_of[n] for n in t["players"]}) == 2)
    first = next(n for n in table["players"] if night.pod_of[n] == night.pod_ids[0])
    second = next(n for n in table["players"] if night.pod_of[n] == night.pod_ids[1])
    with connect(server.ws_url(night.pod_of[first], night.tokens[first])) as first_ws, \
            connect(server.ws_url(night.pod_of[second], night.tokens[second])) as second_ws:
        game = receive(first_ws)["view"]["game"]
        assert game["round"] == 2 and receive(second_ws)["view"]["game"]["seq"] == 0
        target = next(p["player_id"] for p in game["players"] if p["name"] == second)
        first_ws.send(json.dumps({"type": "adjust", "kind": "life", "target": target,
                                  "delta": -6, "ref": "r1"}))
        assert life_of(next_game_update(second_ws, 1), second) == 34
        second_ws.send(json.dumps({"type": "adjust", "kind": "life", "target": target,
                                   "delta": 2, "ref": "r2"}))
        assert life_of(next_game_update(first_ws, 2), second) == 36
