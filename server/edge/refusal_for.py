"""What any error a request or a socket frame raises tells the phone: one translator.

Why one: the HTTP handlers (`server.edge.error_handlers`) and the phone's socket
(`server.routes.sockets.phone`) each had their own list, and they drifted: the socket
named only the first of a message's problems where HTTP names three, and knew nothing of
the rules' own refusals (`PodsError`). Both now ask `refusal_for` and send what it says,
the socket as an `error` frame, HTTP as the envelope with `status`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from draft import errors as draft_errors
from pods.errors import BadCharactersError, PodsError
from server.core.errors import PodError
from server.db import OperationalError
from server.db.disk import refusal

log = logging.getLogger(__name__)

# Engine errors that mean "not now" rather than "never valid".
_DRAFT_CONFLICTS = (draft_errors.NoPackError, draft_errors.DraftOverError)

_DOMAIN_CODES = frozenset({BadCharactersError.code})
"""Validation error types that are the services' error codes (`server.protocol.bodies`):
a name refused by its body says what the service would have said."""

PROBLEMS_NAMED = 3
"""How many of a message's problems a refusal names: enough to fix a form at once, few
enough that a crafted body cannot make the answer long."""


@dataclass(frozen=True)
class Refusal:
    """A refusal in the protocol's terms; `message` is English (translated on sending)."""

    status: int
    code: str
    message: str
    headers: Mapping[str, str] | None = None


def draft_error_status(error: draft_errors.DraftError) -> int:
    return 409 if isinstance(error, _DRAFT_CONFLICTS) else 422


def invalid(details: Iterable[Mapping[str, Any]], skip: tuple[str, ...] = ()) -> Refusal:
    """Validation problems as one refusal: 400 `malformed` for JSON that does not parse,
    else 422 `invalid` (or the service's own code, such as `bad_characters`, when the
    first problem is one) naming up to `PROBLEMS_NAMED` of them by field path (`skip`
    drops location parts the reader never wrote, such as FastAPI's `body`)."""
    items = list(details)
    if any(item.get("type") == "json_invalid" for item in items):
        return Refusal(400, "malformed", "The request body is not valid JSON.")
    code = "invalid"
    if items and items[0].get("type") in _DOMAIN_CODES:
        code = str(items[0]["type"])  # a body's rule that is a service's too
    parts = []
    for item in items[:PROBLEMS_NAMED]:
        where = ".".join(str(p) for p in item.get("loc", ()) if p not in skip)
        what = item.get("msg", "invalid")
        parts.append(f"{where}: {what}" if where else what)
    return Refusal(422, code, "; ".join(parts) or "The request is invalid.")


def refusal_for(error: BaseException) -> Refusal | None:
    """The refusal `error` stands for, or None when it is a bug (the caller logs it and
    answers `internal`)."""
    if isinstance(error, PodError):
        return Refusal(error.status, error.code, error.message, error.headers)
    if isinstance(error, draft_errors.DraftError):
        return Refusal(draft_error_status(error), error.code, str(error))
    if isinstance(error, PodsError):
        return Refusal(422, error.code, str(error))
    if isinstance(error, ValidationError):
        return invalid(error.errors())
    if isinstance(error, OperationalError):
        log.warning("database unavailable: %s", str(error.orig).splitlines()[0])
        refused = refusal(error)  # db_busy, or disk_full when the laptop's disk is full
        return Refusal(refused.status, refused.code, refused.message)
    return None
