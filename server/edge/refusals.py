"""The protocol's error envelope, in the reader's language: built here for every refusal,
and sent straight from ASGI middleware.

Why one builder: the guards in front of the app (`server.edge.hosts`,
`server.edge.rate_limits`, `server.edge.body_limit`) refuse before FastAPI's exception
handlers exist for that request, yet a phone must get the same JSON shape and the same
translated sentence for a code as from any route (`server.edge.error_handlers`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from starlette.requests import HTTPConnection
from starlette.types import Scope, Send

from server.i18n.choice import request_language
from server.i18n.errors import error_message


def error_envelope(connection: HTTPConnection, code: str,
                   english: str) -> dict[str, dict[str, str]]:
    """`{"error": {"code", "message"}}`, the message in the request's language
    (`server.i18n.errors`; English keeps `english`, the refuser's own sentence)."""
    message = error_message(code, request_language(connection), english)
    return {"error": {"code": code, "message": message}}


async def send_refusal(scope: Scope, send: Send, status: int, code: str, english: str,
                       headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    """Answer an HTTP request with `{"error": {"code", "message"}}` and `status`."""
    body = json.dumps(error_envelope(HTTPConnection(scope), code, english),
                      ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *headers]})
    await send({"type": "http.response.body", "body": body})
