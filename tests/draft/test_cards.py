"""Bundled card facts load once into frozen records, and unknown names fail clearly."""

from __future__ import annotations

import dataclasses
import json
from importlib import resources

import pytest

from draft.cards import Card, bundled_set_codes, load_set
from draft.errors import UnknownCardError, UnknownSetError


def test_cmr_is_bundled_with_every_collector_number() -> None:
    cmr = load_set("CMR")
    assert "CMR" in bundled_set_codes()
    assert len(cmr) == 716
    assert cmr.by_number("1").name == "The Prismatic Piper"


def test_set_codes_are_case_insensitive_and_loaded_once() -> None:
    assert load_set("cmr") is load_set("CMR")


def test_unknown_set_names_the_known_ones() -> None:
    with pytest.raises(UnknownSetError, match=r"known sets: .*CMR"):
        load_set("XYZ")


def test_cards_are_frozen() -> None:
    card = load_set("CMR").by_number("197")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.name = "Other"  # type: ignore[misc]


def test_lookup_by_name_ignores_case_and_finds_split_halves() -> None:
    cmr = load_set("CMR")
    assert cmr.by_name("rograkh, son of rohgahh").color_identity == ("R",)
    assert cmr.by_name("Response").name == "Response // Resurgence"
    with pytest.raises(UnknownCardError):
        cmr.by_name("Lightning Bolt of Doom")


def test_piper_is_the_sets_chosen_color_commander() -> None:
    piper = load_set("CMR").chosen_color_card
    assert piper is not None
    assert piper.chooses_color and piper.can_be_commander and piper.has_partner
    assert piper.color_identity == ()


def test_bundled_data_holds_facts_only() -> None:
    text = (resources.files("draft") / "data" / "cmr.json").read_text(encoding="utf-8")
    data = json.loads(text)
    fields = {key for card in data["cards"] for key in card}
    assert not fields & {"oracle_text", "flavor_text", "artist", "text", "flavor"}
    assert "Partner (You can have two commanders" not in text


def test_every_card_has_canonical_color_order() -> None:
    for card in load_set("CMR"):
        assert isinstance(card, Card)
        assert card.color_identity == tuple(c for c in "WUBRG" if c in card.color_identity)
        assert set(card.colors) <= set(card.color_identity)
