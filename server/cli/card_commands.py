"""`prismatic cards import FILE`: load rules text and extra cards from a downloaded file.

Why validate first and store in one transaction: a half-imported file would leave the
phones showing text for some cards and not others, with no way to tell; a refused file
leaves the database exactly as it was and says why in one line (exit code 2).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click
import sqlalchemy as sa
from sqlmodel import Session

from draft.cards import Card
from draft.imports import CardFileError, ImportedCards, parse_card_file
from server import cards_store

BIG = 2000


class InputError(click.ClickException):
    """Input the command cannot use: one line, exit code 2."""

    exit_code = 2


def default_db_url(data_dir: Path) -> str:
    """The embedded default: `prismatic.db` in the data directory (as `serve` uses)."""
    return f"sqlite:///{(data_dir / 'prismatic.db').resolve()}"


def open_engine(db_url: str | None, data_dir: Path) -> sa.Engine:
    """An engine with the card table present."""
    if db_url is None:
        data_dir.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(db_url or default_db_url(data_dir))
    table = sa.Table(cards_store.CardRow.__tablename__, cards_store.CardRow.metadata)
    table.create(engine, checkfirst=True)
    return engine


def imported_cards(data_dir: Path, db_url: str | None = None) -> list[Card]:
    """Cards imported into the database, or none when there is no database or table yet."""
    if db_url is None and not (data_dir / "prismatic.db").is_file():
        return []
    engine = sa.create_engine(db_url or default_db_url(data_dir))
    try:
        if not sa.inspect(engine).has_table(cards_store.CardRow.__tablename__):
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


@click.group("cards")
def cards_group() -> None:
    """Card data the host supplies (rules text, extra sets)."""


@cards_group.command("import")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--db", "db_url", default=None, help="Database URL (default: DATA_DIR/prismatic.db).")
@click.option("--data-dir", type=click.Path(path_type=Path, file_okay=False), default=Path("data"),
              show_default=True, help="Data directory of the server.")
def import_command(file: Path, db_url: str | None, data_dir: Path) -> None:
    """Import a Scryfall card list (bulk data or search result) or an MTGJSON set file."""
    imported = parse_with_progress(read_document(file))
    engine = open_engine(db_url, data_dir)
    try:
        with Session(engine) as session, session.begin():
            if len(imported.cards) < BIG:
                cards_store.store_imported(session, imported)
            else:
                with click.progressbar(length=len(imported.cards), label="Storing cards",
                                       file=sys.stderr) as bar:
                    cards_store.store_imported(session, imported, progress=bar.update)
    except sa.exc.SQLAlchemyError as error:
        raise InputError(f"nothing imported: database error: {error.__class__.__name__}") from None
    finally:
        engine.dispose()
    texts = len(imported.rules_text)
    click.echo(
        f"imported {len(imported.cards)} cards from {imported.source} "
        f"({texts} with rules text)"
    )


COMMANDS: list[click.Command] = [cards_group]
