"""Baldur's Gate commanders with real CLB cards: Choose a Background, Backgrounds, Faceless One.

Faceless One is both a "Choose a Background" commander and a legendary Background, and it
chooses a color like The Prismatic Piper (up to two may be added as commanders). So two
Faceless Ones are a legal pair: each is the other's Background, exactly as the keyword says
("You can have a Background as a second commander").
"""

from __future__ import annotations

from draft.cards import Card, load_set
from pods.basics import BASIC_LANDS
from pods.commanders import is_legal_pair
from pods.deck import Commander, Deck
from pods.legality import check_deck

CLB = load_set("CLB")
FACELESS = CLB.by_name("Faceless One")
ABDEL = CLB.by_name("Abdel Adrian, Gorion's Ward")  # white, Choose a Background
HALSIN = CLB.by_name("Halsin, Emerald Archdruid")  # green, Choose a Background
FLAMING_FIST = CLB.by_name("Flaming Fist")  # white Background
MASTER_CHEF = CLB.by_name("Master Chef")  # green Background
CANDLEKEEP_SAGE = CLB.by_name("Candlekeep Sage")  # blue Background
HIPPOGRIFF = CLB.by_name("Blessed Hippogriff")  # white adventure common


def deck_of(commanders: list[Commander], main: list[Card], basics: str = "Plains") -> Deck:
    padding = 60 - len(commanders) - len(main)
    return Deck(tuple(commanders), tuple(main) + (BASIC_LANDS[basics],) * padding)


def codes(deck: Deck, pool: list[Card]) -> list[str]:
    return [p.code for p in check_deck(deck, pool).problems]


def test_faceless_one_is_the_sets_choose_a_color_commander_and_a_background() -> None:
    assert CLB.chosen_color_card is FACELESS
    assert FACELESS.chooses_color and FACELESS.is_background and FACELESS.is_legendary
    assert FACELESS.pairing == ("Choose a Background",)


def test_a_choose_a_background_legend_and_a_background_are_a_legal_deck() -> None:
    deck = deck_of([Commander(HALSIN), Commander(FLAMING_FIST)], [HIPPOGRIFF], "Forest")
    report = check_deck(deck, [HALSIN, FLAMING_FIST, HIPPOGRIFF])
    assert report.legal, report.problems
    assert report.color_identity == ("W", "G")


def test_two_choose_a_background_legends_are_not_a_pair() -> None:
    assert not is_legal_pair(ABDEL, HALSIN)
    deck = deck_of([Commander(ABDEL), Commander(HALSIN)], [])
    assert "illegal_pair" in codes(deck, [ABDEL, HALSIN])


def test_two_backgrounds_without_faceless_one_are_not_a_pair() -> None:
    assert not is_legal_pair(FLAMING_FIST, MASTER_CHEF)


def test_a_background_alone_cannot_command() -> None:
    assert "not_a_commander" in codes(deck_of([Commander(MASTER_CHEF)], []), [MASTER_CHEF])


def test_an_added_faceless_one_takes_a_background_and_its_chosen_color() -> None:
    deck = deck_of(
        [Commander(FACELESS, "U", added=True), Commander(MASTER_CHEF)], [], "Island"
    )
    report = check_deck(deck, [MASTER_CHEF])
    assert report.legal, report.problems
    assert report.color_identity == ("U", "G")


def test_a_choose_a_background_legend_may_take_faceless_one_as_its_background() -> None:
    deck = deck_of([Commander(ABDEL), Commander(FACELESS, "B", added=True)], [], "Swamp")
    report = check_deck(deck, [ABDEL])
    assert report.legal, report.problems
    assert report.color_identity == ("W", "B")


def test_two_added_faceless_ones_pair_because_each_is_a_background() -> None:
    pair = [Commander(FACELESS, "W", added=True), Commander(FACELESS, "U", added=True)]
    assert is_legal_pair(FACELESS, FACELESS)
    pool = [HIPPOGRIFF, CANDLEKEEP_SAGE]
    report = check_deck(deck_of(pair, pool, "Island"), pool)
    assert report.legal, report.problems
    assert report.color_identity == ("W", "U")


def test_faceless_one_needs_a_chosen_color() -> None:
    deck = deck_of([Commander(FACELESS, None, added=True)], [], "Wastes")
    assert "color_not_chosen" in codes(deck, [])


def test_a_third_faceless_one_may_not_be_added() -> None:
    added = [Commander(FACELESS, "W", added=True)] * 3
    assert "too_many_added" in codes(deck_of(added, []), [])


def test_a_card_outside_the_background_pairs_identity_is_illegal() -> None:
    deck = deck_of([Commander(ABDEL), Commander(FLAMING_FIST)], [CANDLEKEEP_SAGE])
    assert codes(deck, [ABDEL, FLAMING_FIST, CANDLEKEEP_SAGE]) == ["outside_identity"]
