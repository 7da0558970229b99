"""The lobby's guard on an open Wi-Fi, one mechanism for a pod's lobby and a night's: the
host locks it (nobody new may join) or asks every joining phone for a short code shown big
on the host screen (`docs/security.md`).

Why one module: a pod and a night differ in what they store (a `PodRow` or an `EventRow`,
each with `locked` and `join_code`), not in the rule; both join paths call `check_entry`
and both hosts' changes go through `changed`. A wrong code costs a join like any other
(the routes' join rate limit runs before the check), so guessing takes hours.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass

from server.core.errors import ConflictError, ForbiddenError

JOIN_CODE_DIGITS = 4


def new_join_code() -> str:
    """Four digits: quick to type on a phone; with the join rate limit, a guesser needs
    hours for what the room reads off the screen at once."""
    return f"{secrets.randbelow(10**JOIN_CODE_DIGITS):0{JOIN_CODE_DIGITS}d}"


@dataclass(frozen=True)
class Guard:
    """What a lobby asks of a new phone: nothing, a code, or to stay out."""

    locked: bool = False
    join_code: str | None = None

    def changed(self, locked: bool | None, join_code: bool | None) -> Guard:
        """The host's change: `None` keeps a setting; `join_code=True` asks for a fresh
        code (an old one is no longer valid), `False` asks for none."""
        code = self.join_code
        if join_code is not None:
            code = new_join_code() if join_code else None
        return Guard(self.locked if locked is None else locked, code)


LOCKED_POD = ConflictError("The host has locked this pod; ask the host.", "lobby_locked")
LOCKED_NIGHT = ConflictError("The host has locked this night; ask the host.", "night_locked")


def check_entry(guard: Guard, typed: str | None, locked: ConflictError) -> None:
    """Refuse a join the guard does not let in: 409 `locked` (the pod's or the night's
    words), or 403 `bad_join_code` for a missing or wrong code (in constant time)."""
    if guard.locked:
        raise ConflictError(locked.message, locked.code)
    if guard.join_code is not None and not hmac.compare_digest(
            (typed or "").strip().encode(), guard.join_code.encode()):
        raise ForbiddenError("Type the join code shown on the host screen.", "bad_join_code")
