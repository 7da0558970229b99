"""The shell's domain errors: what a service raises when it refuses a request.

Why apart from the handlers (`server.edge.error_handlers`): every service raises these, and
a class needs no web framework, no translations and no database to say "409, conflict";
so raising one imports none of them (`server.core` imports nothing of `server`, an import
contract). Every refusal has the same JSON shape, `{"error": {"code", "message"}}`, and a
stable code the phone can translate; the handlers build it.
"""

from __future__ import annotations

from collections.abc import Mapping


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


class InvalidError(PodError):
    """Values that are well formed but not acceptable."""

    status = 422
    code = "invalid"
