"""A cap on HTTP request bodies, before anything reads them.

Why: every body the protocol accepts is small (a deck is the largest, well under 8 KiB);
refusing a large `Content-Length` up front keeps a misbehaving client from making the
server parse megabytes of JSON. Answers 413 with the protocol's error envelope.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Receive, Scope, Send

MAX_BODY_BYTES = 64 * 1024


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for name, value in scope.get("headers", ()):
                if name == b"content-length" and _too_big(value, self.max_bytes):
                    await _refuse(send)
                    return
        await self.app(scope, receive, send)


def _too_big(value: bytes, limit: int) -> bool:
    try:
        return int(value) > limit
    except ValueError:
        return True


async def _refuse(send: Send) -> None:
    body = json.dumps({"error": {"code": "too_large",
                                 "message": "The request body is too large."}}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
