"""The one place that turns any error into the protocol's envelope: FastAPI's handlers.

Why one handler: routes raise `PodError`s (`server.core.errors`, or let the engine's
`DraftError`s through) and never build HTTP responses for failures; every refusal has the
same JSON shape, `{"error": {"code", "message"}}` (`server.edge.refusals.error_envelope`,
which the guards before the app use too), in the reader's language.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from draft import errors as draft_errors
from pods.errors import PodsError
from server.core.errors import PodError
from server.db import OperationalError
from server.edge.refusal_for import Refusal, invalid, refusal_for
from server.edge.refusals import error_envelope

log = logging.getLogger(__name__)


def _reply(request: Request, refused: Refusal) -> JSONResponse:
    """The envelope with its message in the request's language (`server.edge.refusals`)."""
    return JSONResponse(error_envelope(request, refused.code, refused.message),
                        status_code=refused.status, headers=refused.headers)


def install_error_handlers(app: FastAPI) -> None:
    """Map every refusal to the protocol's error envelope (never a 500 for bad input)."""

    async def _refused(request: Request, error: Exception) -> JSONResponse:
        refused = refusal_for(error)
        if refused is None:
            return await _bug(request, error)
        return _reply(request, refused)

    for family in (PodError, draft_errors.DraftError, PodsError, ValidationError,
                   OperationalError):
        app.add_exception_handler(family, _refused)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return _reply(request, invalid(error.errors(), skip=("body",)))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return _reply(request, Refusal(error.status_code, code, str(error.detail),
                                       getattr(error, "headers", None)))

    @app.exception_handler(Exception)
    async def _bug(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=error)
        return _reply(request, Refusal(500, "internal", "Something went wrong on the server."))
