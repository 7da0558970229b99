"""`WS /ws/pods/{pod_id}?token=…`: authenticate, then hand over to `server.routes.sockets.phone`.

Why not FastAPI routes: these endpoints run as plain ASGI in front of the HTTP middleware
stack (`server.edge.socket_dispatch`, which says how to add another socket route), so no
frame pays for HTTP middleware. The app serves every route of `SOCKET_ROUTES` that way.
"""

from __future__ import annotations

from starlette.websockets import WebSocket

from server.core.security import hash_token
from server.edge.socket_dispatch import SocketRoute
from server.i18n.choice import request_language
from server.routes.screen import screen_socket
from server.routes.sockets.phone import (
    CLOSE_BAD_TOKEN,
    CLOSE_REASONS,
    CLOSE_TOO_LARGE,
    CLOSE_UNKNOWN_POD,
    Connection,
)
from server.runtime import Runtime
from server.services.night import done_pods

CLOSE_POLICY = 1008


async def pod_socket(websocket: WebSocket, pod_id: str) -> None:
    """A phone's or the host's socket: the token (query `token`) says whose."""
    token = websocket.query_params.get("token", "")
    rt: Runtime = websocket.app.state.runtime
    await websocket.accept()
    pod = await rt.mode.touch(pod_id)  # several processes: made elsewhere, or not followed
    if pod is None:  # a finished pod is loaded when asked for
        pod = await done_pods.find_pod(rt, pod_id)
    if pod is None:
        await websocket.close(CLOSE_UNKNOWN_POD, CLOSE_REASONS[CLOSE_UNKNOWN_POD])
        return
    token_hash = hash_token(token)
    player = None
    if not pod.is_host(token_hash):
        player = pod.seat_token_owner(token_hash)
        if player is None:
            await websocket.close(CLOSE_BAD_TOKEN, CLOSE_REASONS[CLOSE_BAD_TOKEN])
            return
    await Connection(rt, websocket, pod, player, request_language(websocket)).run()


async def echo_socket(websocket: WebSocket) -> None:
    """The benchmark's baseline: the same socket stack, each message sent straight back.

    Off unless the server was started for a bench (`PRISMATIC_BENCH_ECHO=1`; `prismatic
    bench --spawn` does it): it needs no token and would otherwise be a free echo for
    anyone on the Wi-Fi."""
    rt: Runtime = websocket.app.state.runtime
    if not rt.settings.bench_echo:
        await websocket.close(CLOSE_POLICY)  # before accept: the handshake is refused (403)
        return
    limit = rt.settings.ws_max_message_bytes
    await websocket.accept()
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None or len(text.encode()) > limit:
            await websocket.close(CLOSE_TOO_LARGE, CLOSE_REASONS[CLOSE_TOO_LARGE])
            return
        await websocket.send_text(text)


SOCKET_ROUTES = (
    SocketRoute("/ws/pods/{pod_id}", pod_socket),
    SocketRoute("/ws/echo", echo_socket),
    SocketRoute("/ws/screen", screen_socket),
)
"""Every socket route, served in front of the middleware stack (`server.app`)."""
