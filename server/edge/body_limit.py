"""A cap on HTTP request bodies, before anything reads them, and a share of one total budget.

Why: every body the protocol accepts is small (a deck is the largest, well under 8 KiB);
refusing a large body keeps a misbehaving client from making the server buffer and parse
megabytes of JSON. A `Content-Length` over the cap is refused up front; a body sent
without one (chunked) is counted as it arrives and cut off at the cap. Answers 413 with
the protocol's error envelope, in the reader's language (`server.edge.refusals`).
Every body also reserves its bytes in the app's `BodyBudget` until its request ends, so
all the bodies being received at once are bounded too (503 `uploads_busy` past it).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from server.edge.body_budget import BodyBudget
from server.edge.refusals import send_refusal
from server.protocol.season_file import MAX_FILE_BYTES

MAX_BODY_BYTES = 64 * 1024
LARGER_BODIES = {("POST", "/api/seasons/import"): MAX_FILE_BYTES}
"""The one body that is a file, not a phone's request: a season exported elsewhere."""
BUSY_RETRY_SECONDS = b"10"


class _TooLarge(Exception):
    """The body grew past its cap."""


class _OverBudget(Exception):
    """The body would take the server past its total budget for bodies."""


class _Gone(Exception):
    """The client hung up (or was cut off by the body timeout) before its body ended."""


class BodyLimit:
    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES,
                 budget: BodyBudget | None = None) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.budget = budget or BodyBudget(total_bytes=64 * 1024 * 1024,
                                           small_body_bytes=max_bytes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = LARGER_BODIES.get((scope.get("method", ""), scope.get("path", "")),
                                  self.max_bytes)
        declared = _declared_length(scope)
        if declared is not None and declared > limit:
            await _refuse_too_large(scope, send)
            return
        reserved = 0
        try:
            if declared:
                if not self.budget.reserve(declared):
                    raise _OverBudget
                reserved = declared
            body, reserved = await self._read(receive, limit, reserved, declared is not None)
            await self.app(scope, _replaying(body, receive), send)
        except _TooLarge:
            await _refuse_too_large(scope, send)
        except _OverBudget:
            await send_refusal(scope, send, 503, "uploads_busy",
                               "The server is receiving too many files at once. "
                               "Try again in a moment.",
                               headers=[(b"retry-after", BUSY_RETRY_SECONDS)])
        except _Gone:
            return  # nobody is left to answer; the app never sees half a body
        finally:
            self.budget.release(reserved)

    async def _read(self, receive: Receive, limit: int, reserved: int,
                    declared: bool) -> tuple[bytes, int]:
        """The whole body and the bytes now reserved for it. A body without a
        `Content-Length` reserves each chunk as it comes (`_OverBudget` when it cannot)."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                if size == 0 and not reserved:
                    return b"", reserved  # a request without a body, then a hang-up
                raise _Gone
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise _TooLarge
            if not declared and chunk:
                if not self.budget.reserve(len(chunk), body_so_far=size - len(chunk)):
                    raise _OverBudget
                reserved += len(chunk)
            chunks.append(chunk)
            if not message.get("more_body"):
                return b"".join(chunks), reserved


def _replaying(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the app the whole body once, then the client's own messages."""
    replayed = False

    async def replay() -> Message:
        nonlocal replayed
        if replayed:
            return await receive()
        replayed = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay


def _declared_length(scope: Scope) -> int | None:
    """The request's `Content-Length`; one that is not a number counts as too large."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return max(0, int(value))
            except ValueError:
                return 1 << 62
    return None


async def _refuse_too_large(scope: Scope, send: Send) -> None:
    await send_refusal(scope, send, 413, "too_large", "The request body is too large.")
