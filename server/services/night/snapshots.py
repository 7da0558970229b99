"""The server's own copy of the database after every night the host ends: the last few
nights survive a laptop whose disk dies, or a database someone deletes by mistake.

Why after the end and on a thread: ending is the moment the night's results are final,
and it comes once a night; the copy reads the SQLite file through its own connection
(`server.db.backup`), on a worker thread, so neither the event loop nor the writer waits
for it and picks of other pods go on while it copies. Why a failure is only a note: a full
disk must not turn "end the night" into an error; the night is ended and stored, only its
extra copy is missing, and the host's screen says so (`pod.connections.snapshot`).
"""

from __future__ import annotations

import logging
from pathlib import Path

import anyio

from server.db.backup import copy_database, sqlite_file, stamp
from server.db.disk import is_disk_full
from server.realtime.live import LivePod, Snapshot
from server.runtime import Runtime

KEEP = 10
"""Snapshots kept in the data dir; the oldest goes when an eleventh is written."""
PREFIX = "snapshot-"
SUFFIX = ".db"

logger = logging.getLogger(__name__)


def backups_dir(data_dir: Path) -> Path:
    """Where backups and snapshots are written: `<data dir>/backups`."""
    return data_dir / "backups"


def take_snapshot(database: Path, folder: Path, keep: int = KEEP) -> tuple[Path, int]:
    """Copy `database` to `folder/snapshot-<UTC time>.db`, then drop all but the newest
    `keep` snapshots (the host's own `prismatic backup` files are never touched); return
    the snapshot and its size in bytes."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    target = folder / f"{PREFIX}{stamp()}{SUFFIX}"
    size = copy_database(database, target)
    prune(folder, keep)
    return target, size


def snapshots(folder: Path) -> list[Path]:
    """The snapshots in `folder`, oldest first (their names sort by time)."""
    return sorted(path for path in folder.glob(f"{PREFIX}*{SUFFIX}") if path.is_file())


def prune(folder: Path, keep: int = KEEP) -> list[Path]:
    """Remove all but the newest `keep` snapshots; return what was removed."""
    old = snapshots(folder)[:-keep] if keep > 0 else snapshots(folder)
    for path in old:
        path.unlink(missing_ok=True)  # two nights ending at once may prune the same file
    return old


async def snapshot_after_night(rt: Runtime, pod: LivePod) -> Snapshot | None:
    """Snapshot the SQLite database after `pod`'s night ended; note the outcome on the pod
    (its host view shows it) and return it. `None` on PostgreSQL: its backups are
    `pg_dump`'s job (docs/reliability.md)."""
    database = sqlite_file(rt.settings.database_url())
    if database is None:
        return None
    try:
        path, size = await anyio.to_thread.run_sync(
            take_snapshot, database, backups_dir(rt.settings.data_dir))
        note = Snapshot(file=str(path), size=size)
    except Exception as error:  # a failed copy must never fail ending the night
        logger.warning("snapshot after pod %s's night failed: %s", pod.id, error,
                       exc_info=True)
        note = Snapshot(file=None, size=0, error=_one_line(error),
                        disk_full=is_disk_full(error))
    pod.connections.snapshot = note
    rt.hub.publish(pod.channel, pod.bump())
    return note


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__
