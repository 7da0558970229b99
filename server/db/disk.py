"""Which database failures mean "the disk is full", on SQLite and on PostgreSQL.

Why a name of its own: a full disk is not "busy". Retrying does not help until someone
frees space, so the host must hear what to do, and the phones that nothing is lost
(`DiskFullError`, code `disk_full`). Everything else a commit can fail with stays
"try again" (`db_busy`).
"""

from __future__ import annotations

import errno
import sqlite3

from server.core.errors import BusyError, DiskFullError

SQLITE_FULL = 13
"""SQLite's result code when a write finds no free page on disk (or `max_page_count`)."""

POSTGRES_DISK_FULL = "53100"
"""PostgreSQL's SQLSTATE `disk_full` (class 53, insufficient resources)."""


def is_disk_full(error: BaseException | None) -> bool:
    """Whether `error`, or what it wraps (SQLAlchemy's `.orig`, a `__cause__`), says the
    database's disk is full."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if _says_full(error):
            return True
        error = getattr(error, "orig", None) or error.__cause__
    return False


def _says_full(error: BaseException) -> bool:
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        return code == SQLITE_FULL or "database or disk is full" in str(error)
    if getattr(error, "sqlstate", None) == POSTGRES_DISK_FULL:
        return True
    return isinstance(error, OSError) and error.errno == errno.ENOSPC


DISK_FULL_MESSAGE = "The laptop's disk is full — free some space; no pick is lost."


def refusal(error: BaseException) -> BusyError:
    """What a failed commit tells the client: `disk_full` when the disk is full, else
    "try again" (`db_busy`)."""
    if is_disk_full(error):
        return DiskFullError(DISK_FULL_MESSAGE)
    return BusyError("The database is busy; try again.", "db_busy")
