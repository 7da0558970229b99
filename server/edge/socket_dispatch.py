"""WebSockets first: a socket route runs as plain ASGI in front of the HTTP middleware stack.

Why: a draft night's traffic is socket frames, and every frame of a socket served through
the app's stack went through every wrapper of it (the error, exception, hang-up, header,
host and body-limit middleware each wrapped `send` or `receive`, and the router matched the
path against every route). None of that is needed per frame. What a socket does need is
checked here, once, at the handshake, and by the socket itself afterwards:

- `Host` and `Origin`: the same `HostGuard` as HTTP (a foreign name or page is refused
  before the handshake is accepted: DNS rebinding, cross-site sockets);
- the sizes: uvicorn's `ws_max_size` and each endpoint's own message limit
  (`Settings.ws_max_message_bytes`), the connection limits per client address
  (`server.edge.connection_limits`, below ASGI, so unchanged), and the rate limits of
  `server.routes.sockets.phone`;
- the handshake's checks (pod, token) stay in the endpoint, before it accepts;
- a phone that left: a failed send ends the socket quietly here, as `QuietHangUps` does
  for HTTP (one thin wrapper of `send`, the only one a frame passes through).

Any other socket path (and every HTTP request) goes to the app's middleware stack as before.

How to add a socket route to this path (e.g. a read-only projector screen): write its
endpoint as `async def endpoint(websocket: WebSocket, **path_params: str) -> None` (query
parameters from `websocket.query_params`; the runtime from `websocket.app.state.runtime`;
close before `accept()` to refuse the handshake), and add `SocketRoute("/ws/…/{param}",
endpoint)` to `SOCKET_ROUTES` in `server/routes/ws.py` (or a list of your own module, joined
there). Nothing else: the app (`server.app.PrismaticApp`) puts every route of that list in
front of its stack, behind the Host and Origin checks.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.routing import compile_path
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from server.core.settings import Settings
from server.edge.hosts import HostGuard

log = logging.getLogger(__name__)

SocketEndpoint = Callable[..., Awaitable[None]]


@dataclass(frozen=True)
class SocketRoute:
    """A WebSocket path (Starlette's `{param}` syntax) and the endpoint that serves it."""

    path: str
    endpoint: SocketEndpoint
    _regex: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        regex, _format, _convertors = compile_path(self.path)
        object.__setattr__(self, "_regex", regex)

    def match(self, path: str) -> dict[str, str] | None:
        """The path parameters, when `path` is this route's."""
        found = self._regex.match(path)
        return found.groupdict() if found is not None else None


class SocketDispatch:
    """ASGI: a WebSocket handshake on one of `routes` goes (behind `HostGuard`) straight to
    its endpoint; everything else to `app`, the HTTP middleware stack."""

    def __init__(self, app: ASGIApp, routes: Sequence[SocketRoute], settings: Settings) -> None:
        self.app = app
        self.routes = tuple(routes)
        self.guarded = HostGuard(self._serve, settings=settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            for route in self.routes:
                params = route.match(scope["path"])
                if params is not None:
                    scope["path_params"] = params
                    scope["socket_route"] = route
                    await self.guarded(scope, receive, send)
                    return
        await self.app(scope, receive, send)

    @staticmethod
    async def _serve(scope: Scope, receive: Receive, send: Send) -> None:
        route: SocketRoute = scope["socket_route"]
        params: dict[str, Any] = scope["path_params"]
        gone = False

        async def send_noting_gone(message: Message) -> None:
            """Starlette turns a failed send into `WebSocketDisconnect` only once the socket
            is accepted; a phone gone during the handshake raises `OSError` itself."""
            nonlocal gone
            try:
                await send(message)
            except OSError:
                gone = True
                raise

        try:
            await route.endpoint(WebSocket(scope, receive, send_noting_gone), **params)
        except WebSocketDisconnect:
            log.debug("client left during %s", scope.get("path"))
        except OSError:
            if not gone:  # the server's own trouble: uvicorn logs it
                raise
            log.debug("client left during %s", scope.get("path"))
