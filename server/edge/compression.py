"""Compress HTML, JSON and other text answers for the clients that accept it.

Why a middleware of our own rather than Starlette's GZip: a streamed answer (an export, a
zip, a download) must stay streamed, chunk by chunk, and most of it is compressed already;
and an answer that is compressed already (a static file, encoded once at start) must pass
untouched. So only a whole body sent in one message, of a text type, at least `MIN_BYTES`
long, is compressed. WebSocket frames never come here (`server.edge.socket_dispatch` serves
sockets before the middleware, and uvicorn runs without permessage-deflate): on a cheap
phone their CPU matters more than their bytes.
"""

from __future__ import annotations

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.edge.encodings import MIN_BYTES, choose, compressible, encode


def add_vary(headers: MutableHeaders, name: str) -> None:
    vary = [part.strip() for part in headers.get("vary", "").split(",") if part.strip()]
    if name.lower() not in {part.lower() for part in vary}:
        headers["vary"] = ", ".join([*vary, name])


class Compression:
    """ASGI middleware: gzip or brotli for a whole text body, per `Accept-Encoding`."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        coding = choose(Headers(scope=scope).get("accept-encoding", ""))
        start: Message | None = None

        async def send_compressed(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = Headers(raw=message.get("headers", []))
                if ("content-encoding" in headers
                        or not compressible(headers.get("content-type", ""))):
                    await send(message)  # not ours to touch: pass everything through
                    return
                start = message
                return
            if start is None:
                await send(message)
                return
            held, start = start, None
            headers = MutableHeaders(raw=list(held.get("headers", [])))
            add_vary(headers, "Accept-Encoding")
            body: bytes = message.get("body", b"")
            if message.get("more_body", False) or coding is None or len(body) < MIN_BYTES:
                held["headers"] = headers.raw  # streamed, refused or tiny: as it is
                await send(held)
                await send(message)
                return
            encoded = encode(body, coding, once=False)
            headers["content-encoding"] = coding
            headers["content-length"] = str(len(encoded))
            held["headers"] = headers.raw
            await send(held)
            await send({"type": "http.response.body", "body": encoded, "more_body": False})

        await self.app(scope, receive, send_compressed)
