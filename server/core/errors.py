"""Domain errors of the shell and the one place that turns any error into the envelope.

Why one handler: routes raise `PodError`s (or let the engine's `DraftError`s through) and
never build HTTP responses for failures; every refusal has the same JSON shape,
`{"error": {"code", "message"}}`, and a stable code the phone can translate.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from draft import errors as draft_errors
from pods.errors import PodsError
from server.db.disk import is_disk_full
from server.i18n.choice import request_language
from server.i18n.errors import error_message

log = logging.getLogger(__name__)


class PodError(Exception):
    """A request the pod refuses; `status` and `code` say how and why."""

    status = 409
    code = "conflict"
    headers: Mapping[str, str] | None = None

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


class ForbiddenError(PodError):
    """The request needs something the client did not give (the lobby's join code)."""

    status = 403
    code = "forbidden"


class RateLimitedError(PodError):
    """This client did that too often; `Retry-After` says when it may again."""

    status = 429
    code = "rate_limited"

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.headers = {"Retry-After": str(int(retry_after))}


class ConflictError(PodError):
    """The request does not fit the pod's current state (phase, pause, full, stale pick)."""

    status = 409


class BusyError(PodError):
    """The database could not store the change right now; nothing changed, try again."""

    status = 503
    code = "db_busy"


class StaleError(BusyError):
    """Another process changed the pod first; nothing of this change was stored
    (several processes: `server.cluster.revisions`)."""

    code = "db_busy"


class DiskFullError(BusyError):
    """The laptop's disk is full: nothing changed and nothing is lost, but retrying helps
    only once the host frees some space (`server.db.disk`)."""

    code = "disk_full"


DISK_FULL_MESSAGE = "The laptop's disk is full — free some space; no pick is lost."


def refusal(error: BaseException) -> BusyError:
    """What a failed commit tells the client: `disk_full` when the disk is full, else
    "try again" (`db_busy`)."""
    if is_disk_full(error):
        return DiskFullError(DISK_FULL_MESSAGE)
    return BusyError("The database is busy; try again.", "db_busy")


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


def _reply(
    request: Request, code: str, message: str, status: int,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """The envelope with its message in the request's language (`server.i18n.errors`)."""
    translated = error_message(code, request_language(request), message)
    return JSONResponse(envelope(code, translated), status_code=status, headers=headers)


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
        refused = refusal(error)
        return _reply(request, refused.code, refused.message, refused.status)
