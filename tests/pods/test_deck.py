"""Deck records: chosen colors go to choose-a-color commanders, in order."""

from __future__ import annotations

import pytest

from draft.cards import load_set
from pods.deck import Commander, Deck, count_cards, pool_as_deck, with_chosen_colors
from pods.errors import ColorChoiceError
from pods.legality import check_deck
from tests.pods.builders import card

CMR = load_set("CMR")
PIPER = CMR.by_name("The Prismatic Piper")
ALHARU = CMR.by_name("Alharu, Solemn Ritualist")


def test_chosen_colors_go_to_the_pipers_in_order_and_skip_other_commanders() -> None:
    deck = Deck((Commander(PIPER, added=True), Commander(ALHARU), Commander(PIPER, added=True)))
    colored = with_chosen_colors(deck, ["red", "G"])
    assert [c.chosen_color for c in colored.commanders] == ["R", None, "G"]


def test_more_colors_than_pipers_is_an_error() -> None:
    with pytest.raises(ColorChoiceError, match="left over"):
        with_chosen_colors(Deck((Commander(ALHARU),)), ["R"])


def test_a_piper_takes_its_chosen_color_as_identity() -> None:
    assert Commander(PIPER, "B").identity == ("B",)
    assert Commander(PIPER).identity == ()


def test_a_pool_exports_as_a_deck_with_only_a_sideboard() -> None:
    pool = pool_as_deck([ALHARU, ALHARU, PIPER])
    assert (pool.commanders, pool.main, pool.size) == ((), (), 0)
    assert count_cards(pool.sideboard) == [(ALHARU, 2), (PIPER, 1)]


def test_an_added_faceless_one_pairs_with_a_drafted_background() -> None:
    faceless = card(
        "Faceless One",
        type_line="Legendary Enchantment Creature — Background",
        pairing=("Choose a Background",),
        is_background=True,
        can_be_commander=True,
        chooses_color=True,
        set="CLB",
        number="1",
    )
    background = card(
        "Bg",
        type_line="Legendary Enchantment — Background",
        is_background=True,
        color_identity=("B",),
    )
    deck = Deck(
        (Commander(faceless, "G", added=True), Commander(background)),
        tuple(CMR.by_name("Forest") for _ in range(58)),
    )
    report = check_deck(deck, [background])
    assert report.legal, report.problems
    assert report.color_identity == ("B", "G")
