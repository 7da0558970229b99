"""The one place that turns any error into the protocol's envelope: FastAPI's handlers.

Why one handler: routes raise `PodError`s (`server.core.errors`, or let the engine's
`DraftError`s through) and never build HTTP responses for failures; every refusal has the
same JSON shape, `{"error": {"code", "message"}}` (`server.edge.refusals.error_envelope`,
which the guards before the app use too), in the reader's language.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from draft import errors as draft_errors
from pods.errors import BadCharactersError, PodsError
from server.core.errors import PodError
from server.db import OperationalError
from server.db.disk import refusal
from server.edge.refusals import error_envelope

log = logging.getLogger(__name__)


# Engine errors that mean "not now" rather than "never valid".
_DRAFT_CONFLICTS = (draft_errors.NoPackError, draft_errors.DraftOverError)


def draft_error_status(error: draft_errors.DraftError) -> int:
    return 409 if isinstance(error, _DRAFT_CONFLICTS) else 422


def _reply(
    request: Request, code: str, message: str, status: int,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """The envelope with its message in the request's language (`server.edge.refusals`)."""
    return JSONResponse(error_envelope(request, code, message), status_code=status,
                        headers=headers)


_DOMAIN_CODES = frozenset({BadCharactersError.code})
"""Validation error types that are the services' error codes (`server.protocol.bodies`):
a name refused by its body says what the service would have said."""


def _validation_message(error: RequestValidationError) -> tuple[int, str, str]:
    details = error.errors()
    if any(item.get("type") == "json_invalid" for item in details):
        return 400, "malformed", "The request body is not valid JSON."
    code = "invalid"
    if details and details[0].get("type") in _DOMAIN_CODES:
        code = str(details[0]["type"])  # a body's rule that is a service's too
    parts = []
    for item in details[:3]:
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body")
        parts.append(f"{where}: {item.get('msg', 'invalid')}" if where else item.get("msg", ""))
    return 422, code, "; ".join(parts) or "The request is invalid."


def install_error_handlers(app: FastAPI) -> None:
    """Map every refusal to the protocol's error envelope (never a 500 for bad input)."""

    @app.exception_handler(PodError)
    async def _pod_error(request: Request, error: PodError) -> JSONResponse:
        return _reply(request, error.code, error.message, error.status, headers=error.headers)

    @app.exception_handler(draft_errors.DraftError)
    async def _draft_error(request: Request, error: draft_errors.DraftError) -> JSONResponse:
        return _reply(request, error.code, str(error), draft_error_status(error))

    @app.exception_handler(PodsError)
    async def _pods_error(request: Request, error: PodsError) -> JSONResponse:
        return _reply(request, error.code, str(error), 422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        status, code, message = _validation_message(error)
        return _reply(request, code, message, status)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return _reply(request, code, str(error.detail), error.status_code,
                      headers=getattr(error, "headers", None))

    @app.exception_handler(Exception)
    async def _bug(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=error)
        return _reply(request, "internal", "Something went wrong on the server.", 500)

    @app.exception_handler(OperationalError)
    async def _busy(request: Request, error: OperationalError) -> JSONResponse:
        log.warning("database unavailable: %s", str(error.orig).splitlines()[0])
        refused = refusal(error)  # db_busy, or disk_full when the laptop's disk is full
        return _reply(request, refused.code, refused.message, refused.status)
