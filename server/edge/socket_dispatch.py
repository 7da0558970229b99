"""WebSockets first: a socket route runs as plain ASGI in front of the HTTP middleware stack.

The handshake is checked here once (`Host`, `Origin`, sizes), the rest by the socket
itself; any other socket path, and every HTTP request, goes to the app's middleware
stack. Why, what is checked where, and how to add a socket route to this path:
docs/architecture.md, "Sockets in front of the stack".
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
