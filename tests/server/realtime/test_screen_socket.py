"""The store's screen's socket (`WS /ws/screen?token=…`) on a real server: a view on
connect, a new one after a pick and after a life tap, never a card of a pack, pool or
deck nor a token in any frame, and the guards of every socket (token, Origin, Host)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from server.db import OperationalError
from server.services.events import screens
from tests.server.routes.test_screen import (
    assert_shows_none,
    open_night,
    secret_cards,
    token_of,
)
from tests.server.support.builders import bearer, draft_until_done, take_first
from tests.server.support.databases import SQLITE_ONLY
from tests.server.support.live import LiveServer


@pytest.fixture
def server(live_server: Callable[..., LiveServer]) -> LiveServer:
    return live_server()


def screen_url(server: LiveServer, token: str) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/screen?token={token}"


def next_view(ws: ClientConnection, frames: list[str], test: Callable[[dict[str, Any]], bool],
              ) -> dict[str, Any]:
    """The first screen view that passes `test` (every frame read is kept in `frames`;
    a whole draft sends a view after about every pick)."""
    for _ in range(1000):
        text = ws.recv(timeout=10)
        assert isinstance(text, str)
        frames.append(text)
        message = json.loads(text)
        if message["type"] == "screen" and test(message["view"]):
            return dict(message["view"])
    raise AssertionError("no screen view passed the test")


def test_the_screen_follows_picks_and_life_taps_and_no_frame_shows_a_card(
    server: LiveServer
) -> None:
    frames: list[str] = []
    with server.client() as client:
        night, seats = open_night(client, 3)
        token = token_of(night["screen_url"])
        with connect(screen_url(server, token)) as ws:
            first = next_view(ws, frames, lambda view: True)
            assert sorted(first["pods"][0]["picking"]) == [s.name for s in seats]
            assert take_first(client, seats[0]).status_code == 200
            after_pick = next_view(ws, frames, lambda view: True)
            assert seats[0].name not in after_pick["pods"][0]["picking"]
            hidden = secret_cards(client, seats)
            draft_until_done(client, seats)
            hidden |= secret_cards(client, seats)
            next_view(ws, frames, lambda view: view["pods"][0]["phase"] == "building")
            pod_id = seats[0].pod_id
            host = bearer(night["host_token"])
            assert client.post(f"/api/pods/{pod_id}/tables", headers=host,
                               json={"without_decks": True}).status_code == 200
            next_view(ws, frames, lambda view: bool(view["pods"][0]["tables"]))
            game = client.get(f"/api/pods/{pod_id}/games/1", headers=host).json()
            target = game["players"][0]
            assert client.post(f"/api/pods/{pod_id}/games/1", headers=seats[1].auth,
                               json={"kind": "life", "target": target["player_id"],
                                     "delta": -3}).status_code == 200
            tapped = next_view(ws, frames, lambda view: any(
                p["life"] != 40 for p in view["pods"][0]["tables"][0]["players"]))
            lives = {p["name"]: p["life"] for p in tapped["pods"][0]["tables"][0]["players"]}
            assert lives[target["name"]] == 37
    everything = "\n".join(frames)
    assert_shows_none(everything, hidden)
    for secret in [night["host_token"], token, *(seat.token for seat in seats)]:
        assert secret not in everything


@SQLITE_ONLY
def test_the_screen_socket_takes_no_commands(server: LiveServer) -> None:
    with server.client() as client:
        night, seats = open_night(client, 3)
    with connect(screen_url(server, token_of(night["screen_url"]))) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "screen"
        ws.send(json.dumps({"type": "pick", "pick": 1, "cards": [1, 2]}))
        refused = json.loads(ws.recv(timeout=10))
        assert refused["type"] == "error" and refused["code"] == "unknown_type"
        ws.send("not json")
        assert json.loads(ws.recv(timeout=10))["code"] == "malformed"
        ws.send('{"type": "ping"}')
        assert json.loads(ws.recv(timeout=10)) == {"type": "pong"}
        ws.send('{"type": "snapshot"}')
        assert json.loads(ws.recv(timeout=10))["type"] == "screen"
    with server.client() as client:  # nothing was picked for anyone
        views = [client.get(f"/api/pods/{s.pod_id}/me", headers=s.auth).json() for s in seats]
    assert [view["pool_count"] for view in views] == [0, 0, 0]


@SQLITE_ONLY
@pytest.mark.parametrize("token", ["", "nope", "host"])
def test_a_socket_without_the_screen_token_is_closed_as_unknown(
    server: LiveServer, token: str
) -> None:
    with server.client() as client:
        night, _ = open_night(client, 3)
    if token == "host":
        token = night["host_token"]
    with connect(screen_url(server, token)) as ws, pytest.raises(ConnectionClosed) as closed:
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


@SQLITE_ONLY
def test_a_screen_socket_from_another_origin_or_with_a_large_message_is_refused(
    client: TestClient
) -> None:
    night, _ = open_night(client, 3)
    url = f"/ws/screen?token={token_of(night['screen_url'])}"
    for origin in ("http://evil.example", "null"):
        with pytest.raises(WebSocketDisconnect) as refused, \
                client.websocket_connect(url, headers={"Origin": origin}):
            pass
        assert refused.value.code == 1008, origin
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "screen"
        ws.send_text("x" * 5000)  # over the 4 KiB of any socket message
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4413
    with pytest.raises(WebSocketDisconnect), \
            client.websocket_connect(url, headers={"Host": "evil.example"}):
        pass


def test_a_busy_database_delays_the_screen_but_does_not_close_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    night, seats = open_night(client, 3)
    draft_until_done(client, seats)
    pod_id, host = seats[0].pod_id, bearer(night["host_token"])
    assert client.post(f"/api/pods/{pod_id}/tables", headers=host,
                       json={"without_decks": True}).status_code == 200
    game = client.get(f"/api/pods/{pod_id}/games/1", headers=host).json()
    winner = game["players"][0]
    busy = [OperationalError("SELECT", {}, Exception("database is locked"))]
    read_standings = screens.night_standings

    def flaky(*args: Any) -> Any:
        if busy:
            raise busy.pop()
        return read_standings(*args)

    url = f"/ws/screen?token={token_of(night['screen_url'])}"
    with client.websocket_connect(url) as ws:
        assert ws.receive_json()["view"]["standings"] == []
        monkeypatch.setattr(screens, "night_standings", flaky)
        assert client.post(f"/api/pods/{pod_id}/games/1/winner", headers=host,
                           json={"player_id": winner["player_id"]}).status_code == 200
        assert client.post(f"/api/pods/{pod_id}/games/1", headers=seats[0].auth,
                           json={"kind": "life", "target": winner["player_id"],
                                 "delta": -1}).status_code == 200
        view = ws.receive_json()["view"]
    assert busy == []
    assert view["standings"][0]["name"] == winner["name"]
    assert view["pods"][0]["tables"][0]["result"]["placings"][0]["name"] == winner["name"]


@SQLITE_ONLY
def test_a_season_screen_socket_opens_only_with_that_seasons_screen_token(
    server: LiveServer
) -> None:
    with server.client() as client:
        made = client.post("/api/seasons", json={"name": "Fridays",
                                                 "scoring": "win-draw-loss"}).json()
        host = client.get(f"/api/seasons/{made['season_id']}/host",
                          headers=bearer(made["host_token"])).json()
    token = host["screen_url"].partition("#screen_token=")[2]
    base = f"ws://127.0.0.1:{server.port}/ws/screen?season={made['season_id']}"
    with connect(f"{base}&token={token}") as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "screen"
        assert first["view"] == {"season_id": made["season_id"], "name": "Fridays",
                                 "night": None, "standings": [], "statistics": None}
    for wrong in ("", made["host_token"], token[:-1]):
        with connect(f"{base}&token={wrong}") as ws, pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
