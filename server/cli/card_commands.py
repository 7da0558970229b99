"""`prismatic cards import FILE` and `prismatic cards fetch --set CMR`: rules text for the night.

`import` reads a file the host downloaded; `fetch` downloads the set from Scryfall's API
itself (politely and resumably, see `server/cards/scryfall.py`) into the same store.

Why validate first and store in one transaction: a half-imported file would leave the
phones showing text for some cards and not others, with no way to tell; a refused file
leaves the database exactly as it was and says why in one line (exit code 2).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from server.cli.i18n import _

if TYPE_CHECKING:  # types only: the commands import their libraries when they run
    from draft.cards import Card
    from draft.imports import ImportedCards
    from server.cards.set_download import SetDownload
    from server.core.settings import Settings
    from server.db import Engine

BIG = 2000


class InputError(click.ClickException):
    """Input the command cannot use: one line, exit code 2."""

    exit_code = 2


def make_settings(db_url: str | None, data_dir: Path | None) -> Settings:
    """The server's settings (so `PRISMATIC_*` variables apply) with the given overrides."""
    from pydantic import ValidationError

    from server.core.settings import Settings

    overrides: dict[str, Any] = {
        k: v for k, v in {"db_url": db_url, "data_dir": data_dir}.items() if v
    }
    try:
        return Settings(**overrides)
    except ValidationError as error:
        first = error.errors()[0]
        raise InputError(f"bad setting {first['loc'][0]}: {first['msg']}") from None


def open_engine(settings: Settings) -> Engine:
    """The server's database, migrated to the newest schema (as `serve` does on start)."""
    from server.db import SQLAlchemyError
    from server.db.engine import DatabaseConfigError, create_db_engine
    from server.db.migrate import upgrade_to_head

    if settings.db_url is None:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    try:
        engine = create_db_engine(settings)
        upgrade_to_head(engine)
    except DatabaseConfigError as error:
        raise InputError(str(error)) from None
    except SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise InputError(f"cannot prepare the database: {reason}") from None
    return engine


def imported_cards(settings: Settings) -> list[Card]:
    """Cards imported into the database; none when there is no database or table yet."""
    from server.db import Session, cards_store
    from server.db.engine import create_db_engine

    if settings.db_url is None and not (settings.data_dir / "prismatic.db").is_file():
        return []
    engine = create_db_engine(settings)
    try:
        if not cards_store.card_table_exists(engine):
            return []
        with Session(engine) as session:
            return cards_store.list_imported_cards(session)
    finally:
        engine.dispose()


def read_document(path: Path) -> Any:
    try:
        with path.open("rb") as handle:
            return json.load(handle)
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InputError(f"{path} is not valid JSON ({error})") from None


def parse_with_progress(document: Any) -> ImportedCards:
    from draft.imports import CardFileError, parse_card_file

    size = _record_count(document)
    try:
        if size < BIG:
            return parse_card_file(document)
        stderr = sys.stderr
        with click.progressbar(length=size, label="Checking cards", file=stderr) as bar:
            return parse_card_file(document, progress=bar.update)
    except CardFileError as error:
        raise InputError(f"nothing imported: {error}") from None


def _record_count(document: Any) -> int:
    if isinstance(document, list):
        return len(document)
    if isinstance(document, dict):
        inner = document.get("data")
        if isinstance(inner, list):
            return len(inner)
        if isinstance(inner, dict) and isinstance(inner.get("cards"), list):
            return len(inner["cards"])
    return 0


@click.group("cards", help=_("Card data the host supplies (rules text, extra sets)."))
def cards_group() -> None:
    pass


@cards_group.command(
    "import",
    help=_("Import a Scryfall card list (bulk data or search result) or an MTGJSON set file."),
)
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--db", "db_url", default=None,
              help=_("Database URL (default: the SQLite file in the data dir, as `serve`)."))
@click.option("--data-dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help=_("Data directory of the server (default ./data)."))
def import_command(file: Path, db_url: str | None, data_dir: Path | None) -> None:
    from server.db import SQLAlchemyError, cards_store

    settings = make_settings(db_url, data_dir)
    imported = parse_with_progress(read_document(file))
    engine = open_engine(settings)
    try:
        if len(imported.cards) < BIG:
            cards_store.store_alone(engine, imported)
        else:
            with click.progressbar(length=len(imported.cards), label="Storing cards",
                                   file=sys.stderr) as bar:
                cards_store.store_alone(engine, imported, progress=bar.update)
    except SQLAlchemyError as error:
        raise InputError(f"nothing imported: database error: {error.__class__.__name__}") from None
    finally:
        engine.dispose()
    texts = len(imported.rules_text)
    click.echo(
        f"imported {len(imported.cards)} cards from {imported.source} "
        f"({texts} with rules text)"
    )


@cards_group.command(
    "fetch",
    help=_("Download a set's cards with their rules text from Scryfall (once, while online)."),
)
@click.option("--set", "set_codes", multiple=True,
              help=_("Set code, e.g. CMR, CLB or CMM (repeat for several)."))
@click.option("--all", "all_sets", is_flag=True, help=_("Every set the draft knows."))
@click.option("--images/--no-images", default=False, show_default=True,
              help=_("Also cache the set's card images (as `prismatic images fetch`)."))
@click.option("--db", "db_url", default=None,
              help=_("Database URL (default: the SQLite file in the data dir, as `serve`)."))
@click.option("--data-dir", type=click.Path(path_type=Path, file_okay=False), default=None,
              help=_("Data directory of the server (default ./data)."))
@click.option("--retries", type=click.IntRange(0, 10), default=4, show_default=True)
@click.option("--timeout", type=click.FloatRange(0.1, 300), default=20.0, show_default=True,
              help=_("Seconds per request."))
def fetch_command(set_codes: tuple[str, ...], all_sets: bool, images: bool,
                  db_url: str | None, data_dir: Path | None, retries: int,
                  timeout: float) -> None:
    from server.cards.scryfall import ScryfallError
    from server.cards.set_download import api_for
    from server.db import SQLAlchemyError

    codes = _chosen_sets(set_codes, all_sets)
    settings = make_settings(db_url, data_dir)
    engine = open_engine(settings)
    api = api_for(settings, retries=retries, timeout=timeout)
    try:
        for code in codes:
            result = _fetch_one(settings, engine, api, code, images)
            click.echo(_summary(result))
    except ScryfallError as error:
        raise click.ClickException(
            f"{error}. What was downloaded is kept: run the same command again to resume."
        ) from None
    except SQLAlchemyError as error:
        raise click.ClickException(f"database error: {error.__class__.__name__}") from None
    finally:
        engine.dispose()


def _chosen_sets(set_codes: tuple[str, ...], all_sets: bool) -> list[str]:
    from draft.cards import bundled_set_codes, load_set
    from draft.errors import DraftError

    if all_sets == bool(set_codes):
        raise click.UsageError("give --set CODE (one or more) or --all")
    if all_sets:
        return list(bundled_set_codes())
    try:
        return [load_set(code).code for code in set_codes]
    except DraftError as error:
        raise click.UsageError(str(error)) from None


def _fetch_one(settings: Settings, engine: Engine, api: Any, code: str,
               images: bool) -> SetDownload:
    """One set, with a progress bar per phase (click draws it only on a terminal)."""
    from server.cards.set_download import download_set
    from server.db import cards_store

    bars: dict[str, Any] = {}
    shown: dict[str, int] = {}

    def progress(phase: str, done: int, total: int) -> None:
        bar = bars.get(phase)
        if bar is None:
            label = f"{code} {'rules text' if phase == 'text' else 'images'}"
            bar = bars[phase] = click.progressbar(length=max(total, done, 1), label=label,
                                                  file=sys.stderr)
            bar.__enter__()
            shown[phase] = 0
        bar.update(done - shown[phase])
        shown[phase] = done

    try:
        return download_set(settings, lambda imported: cards_store.store_alone(engine, imported),
                            code, api, images=images, progress=progress)
    finally:
        for bar in bars.values():
            bar.__exit__(None, None, None)


def _summary(result: SetDownload) -> str:
    line = (f"{result.set}: {result.cards} cards stored ({result.texts} with rules text); "
            f"{result.pages_downloaded} pages downloaded, {result.pages_cached} from the cache")
    if result.images is not None:
        report = result.images
        line += (f"; images: {report.downloaded} downloaded, {report.skipped} already there, "
                 f"{len(report.failed)} failed")
    return line


COMMANDS: list[click.Command] = [cards_group]
