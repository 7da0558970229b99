"""Imported cards are stored whole, read back as the same `Card`s, with rules text by name."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from sqlmodel import Session

from draft.imports import parse_card_file
from server import cards_store
from tests.draft.test_imports import FACELESS_TEXT, scryfall


def engine_at(tmp_path: Path) -> sa.Engine:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'cards.db'}")
    sa.Table("card", cards_store.CardRow.metadata).create(engine)
    return engine


def test_imported_cards_read_back_equal_with_their_rules_text(tmp_path: Path) -> None:
    imported = parse_card_file([scryfall(), scryfall(collector_number="2", name="Other",
                                                     oracle_text=None)])
    engine = engine_at(tmp_path)
    with Session(engine) as session, session.begin():
        assert cards_store.store_imported(session, imported) == 2
    with Session(engine) as session:
        assert cards_store.list_imported_cards(session) == list(imported.cards)
        assert cards_store.load_rules_text(session) == {"Faceless One": FACELESS_TEXT}
        assert cards_store.load_rules_text(session, ["Other"]) == {}


def test_importing_a_printing_again_replaces_it(tmp_path: Path) -> None:
    engine = engine_at(tmp_path)
    for text in ("old text", "new text"):
        imported = parse_card_file([scryfall(oracle_text=text)])
        with Session(engine) as session, session.begin():
            cards_store.store_imported(session, imported)
    with Session(engine) as session:
        assert cards_store.count_imported(session) == 1
        assert cards_store.load_rules_text(session) == {"Faceless One": "new text"}
