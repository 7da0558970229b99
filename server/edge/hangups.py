"""A client that hangs up mid-answer is a normal event on a Wi-Fi, not a server error.

Why a middleware: when a phone goes away while its answer is being sent, the transport
raises (`ConnectionResetError`, uvicorn's `ClientDisconnected`), and without this the
exception handlers log a traceback for it and then fail again trying to send a 500. Here
an HTTP answer to a client that is gone is dropped quietly (one debug line), and a socket
handler that ends because its client left ends the request, not the log's peace.
"""

from __future__ import annotations

import logging

from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

log = logging.getLogger(__name__)


class QuietHangUps:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        gone = False

        async def send_unless_gone(message: Message) -> None:
            nonlocal gone
            if gone:
                return
            try:
                await send(message)
            except OSError:
                gone = True
                if scope["type"] == "websocket":
                    raise  # Starlette turns it into WebSocketDisconnect for the handler
                log.debug("client left during the answer to %s", scope.get("path"))

        try:
            await self.app(scope, receive, send_unless_gone)
        except (WebSocketDisconnect, ClientDisconnect):
            log.debug("client left during %s", scope.get("path"))
        except OSError:
            if not gone:  # the server's own trouble (a disk, say): the 500 path logs it
                raise
            log.debug("client left during %s", scope.get("path"))
