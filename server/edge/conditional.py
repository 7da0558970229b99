"""`ETag` on whole answers to GET, and `304 Not Modified` when the client has them already.

Why: a phone that reloads its seat, or a board view polled again, would otherwise move the
same bytes again over a crowded Wi-Fi. The tag is the body's hash, so it is right by
construction (no version to keep in step); the body is still made, only not sent. Weak
(`W/`) because the same body may go gzipped, brotli'd or plain (`server.edge.compression`).
Skipped: answers marked `no-store` (a token's recap), answers that tag themselves (static
files), streamed ones (exports, zips) and anything but 200.
"""

from __future__ import annotations

import hashlib

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.edge.encodings import compressible

KEPT_ON_304 = ("cache-control", "content-location", "date", "etag", "expires", "vary",
               "content-language")
"""What a 304 repeats (RFC 9110 §15.4.5); the security headers are added outside."""


def body_tag(body: bytes) -> str:
    return 'W/"' + hashlib.sha256(body).hexdigest()[:24] + '"'


def matches(if_none_match: str, tag: str) -> bool:
    """Weak comparison (RFC 9110 §13.1.2): `W/"x"` and `"x"` are the same tag."""
    bare = tag.removeprefix("W/")
    candidates = [part.strip() for part in if_none_match.split(",")]
    return any(part == "*" or part.removeprefix("W/") == bare for part in candidates)


def not_modified(start: Message, tag: str) -> Message:
    headers = Headers(raw=start.get("headers", []))
    kept = [(name.encode("latin-1"), value.encode("latin-1"))
            for name, value in headers.items() if name in KEPT_ON_304 and name != "etag"]
    if "vary" not in headers and compressible(headers.get("content-type", "")):  # as a 200
        kept.append((b"vary", b"Accept-Encoding"))
    return {"type": "http.response.start", "status": 304,
            "headers": [*kept, (b"etag", tag.encode("latin-1"))]}


class ConditionalGet:
    """ASGI middleware: tags whole 200 answers to GET and answers a matching tag with 304."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        if_none_match = Headers(scope=scope).get("if-none-match")
        start: Message | None = None

        async def send_tagged(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = Headers(raw=message.get("headers", []))
                if (message["status"] != 200 or "etag" in headers
                        or "no-store" in headers.get("cache-control", "").lower()):
                    await send(message)
                    return
                start = message
                return
            if start is None:
                await send(message)
                return
            held, start = start, None
            body: bytes = message.get("body", b"")
            if message.get("more_body", False):  # streamed: no tag without the whole body
                await send(held)
                await send(message)
                return
            tag = body_tag(body)
            if if_none_match is not None and matches(if_none_match, tag):
                await send(not_modified(held, tag))
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            headers = MutableHeaders(raw=list(held.get("headers", [])))
            headers["etag"] = tag
            held["headers"] = headers.raw
            await send(held)
            await send(message)

        await self.app(scope, receive, send_tagged)
