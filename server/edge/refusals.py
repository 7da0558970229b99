"""The error envelope sent straight from ASGI middleware, in the reader's language.

Why: the guards in front of the app (`server.edge.hosts`, `server.edge.rate_limits`) refuse before
FastAPI's exception handlers exist for that request, yet a phone must get the same JSON
shape and the same translated sentence for a code as from any route.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from starlette.requests import HTTPConnection
from starlette.types import Scope, Send

from server.i18n.choice import request_language
from server.i18n.errors import error_message


async def send_refusal(scope: Scope, send: Send, status: int, code: str, english: str,
                       headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    """Answer an HTTP request with `{"error": {"code", "message"}}` and `status`."""
    message = error_message(code, request_language(HTTPConnection(scope)), english)
    body = json.dumps({"error": {"code": code, "message": message}},
                      ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})
