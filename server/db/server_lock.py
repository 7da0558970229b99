"""The running server's claim on its SQLite file: an OS lock on `<database>.lock`.

Why an OS lock and not only a pid file: `prismatic restore` must refuse to replace the
database under a running server, but a server killed with SIGKILL (or a laptop that lost
power) leaves its pid file behind, and a pid may be reused by another program. The
operating system drops a process's lock when the process ends, however it ends, so a lock
that nobody holds means no server, whatever the file says. The file also carries the
holder's pid, only for the message.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import IO


class ServerRunning(Exception):
    """Another process (a server, or a restore) holds the database's lock."""

    def __init__(self, path: Path, pid: int | None) -> None:
        super().__init__(f"{path} is locked by process {pid if pid is not None else '?'}")
        self.path = path
        self.pid = pid


def lock_path(database: Path) -> Path:
    """`prismatic.db` → `prismatic.db.lock`, beside the database."""
    return database.with_name(database.name + ".lock")


class ServerLock:
    """Holds `lock_path(database)` from `acquire` until `release` or the process's end."""

    def __init__(self, database: Path) -> None:
        self.path = lock_path(database)
        self._file: IO[str] | None = None

    def acquire(self) -> ServerLock:
        """Take the lock at once or raise `ServerRunning` (never waits)."""
        descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        handle = os.fdopen(descriptor, "r+", encoding="ascii")  # held until release
        try:
            _lock(handle)
        except OSError:
            handle.close()
            raise ServerRunning(self.path, holder(self.path)) from None
        try:
            handle.seek(0)
            handle.truncate()
            handle.write(f"{os.getpid()}\n")
            handle.flush()
        except OSError:  # a full disk: the pid is only for messages, the lock is what counts
            pass
        self._file = handle
        return self

    def release(self) -> None:
        handle, self._file = self._file, None
        if handle is not None:
            # Closing drops the lock; the file stays (unlinking it would race). A pid that
            # never reached a full disk fails the flush, but the file is closed all the same.
            with contextlib.suppress(OSError):
                handle.close()

    def __enter__(self) -> ServerLock:
        return self.acquire()

    def __exit__(self, *_exc: object) -> None:
        self.release()


def holder(path: Path) -> int | None:
    """The pid written in a held lock file, when it can be read."""
    try:
        return int(path.read_text(encoding="ascii").split()[0])
    except (OSError, ValueError, IndexError):
        return None


if sys.platform == "win32":
    import msvcrt

    def _lock(handle: IO[str]) -> None:
        # Locks one byte far past the pid, so other processes can still read the pid.
        handle.seek(1 << 20)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock(handle: IO[str]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
