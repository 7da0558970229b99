"""Domain errors of the shell and the one place that turns any error into the envelope.

Why one handler: routes raise `PodError`s (or let the engine's `DraftError`s through) and
never build HTTP responses for failures; every refusal has the same JSON shape,
`{"error": {"code", "message"}}`, and a stable code the phone can translate.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from draft import errors as draft_errors
from pods.errors import PodsError

log = logging.getLogger(__name__)


class PodError(Exception):
    """A request the pod refuses; `status` and `code` say how and why."""

    status = 409
    code = "conflict"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code:
            self.code = code


class UnknownPodError(PodError):
    """No pod (or player) with that id."""

    status = 404
    code = "unknown_pod"


class BadTokenError(PodError):
    """The token is missing, wrong, or belongs to another pod."""

    status = 401
    code = "bad_token"


class WrongRoleError(PodError):
    """A seat token used for a host action, or the other way round."""

    status = 403
    code = "wrong_role"


class ConflictError(PodError):
    """The request does not fit the pod's current state (phase, pause, full, stale pick)."""

    status = 409


class InvalidError(PodError):
    """Values that are well formed but not acceptable."""

    status = 422
    code = "invalid"


# Engine errors that mean "not now" rather than "never valid".
_DRAFT_CONFLICTS = (draft_errors.NoPackError, draft_errors.DraftOverError)


def draft_error_status(error: draft_errors.DraftError) -> int:
    return 409 if isinstance(error, _DRAFT_CONFLICTS) else 422


def envelope(code: str, message: str) -> dict[str, dict[str, str]]:
    return {"error": {"code": code, "message": message}}


def _validation_message(error: RequestValidationError) -> tuple[int, str, str]:
    details = error.errors()
    if any(item.get("type") == "json_invalid" for item in details):
        return 400, "malformed", "The request body is not valid JSON."
    parts = []
    for item in details[:3]:
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body")
        parts.append(f"{where}: {item.get('msg', 'invalid')}" if where else item.get("msg", ""))
    return 422, "invalid", "; ".join(parts) or "The request is invalid."


def install_error_handlers(app: FastAPI) -> None:
    """Map every refusal to the protocol's error envelope (never a 500 for bad input)."""

    @app.exception_handler(PodError)
    async def _pod_error(_request: Request, error: PodError) -> JSONResponse:
        return JSONResponse(envelope(error.code, error.message), status_code=error.status)

    @app.exception_handler(draft_errors.DraftError)
    async def _draft_error(_request: Request, error: draft_errors.DraftError) -> JSONResponse:
        return JSONResponse(envelope(error.code, str(error)), status_code=draft_error_status(error))

    @app.exception_handler(PodsError)
    async def _pods_error(_request: Request, error: PodsError) -> JSONResponse:
        return JSONResponse(envelope(error.code, str(error)), status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        status, code, message = _validation_message(error)
        return JSONResponse(envelope(code, message), status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return JSONResponse(
            envelope(code, str(error.detail)), status_code=error.status_code,
            headers=getattr(error, "headers", None),
        )

    @app.exception_handler(Exception)
    async def _bug(_request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=error)
        return JSONResponse(
            envelope("internal", "Something went wrong on the server."), status_code=500
        )

    @app.exception_handler(OperationalError)
    async def _busy(_request: Request, error: OperationalError) -> JSONResponse:
        log.warning("database unavailable: %s", str(error.orig).splitlines()[0])
        return JSONResponse(
            envelope("db_busy", "The database is busy; try again."), status_code=503
        )
