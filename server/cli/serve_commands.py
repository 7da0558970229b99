"""`prismatic serve`: migrate, restore unfinished pods, bind the port, print the links and
QR, serve.

Why errors are caught here: the host runs this on a laptop at the table; a bad `--db` or
an unwritable data directory must read as one sentence, not a traceback.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import click

from server.cli.i18n import _
from server.cli.listening import listening_socket, reuse_port_supported

COMMANDS: list[click.Command] = []


QR_BLOCKS = "\u2580\u2584\u2588"
"""The half and full blocks segno's compact QR code is drawn with."""


def _draws_blocks(stream: Any) -> bool:
    """Whether `stream` can print the QR code's blocks: not a Windows console redirected to
    a file or pipe, whose code page (cp1252, cp850) has none of them."""
    try:
        QR_BLOCKS.encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _check_event_loop(loop: str) -> None:
    """uvloop does not install on Windows (uvicorn's `[standard]` extra skips it there):
    `auto` then runs asyncio's loop, but an explicit `uvloop` must say so, not trace back."""
    if loop != "uvloop":
        return
    try:
        import uvloop  # noqa: F401
    except ImportError as error:
        raise click.ClickException(
            "PRISMATIC_EVENT_LOOP=uvloop, but uvloop is not installed (it does not install on "
            "Windows): use auto or asyncio") from error


def _check_data_dir(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path):
            pass
    except OSError as error:
        raise click.ClickException(
            f"data directory {str(path)!r} is not writable: {error.strerror or error}"
        ) from error


@click.command("serve", help=_("Run the draft server for phones on the local network."))
@click.option("--host", default=None, help=_("Address to listen on (default 0.0.0.0)."))
@click.option("--port", type=click.IntRange(1, 65535), default=None, help=_("Port (default 8000)."))
@click.option("--db", "db_url", default=None,
              help=_("Database URL, e.g. postgresql+psycopg://user:pw@host/db "
                     "(default: SQLite file in the data dir)."))
@click.option("--data-dir", type=click.Path(path_type=Path), default=None,
              help=_("Where the SQLite file and caches live (default ./data)."))
@click.option("--no-qr", is_flag=True, help=_("Do not draw the QR code."))
@click.option("--images", type=click.Choice(["auto", "remote", "off", "local"]), default=None,
              help=_("Card images on phones: auto (default: Scryfall's only if this laptop "
                     "reaches it at start), remote, local (cached here only) or off."))
@click.option("--workers", type=click.IntRange(1, 64), default=1,
              help=_("Server processes on this port (more than 1 needs PostgreSQL)."))
@click.option("--cluster", is_flag=True,
              help=_("One of several server processes over this PostgreSQL database."))
@click.option("--reuse-port", is_flag=True, hidden=True)
def serve(host: str | None, port: int | None, db_url: str | None, data_dir: Path | None,
          no_qr: bool, images: str | None, workers: int = 1, cluster: bool = False,
          reuse_port: bool = False) -> None:
    import segno
    import uvicorn
    from pydantic import ValidationError

    from server.app import build_runtime, create_app
    from server.core.heap import settle_heap
    from server.core.settings import Settings
    from server.db.engine import DatabaseConfigError
    from server.db.migrate import upgrade_to_head
    from server.edge.connection_limits import guarded_protocol, raise_open_file_limit
    from server.edge.lan import is_local_only
    from server.services.night.restore import restore_pods

    overrides: dict[str, Any] = {k: v for k, v in {"host": host, "port": port, "db_url": db_url,
                                   "data_dir": data_dir, "images": images}.items()
                                 if v is not None}
    if cluster or workers > 1:
        overrides["cluster"] = True
    try:
        settings = Settings(**overrides)
    except ValidationError as error:
        first = error.errors()[0]
        raise click.ClickException(f"bad setting {first['loc'][0]}: {first['msg']}") from error
    _check_event_loop(settings.event_loop)
    os.umask(0o077)  # files the server writes (database, image cache) are the host's alone
    if settings.db_url is None:
        _check_data_dir(settings.data_dir)
    if workers > 1:
        _serve_workers(settings, workers, overrides)
        return
    lock = _hold_database(settings)  # noqa: F841 - held until this process ends
    settle_heap()  # the imports' heap, frozen: restoring pods builds many objects and
    # would otherwise pay full collections over every module (again below, before serving)
    try:
        runtime = build_runtime(settings)
        upgrade_to_head(runtime.engine)
        pods = restore_pods(runtime)
    except DatabaseConfigError as error:
        raise click.ClickException(str(error)) from error
    except Exception as error:  # migrations on an unusable database
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise click.ClickException(f"cannot prepare the database: {reason}") from error
    settings.migrate_on_start = False  # done above; the lifespan skips restoring too
    sock = listening_socket(settings.host, settings.port, reuse_port=reuse_port)
    base = runtime.base_url
    click.echo(f"Prismatic {base}  (database: {runtime.engine.url.render_as_string()})")
    click.echo(f"Host link (this laptop): http://127.0.0.1:{settings.port}/")
    click.echo(f"Join link (phones on this Wi-Fi): {base}/")
    if is_local_only(settings.host):
        click.echo(f"Note: listening on {settings.host} only; phones cannot connect "
                   "(use --host 0.0.0.0).")
    for pod in pods:
        click.echo(f"Restored pod {pod.id} ({pod.night.phase}): join {runtime.join_url(pod.id)}")
    for lost in runtime.unrestored:
        click.echo(f"Could not restore pod {lost.pod_id} ({lost.set_code}): {lost.reason}")
    if not no_qr:
        target = runtime.join_url(pods[0].id) if len(pods) == 1 else f"{base}/"
        if _draws_blocks(sys.stdout):
            click.echo(f"Scan to open {target}")
            segno.make(target, error="m").terminal(compact=True)
        else:
            click.echo("This terminal cannot draw the QR code: the host screen "
                       f"(http://127.0.0.1:{settings.port}/) shows it.")
    files = raise_open_file_limit()
    if files is not None:
        click.echo(f"Open-file limit: {files}")
    config = uvicorn.Config(create_app(settings, runtime), host=settings.host,
                            port=settings.port, ws_max_size=64 * 1024, log_level="info",
                            loop=settings.event_loop,
                            ws_per_message_deflate=False, http=guarded_protocol(settings),
                            timeout_keep_alive=settings.idle_timeout_seconds,
                            access_log=os.environ.get("PRISMATIC_ACCESS_LOG") == "1")
    settle_heap()
    uvicorn.Server(config).run(sockets=[sock])


def _hold_database(settings: Any) -> Any:
    """Claim the SQLite file for this process (`server.db.server_lock`), so `prismatic
    restore` never replaces it under a running server and a second `serve` on the same file
    refuses. `None` on PostgreSQL (`server.cluster.mode` guards it) or when the file's folder
    does not exist (the database's own error says so next)."""
    from server.db.backup import sqlite_file
    from server.db.server_lock import ServerLock, ServerRunning

    try:
        database = sqlite_file(settings.database_url())
    except Exception:  # an unparsable URL: build_runtime says so, in its words
        return None
    if database is None or not database.parent.is_dir():
        return None
    try:
        return ServerLock(database).acquire()
    except ServerRunning as error:
        pid = error.pid if error.pid is not None else "?"
        raise click.ClickException(
            f"another Prismatic process (pid {pid}) is using {database}: stop it first, "
            "or give another --data-dir") from error
    except OSError as error:
        raise click.ClickException(
            f"cannot lock {error.filename or database}: {error.strerror or error}") from error


def _serve_workers(settings: Any, workers: int, overrides: dict[str, Any]) -> None:
    """Migrate once, then run `workers` cluster members on the port (`server.cluster`)."""
    from server.cluster.workers import supervise
    from server.db.engine import DatabaseConfigError, check_connection, create_db_engine
    from server.db.migrate import upgrade_to_head

    if not reuse_port_supported():
        raise click.ClickException(
            "--workers needs Linux or macOS: this system has no SO_REUSEPORT to share the "
            "port between processes (serve without --workers)")
    if not settings.database_url().startswith("postgresql"):
        raise click.ClickException(
            "--workers needs PostgreSQL (--db postgresql+psycopg://...): SQLite serves one "
            "process")
    try:
        engine = create_db_engine(settings)
        check_connection(engine)
        upgrade_to_head(engine)
        engine.dispose()
    except DatabaseConfigError as error:
        raise click.ClickException(str(error)) from error
    listening_socket(settings.host, settings.port, reuse_port=True).close()  # free, or say so
    args = ["--host", settings.host, "--port", str(settings.port), "--data-dir",
            str(settings.data_dir)]
    if "images" in overrides:
        args += ["--images", overrides["images"]]
    click.echo(f"Prismatic: {workers} server processes on port {settings.port} over "
               f"{engine.url.render_as_string()}")
    # The URL (and its password) goes by environment, not where `ps` shows it.
    supervise(workers, args, {**os.environ, "PRISMATIC_DB_URL": settings.database_url()})


COMMANDS.append(serve)
