"""The start page's card download, as a background job the page can watch.

Why a job object with a lock: the download runs in a worker thread (it sleeps between
requests and must never hold up the event loop), while the page polls its progress from
the loop; `snapshot()` hands over a consistent copy. One download at a time: a second
press while one runs is refused (`download_running`).
"""

from __future__ import annotations

import threading
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class JobState:
    """What the page shows: which set and phase, how far, and how it ended."""

    state: str = "idle"
    """`idle`, `running`, `done` or `failed`."""
    sets: list[str] = field(default_factory=list)
    set: str | None = None
    phase: str | None = None
    """`text` (card pages) or `images`."""
    done: int = 0
    total: int = 0
    error: str | None = None
    """`offline` (the API could not be reached) or `refused` (it answered unusable data)."""
    detail: str | None = None
    summary: list[str] = field(default_factory=list)


class DownloadJob:
    """The one card download of this server, updated from its thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._state = JobState()

    def begin(self, sets: list[str]) -> bool:
        """Claim the job for `sets`; `False` when a download is already running."""
        with self._lock:
            if self._state.state == "running":
                return False
            self._state = JobState(state="running", sets=list(sets))
            return True

    def progress(self, set_code: str, phase: str, done: int, total: int) -> None:
        with self._lock:
            self._state.set, self._state.phase = set_code, phase
            self._state.done, self._state.total = done, total

    def note(self, line: str) -> None:
        with self._lock:
            self._state.summary.append(line)

    def finish(self, error: str | None = None, detail: str | None = None) -> None:
        with self._lock:
            self._state.state = "failed" if error else "done"
            self._state.error, self._state.detail = error, detail

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return asdict(self._state)
