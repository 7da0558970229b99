"""`prismatic backup` and `prismatic restore FILE`: a season's database outlives the laptop.

Why the host's language here: the host types these at the end of a night or after a
broken laptop, and what they say (where the copy went, why a file is refused) is for
the host to act on, not for a script. Why restore takes the server's lock: replacing the
file under a running server would leave it writing into a database that is gone; and
while restore works, a server started meanwhile refuses to open the database.
"""

from __future__ import annotations

import shlex
import sqlite3
import sys
from pathlib import Path
from typing import Any

import click

from server.cli.i18n import _

BIG_PAGES = 2560
"""Databases over this many pages (10 MiB at 4 KiB a page) get a progress bar."""

db_option = click.option(
    "--db", "db_url", default=None,
    help=_("Database URL (default: the SQLite file in the data dir, as `serve`)."))
data_dir_option = click.option(
    "--data-dir", type=click.Path(path_type=Path, file_okay=False), default=None,
    help=_("Data directory of the server (default ./data)."))


def _size(size: int) -> str:
    return _("%(megabytes).1f MB") % {"megabytes": size / 1_000_000}


def _shell(command: list[str]) -> str:
    return " ".join(shlex.quote(part) for part in command)


def _database_file(url: str) -> Path | None:
    """The SQLite file the URL names (`None`: PostgreSQL); a bad URL is one line."""
    from server.cli.card_commands import InputError
    from server.db.backup import sqlite_file
    from server.db.engine import DatabaseConfigError

    try:
        return sqlite_file(url)
    except DatabaseConfigError as error:
        raise InputError(str(error)) from None


class _Progress:
    """A progress bar on stderr, drawn only once the copy proves big."""

    def __init__(self) -> None:
        self.bar: Any = None
        self.shown = 0

    def __call__(self, copied: int, total: int) -> None:
        if self.bar is None:
            if total < BIG_PAGES:
                return
            self.bar = click.progressbar(length=total, label=_("Copying"), file=sys.stderr)
            self.bar.__enter__()
        self.bar.update(copied - self.shown)
        self.shown = copied

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


@click.command("backup", help=_("Copy the database, also while the server runs (SQLite's "
                                "online backup; on PostgreSQL it prints the pg_dump command)."))
@click.option("--to", "target", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help=_("The copy's file (default: the data dir's backups/ folder, "
                     "named with the date and time)."))
@db_option
@data_dir_option
def backup(target: Path | None, db_url: str | None, data_dir: Path | None) -> None:
    from server.cli.card_commands import InputError, make_settings
    from server.db.backup import copy_database, pg_dump_command, stamp

    settings = make_settings(db_url, data_dir)
    url = settings.database_url()
    database = _database_file(url)
    if database is None:
        dump = str(target) if target is not None else f"prismatic-{stamp()[:15]}.dump"
        raise click.ClickException(
            _("this server's database is PostgreSQL: back it up with pg_dump, e.g.\n"
              "  %(command)s\n(pg_dump asks for the password, or reads PGPASSWORD or "
              "~/.pgpass)") % {"command": _shell(pg_dump_command(url, dump))})
    if not database.is_file():
        raise InputError(_("no database at %(path)s: give --data-dir or --db") %
                         {"path": database})
    if target is None:
        target = settings.data_dir / "backups" / f"backup-{stamp()}.db"
    if target.resolve() == database.resolve():
        raise InputError(_("%(file)s is the server's database itself") % {"file": target})
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    progress = _Progress()
    try:
        size = copy_database(database, target, progress)
    except (OSError, sqlite3.Error) as error:  # a full disk, a damaged or locked source
        raise click.ClickException(_("the backup failed: %(reason)s") % {"reason": error}) \
            from None
    finally:
        progress.close()
    click.echo(_("Backup written: %(path)s (%(size)s)") % {"path": target, "size": _size(size)})


REFUSALS = {
    "not_a_database": _("%(file)s is not a SQLite database"),
    "damaged": _("%(file)s is damaged (SQLite's integrity check failed: %(detail)s)"),
    "not_prismatic": _("%(file)s is a SQLite database, but not Prismatic's"),
    "newer": _("%(file)s comes from a newer Prismatic (schema %(detail)s): "
               "update Prismatic before restoring it"),
}


@click.command("restore", help=_("Put a backup in place of the server's database; the "
                                 "server must be stopped. The replaced database is kept."))
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@data_dir_option
@db_option
def restore(file: Path, data_dir: Path | None, db_url: str | None) -> None:
    from server.cli.card_commands import InputError, make_settings, open_engine
    from server.db.backup import NotRestorable, check_backup, pg_restore_command, put_in_place
    from server.db.server_lock import ServerLock, ServerRunning

    settings = make_settings(db_url, data_dir)
    url = settings.database_url()
    database = _database_file(url)
    if database is None:
        raise click.ClickException(
            _("this server's database is PostgreSQL: restore a pg_dump file with "
              "pg_restore, e.g.\n  %(command)s") %
            {"command": _shell(pg_restore_command(url, str(file)))})
    if not file.is_file():
        raise InputError(_("no such file: %(file)s") % {"file": file})
    try:
        revision = check_backup(file)
    except NotRestorable as error:
        raise InputError(REFUSALS[error.reason] % {"file": file, "detail": error.detail}) \
            from None
    if database.exists() and database.resolve() == file.resolve():
        raise InputError(_("%(file)s is the server's database itself") % {"file": file})
    database.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        with ServerLock(database):
            kept = _keep_replaced(database, settings.data_dir / "backups")
            put_in_place(file, database)
            if revision.older:
                open_engine(settings).dispose()  # migrates to this version's schema
    except ServerRunning as error:
        pid = error.pid if error.pid is not None else "?"
        raise click.ClickException(
            _("a Prismatic server (process %(pid)s) is using %(path)s: stop it, then "
              "restore") % {"pid": pid, "path": database}) from None
    except (OSError, sqlite3.Error) as error:
        raise click.ClickException(_("the restore failed: %(reason)s") % {"reason": error}) \
            from None
    if kept is not None:
        click.echo(_("The replaced database is kept in %(path)s") % {"path": kept})
    if revision.older:
        click.echo(_("Updated the restored database from schema %(old)s to %(new)s") %
                   {"old": revision.revision, "new": revision.head})
    click.echo(_("Restored %(file)s into %(path)s") % {"file": file, "path": database})


def _keep_replaced(database: Path, folder: Path) -> Path | None:
    """A copy of the database about to be replaced (restoring the wrong file must not
    lose the season); `None` when there is none yet."""
    from server.db.backup import copy_database, stamp

    if not database.is_file():
        return None
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    kept = folder / f"replaced-{stamp()}.db"
    copy_database(database, kept)
    return kept


COMMANDS: list[click.Command] = [backup, restore]
