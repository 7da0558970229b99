"""A cap on HTTP request bodies, before anything reads them.

Why: every body the protocol accepts is small (a deck is the largest, well under 8 KiB);
refusing a large body keeps a misbehaving client from making the server buffer and parse
megabytes of JSON. A `Content-Length` over the cap is refused up front; a body sent
without one (chunked) is counted as it arrives and cut off at the cap. Answers 413 with
the protocol's error envelope, in the reader's language (`server.edge.refusals`).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.edge.refusals import send_refusal
from server.protocol.season_file import MAX_FILE_BYTES

MAX_BODY_BYTES = 64 * 1024
LARGER_BODIES = {("POST", "/api/seasons/import"): MAX_FILE_BYTES}
"""The one body that is a file, not a phone's request: a season exported elsewhere."""


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = LARGER_BODIES.get((scope.get("method", ""), scope.get("path", "")),
                                  self.max_bytes)
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and _too_big(value, limit):
                await _refuse(scope, send)
                return
        body = await _read_capped(receive, limit)
        if body is None:
            await _refuse(scope, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _read_capped(receive: Receive, limit: int) -> bytes | None:
    """The whole body, or None once it grows past `limit` (a disconnect reads as empty)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b""
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)


def _too_big(value: bytes, limit: int) -> bool:
    try:
        return int(value) > limit
    except ValueError:
        return True


async def _refuse(scope: Scope, send: Send) -> None:
    await send_refusal(scope, send, 413, "too_large", "The request body is too large.")
