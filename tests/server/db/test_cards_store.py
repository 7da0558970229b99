"""Imported cards (table `card`): stored whole, read back as the same `Card`s, text by name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from sqlmodel import Session

from draft.imports import parse_card_file
from server.core.settings import Settings
from server.db import cards_store
from server.db.engine import create_db_engine
from server.db.migrate import upgrade_to_head
from tests.draft.test_imports import FACELESS_TEXT, scryfall


@pytest.fixture
def engine(db_url: str) -> Iterator[sa.Engine]:
    """A migrated database (SQLite, and PostgreSQL when configured) from the server fixtures."""
    engine = create_db_engine(Settings(db_url=db_url))
    upgrade_to_head(engine)
    yield engine
    engine.dispose()


def test_imported_cards_read_back_equal_with_their_rules_text(engine: sa.Engine) -> None:
    imported = parse_card_file([scryfall(), scryfall(collector_number="2", name="Other",
                                                     oracle_text=None)])
    with Session(engine) as session, session.begin():
        assert cards_store.store_imported(session, imported) == 2
    with Session(engine) as session:
        assert cards_store.list_imported_cards(session) == list(imported.cards)
        assert cards_store.load_rules_text(session) == {"Faceless One": FACELESS_TEXT}
        assert cards_store.load_rules_text(session, ["Other"]) == {}


def test_importing_a_printing_again_replaces_it(engine: sa.Engine) -> None:
    for text in ("old text", "new text"):
        imported = parse_card_file([scryfall(oracle_text=text)])
        with Session(engine) as session, session.begin():
            cards_store.store_imported(session, imported)
    with Session(engine) as session:
        assert cards_store.count_imported(session) == 1
        assert cards_store.load_rules_text(session) == {"Faceless One": "new text"}
