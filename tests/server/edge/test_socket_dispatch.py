"""Socket routes run as plain ASGI in front of the HTTP middleware stack.

Rules: a socket of a listed route never enters the middleware stack (no HTTP middleware
wraps its frames), yet a foreign `Host` or `Origin` is refused before its handshake; any
other socket path and every HTTP request go through the stack as before; a second route
is added by listing it, and gets its path parameters and the app's state.
"""

from __future__ import annotations

from typing import ClassVar

import pytest
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from server.app import create_app
from server.core.settings import Settings
from server.edge.socket_dispatch import SocketDispatch, SocketRoute
from tests.server.support.builders import join, new_pod

SETTINGS = Settings(public_url="http://testserver")  # the test client's own name


class SeenByStack:
    """An HTTP middleware that notes every scope type it wraps."""

    seen: ClassVar[list[str]] = []

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            SeenByStack.seen.append(f"{scope['type']} {scope['path']}")
        await self.app(scope, receive, send)


async def screen(websocket: WebSocket, room: str) -> None:
    """A second socket route, read-only: says which room it shows, then echoes."""
    await websocket.accept()
    await websocket.send_text(f"{room} {websocket.app.state.name}")
    await websocket.send_text(await websocket.receive_text())
    await websocket.close()


class App(Starlette):
    def build_middleware_stack(self) -> ASGIApp:
        return SocketDispatch(SeenByStack(super().build_middleware_stack()),
                              [SocketRoute("/ws/screen/{room}", screen)], SETTINGS)


def app() -> App:
    made = App(routes=[Route("/", lambda _request: PlainTextResponse("page"))])
    made.state.name = "night"
    return made


def test_a_listed_socket_route_skips_the_stack_and_gets_its_parameters() -> None:
    SeenByStack.seen = []
    with TestClient(app()) as client, client.websocket_connect("/ws/screen/7") as ws:
        assert ws.receive_text() == "7 night"
        ws.send_text("hello")
        assert ws.receive_text() == "hello"
    assert client.get("/").text == "page"
    assert SeenByStack.seen == ["http /"]


def test_other_socket_paths_go_through_the_stack() -> None:
    SeenByStack.seen = []
    with TestClient(app()) as client, pytest.raises(WebSocketDisconnect), \
            client.websocket_connect("/ws/elsewhere"):
        pass
    assert SeenByStack.seen == ["websocket /ws/elsewhere"]


def test_a_listed_route_still_refuses_a_foreign_host_and_origin() -> None:
    with TestClient(app()) as client:
        with pytest.raises(WebSocketDisconnect) as refused, \
                client.websocket_connect("/ws/screen/7", headers={"Host": "evil.example"}):
            pass
        assert refused.value.code == 1008
        with pytest.raises(WebSocketDisconnect) as refused, \
                client.websocket_connect("/ws/screen/7",
                                         headers={"Origin": "http://evil.example"}):
            pass
        assert refused.value.code == 1008


def test_the_pod_socket_is_served_in_front_of_the_apps_middleware(settings: Settings) -> None:
    """The real app: its HTTP middleware (here a marker added like the others) never sees
    a pod's socket, which still authenticates and sends its snapshot."""
    SeenByStack.seen = []
    real = create_app(settings)
    real.add_middleware(SeenByStack)
    with TestClient(real) as client:
        pod_socket_in_front(client)


def pod_socket_in_front(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    seat = join(client, pod, "Ann")
    with client.websocket_connect(f"/ws/pods/{pod.pod_id}?token={seat.token}") as ws:
        assert ws.receive_json()["type"] == "snapshot"
    with client.websocket_connect(f"/ws/pods/{pod.pod_id}?token=wrong") as ws, \
            pytest.raises(WebSocketDisconnect) as refused:
        ws.receive_json()
    assert refused.value.code == 4401
    assert not any(seen.startswith("websocket") for seen in SeenByStack.seen)
    assert any(seen.startswith("http /api/pods") for seen in SeenByStack.seen)
