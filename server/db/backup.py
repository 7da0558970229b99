"""A consistent copy of the SQLite database while the server runs, and the check that a
file is a Prismatic database this code can open.

Why SQLite's online backup API and not a file copy: the database is in WAL mode, so the
main file alone misses every commit not yet checkpointed, and copying it while the writer
checkpoints can tear a page. The backup API copies pages through SQLite itself.

Why the copy holds one read transaction from the first page to the last: the API copies a
few pages per step (so a big file reports progress), and between steps another connection
(the server's writer, committing picks) may write; without a transaction held open the
backup starts over after every such write and, under a steady stream of picks, may never
finish. In WAL mode a reader blocks no writer, so the held snapshot stalls no pick: the
copy is the database as it was at the first step, exactly.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from server.db.engine import DatabaseConfigError
from server.db.migrate import alembic_config

PAGES_PER_STEP = 1024
"""Pages copied per backup step (4 MiB with SQLite's default 4 KiB page)."""

Progress = Callable[[int, int], None]
"""`progress(copied_pages, total_pages)` after every step."""


def sqlite_file(url_text: str) -> Path | None:
    """The database file a SQLAlchemy URL names, or `None` when it is not SQLite
    (PostgreSQL) or has no file (`:memory:`); `DatabaseConfigError` when it does not parse."""
    try:
        url = make_url(url_text)
    except ArgumentError as error:
        raise DatabaseConfigError(f"cannot parse database URL {url_text!r}") from error
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return Path(url.database)


def stamp(now: datetime | None = None) -> str:
    """A file-name timestamp that sorts in time order: `20261201-170501-123456` (UTC)."""
    return (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S-%f")


def copy_database(source: Path, target: Path, progress: Progress | None = None,
                  pages: int = PAGES_PER_STEP) -> int:
    """Copy the SQLite database `source` to `target` (replaced if it exists); return the
    copy's size in bytes.

    The copy is written beside `target` under a temporary name and renamed at the end, so
    a failure (a full disk) leaves no half file under the final name. The copy is in
    rollback-journal mode: one self-contained file, with no `-wal` to carry along; and,
    like the database, readable by its owner only."""
    if not source.is_file():
        raise FileNotFoundError(f"no database file at {source}")
    partial = target.with_name(f".{target.name}.part")
    src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=rw", uri=True,
                          isolation_level=None)
    try:
        src.execute("BEGIN")
        src.execute("SELECT count(*) FROM sqlite_master").fetchone()  # start the snapshot
        partial.unlink(missing_ok=True)
        dst = sqlite3.connect(partial, isolation_level=None)
        try:
            report = None if progress is None else (
                lambda _status, remaining, total: progress(total - remaining, total))
            src.backup(dst, pages=pages, progress=report)
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
        src.execute("COMMIT")
        partial.chmod(0o600)  # like the database: it holds every seed and pick log
        _sync(partial)
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        src.close()
    return target.stat().st_size


def _sync(path: Path) -> None:
    """Flush the copy to disk before it takes its final name (a backup must survive a
    power cut as well as the database does)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class NotRestorable(Exception):
    """A file that `prismatic restore` must not put in place; `reason` says which case:
    `not_a_database`, `damaged`, `not_prismatic` or `newer`."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class Revision:
    """A checked backup's schema revision, against this code's newest one."""

    revision: str
    head: str

    @property
    def older(self) -> bool:
        return self.revision != self.head


def check_backup(path: Path) -> Revision:
    """The schema revision of the Prismatic database at `path`, or `NotRestorable`.

    The file must pass SQLite's integrity check and carry an Alembic revision that this
    code knows (a revision it does not know was written by a newer Prismatic: opening it
    here would lose what that version stores)."""
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise NotRestorable("not_a_database", str(error)) from error
    try:
        try:
            verdict = connection.execute("PRAGMA integrity_check").fetchall()
        except sqlite3.DatabaseError as error:
            raise NotRestorable("not_a_database", str(error)) from error
        if [row[0] for row in verdict] != ["ok"]:
            raise NotRestorable("damaged", "; ".join(str(row[0]) for row in verdict[:3]))
        try:
            rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
        except sqlite3.DatabaseError as error:
            raise NotRestorable("not_prismatic", str(error)) from error
    finally:
        connection.close()
    if len(rows) != 1:
        raise NotRestorable("not_prismatic", f"{len(rows)} schema versions")
    return _known(str(rows[0][0]))


def _known(revision: str) -> Revision:
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    known = {entry.revision for entry in script.walk_revisions()}
    if revision not in known:
        raise NotRestorable("newer", revision)
    return Revision(revision=revision, head=str(script.get_current_head()))


def put_in_place(backup: Path, database: Path) -> None:
    """Make the checked `backup` the database at `database`, which no process may have
    open (the caller holds its `server_lock`).

    The backup is copied beside the database first and renamed over it at the end, so the
    database is the old one or the new one, never half of each. The old database's `-wal`
    and `-shm` go before the rename: SQLite would otherwise replay the old night's
    uncheckpointed commits into the restored file."""
    staged = database.with_name(f".{database.name}.restoring")
    copy_database(backup, staged)
    try:
        for suffix in ("-wal", "-shm", "-journal"):
            Path(f"{database}{suffix}").unlink(missing_ok=True)
        os.replace(staged, database)
    finally:
        staged.unlink(missing_ok=True)


def pg_dump_command(url_text: str, target: str) -> list[str]:
    """The `pg_dump` command that backs up the PostgreSQL database of `url_text` to
    `target`, without the password (pg_dump asks for it, or reads PGPASSWORD/~/.pgpass)."""
    url = make_url(url_text)
    command = ["pg_dump", "--format=custom", f"--file={target}"]
    if url.host:
        command.append(f"--host={url.host}")
    if url.port:
        command.append(f"--port={url.port}")
    if url.username:
        command.append(f"--username={url.username}")
    command.append(url.database or "postgres")
    return command


def pg_restore_command(url_text: str, source: str) -> list[str]:
    """The `pg_restore` command that puts the dump `source` back into the database of
    `url_text` (replacing its tables), without the password."""
    dump = pg_dump_command(url_text, source)
    return ["pg_restore", "--clean", "--if-exists", "--no-owner",
            *dump[3:-1], f"--dbname={dump[-1]}", source]
