"""Imported cards in the server database: one row per printing, facts as JSON plus rules text.

Why JSON facts and a separate text column: the facts are exactly `Card.to_json()`, so a row
turns back into the same frozen `Card` the engine uses, and the rules text (which the user
supplied and the project never bundles) stays apart, readable by name for the phone's text
card. Storing is one transaction: a file is imported whole or not at all.

The functions take a session and never commit; the caller owns the unit of work. The table,
`CardRow` (`card`), lives with the others in `server/db/tables.py`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlmodel import Session, col, select

from draft.cards import Card
from draft.imports import ImportedCards
from server.db.tables import CardRow

CHUNK = 500


def card_table_exists(engine: sa.Engine) -> bool:
    """Whether the database has the `card` table yet (the command line reads it before
    any migration ran)."""
    return sa.inspect(engine).has_table(CardRow.__tablename__)


def store_imported(
    session: Session,
    imported: ImportedCards,
    now: datetime | None = None,
    progress: Callable[[int], None] | None = None,
) -> int:
    """Insert or replace every imported printing; returns how many were stored."""
    moment = now or datetime.now(UTC)
    cards = imported.cards
    for start in range(0, len(cards), CHUNK):
        chunk = cards[start : start + CHUNK]
        _delete_existing(session, chunk)
        session.execute(
            sa.insert(CardRow),
            [
                {
                    "set": card.set,
                    "number": card.number,
                    "name": card.name,
                    "facts": json.dumps(card.to_json(), ensure_ascii=False, sort_keys=True),
                    "rules_text": imported.rules_text.get(card.name),
                    "imported_at": moment,
                }
                for card in chunk
            ],
        )
        if progress is not None:
            progress(len(chunk))
    return len(cards)


def store_alone(engine: sa.Engine, imported: ImportedCards,
                progress: Callable[[int], None] | None = None) -> int:
    """`store_imported` in a transaction of its own. For the command line only: it runs
    without a server, so without the server's writer (`server.db.writer`), which stores
    everything a running server changes."""
    with Session(engine) as session, session.begin():
        return store_imported(session, imported, progress=progress)


def _delete_existing(session: Session, cards: Sequence[Card]) -> None:
    by_set: dict[str, list[str]] = {}
    for card in cards:
        by_set.setdefault(card.set, []).append(card.number)
    for set_code, numbers in by_set.items():
        session.execute(
            sa.delete(CardRow).where(
                col(CardRow.set) == set_code, col(CardRow.number).in_(numbers)
            )
        )


def list_imported_cards(session: Session) -> list[Card]:
    """Every imported printing as a `Card`, in set and number order."""
    rows = session.exec(select(CardRow).order_by(col(CardRow.set), col(CardRow.number)))
    return [Card.from_json(json.loads(row.facts)) for row in rows]


def load_rules_text(session: Session, names: Iterable[str] | None = None) -> dict[str, str]:
    """Rules text by card name (for `names` only, when given)."""
    query = select(CardRow.name, CardRow.rules_text).where(col(CardRow.rules_text).is_not(None))
    if names is not None:
        query = query.where(col(CardRow.name).in_(list(names)))
    return {name: text for name, text in session.exec(query) if text}


def load_texts(engine: sa.Engine) -> dict[str, str]:
    """Imported rules text by name; empty before the card table exists."""
    if not sa.inspect(engine).has_table(CardRow.__tablename__):
        return {}
    with Session(engine) as session:
        return load_rules_text(session)


def load_imported_cards(engine: sa.Engine) -> list[Card]:
    """`list_imported_cards` in a session of its own (a read, no commit)."""
    with Session(engine) as session:
        return list_imported_cards(session)


def count_stored(engine: sa.Engine) -> int:
    """How many printings are stored; 0 before the card table exists."""
    if not sa.inspect(engine).has_table(CardRow.__tablename__):
        return 0
    with Session(engine) as session:
        return count_imported(session)


def count_imported(session: Session) -> int:
    return int(session.exec(select(sa.func.count()).select_from(CardRow)).one())
