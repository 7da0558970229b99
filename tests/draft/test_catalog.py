"""The card catalog: one printing per name across bundled and imported cards."""

from __future__ import annotations

import pytest

from draft.cards import Card
from draft.catalog import build_catalog
from draft.errors import UnknownCardError


def test_names_are_found_whatever_the_case_and_spacing() -> None:
    catalog = build_catalog()
    assert catalog.get("  sol   ring ").name == "Sol Ring"


def test_a_bundled_printing_wins_over_an_imported_one() -> None:
    imported = Card(set="C21", number="263", name="Sol Ring", rarity="uncommon")
    assert build_catalog([imported]).get("Sol Ring").set in ("CMR", "CLB")


def test_an_imported_card_is_known_by_name() -> None:
    imported = Card(set="NEO", number="1", name="Ancestral Katana", rarity="common")
    assert build_catalog([imported]).get("ancestral katana") is imported


def test_a_typo_gets_suggestions() -> None:
    with pytest.raises(UnknownCardError, match="did you mean 'The Prismatic Piper'"):
        build_catalog(codes=["CMR"]).get("The Prismatic Pipper")


def test_a_card_round_trips_through_its_json_record() -> None:
    catalog = build_catalog()
    for card in catalog.cards:
        assert Card.from_json(card.to_json()) == card
