"""CR 903.13e and 903.13f, to the letter: what the draft's boosters allow in deck building.

903.13e: CMR or CMM boosters → up to two The Prismatic Piper, only as commanders; CLB
boosters → up to two Faceless One; a mixed CMR/CLB draft offers both.
903.13f: (1) at least 60 cards, no maximum; (2) any number of same-name pool cards;
(3) CMM boosters → a card that can be a commander by itself with one or fewer colors in
its identity is considered to have partner for deck building.
"""

from __future__ import annotations

import pytest

from draft.cards import Card, load_set
from pods.basics import BASIC_LANDS
from pods.commanders import has_granted_partner, is_legal_pair
from pods.deck import Commander, Deck
from pods.draft_rules import addable_commanders, grants_partner, may_add
from pods.legality import DeckRules, SizeRule, check_deck
from tests.pods.builders import load_shared

CMM = load_set("CMM")
CMR = load_set("CMR")
CLB = load_set("CLB")
PIPER = CMM.chosen_color_card
FACELESS = CLB.by_name("Faceless One")
ANAFENZA = CMM.by_name("Anafenza, Kin-Tree Spirit")  # white, no partner
INGA = CMM.by_name("Inga Rune-Eyes")  # blue, no partner
KOZILEK = CMM.by_name("Kozilek, the Great Distortion")  # colorless
NAHIRI = CMM.by_name("Nahiri, the Lithomancer")  # white planeswalker, "can be your commander"
AKIRI = CMM.by_name("Akiri, Fearless Voyager")  # white-red, no partner
CMM_DRAFT = DeckRules.for_draft(["CMM"])
CMR_DRAFT = DeckRules.for_draft(["CMR"])


def deck_of(commanders: list[Commander], basics: str = "Plains", size: int = 60) -> Deck:
    padding = size - len(commanders)
    return Deck(tuple(commanders), (BASIC_LANDS[basics],) * padding)


def codes(deck: Deck, pool: list[Card], rules: DeckRules) -> list[str]:
    return [p.code for p in check_deck(deck, pool, rules).problems]


@pytest.mark.parametrize(
    ("sets", "names"),
    [
        (["CMR"], ("The Prismatic Piper",)),
        (["CMM"], ("The Prismatic Piper",)),
        (["CLB"], ("Faceless One",)),
        (["CMR", "CLB"], ("The Prismatic Piper", "Faceless One")),
        (["CMM", "CLB", "CLB"], ("The Prismatic Piper", "Faceless One")),
        ([], ()),
    ],
)
def test_903_13e_the_boosters_decide_which_cards_may_be_added(
    sets: list[str], names: tuple[str, ...]
) -> None:
    assert addable_commanders(sets) == names


def test_903_13e_a_clb_only_draft_refuses_an_added_piper_naming_the_rule() -> None:
    assert PIPER is not None
    deck = deck_of([Commander(PIPER, "W", added=True)])
    (problem,) = check_deck(deck, [], DeckRules.for_draft(["CLB"])).problems
    assert problem.code == "added_not_allowed"
    assert problem.params == {
        "name": "The Prismatic Piper", "sets": ["CMR", "CMM"], "draft_sets": ["CLB"],
        "rule": "903.13e",
    }
    assert "CR 903.13e" in problem.message


def test_903_13e_a_cmr_only_draft_refuses_an_added_faceless_one() -> None:
    deck = deck_of([Commander(FACELESS, "W", added=True)])
    assert codes(deck, [], CMR_DRAFT) == ["added_not_allowed"]
    assert not may_add("Faceless One", ["CMR", "CMM"])


def test_903_13e_a_mixed_cmr_clb_draft_allows_a_piper_and_a_faceless_one() -> None:
    assert PIPER is not None
    rules = DeckRules.for_draft(["CMR", "CLB", "CLB"])
    assert not codes(deck_of([Commander(PIPER, "W", added=True)]), [], rules)
    assert not codes(deck_of([Commander(FACELESS, "W", added=True)]), [], rules)


def test_903_13e_a_cmm_draft_allows_two_added_pipers() -> None:
    assert PIPER is not None
    pipers = [Commander(PIPER, "W", added=True), Commander(PIPER, "U", added=True)]
    assert check_deck(deck_of(pipers, "Island"), [], CMM_DRAFT).legal


def test_903_13f_1_at_least_sixty_with_no_maximum_and_exact_as_a_house_rule() -> None:
    deck = deck_of([Commander(ANAFENZA)], size=75)
    assert check_deck(deck, [ANAFENZA], CMM_DRAFT).legal
    exact = DeckRules.for_draft(["CMM"], SizeRule.EXACT)
    assert codes(deck, [ANAFENZA], exact) == ["deck_size"]
    assert codes(deck_of([Commander(ANAFENZA)], size=59), [ANAFENZA], CMM_DRAFT) == ["deck_size"]


def test_903_13f_3_two_mono_colored_legends_partner_after_a_cmm_draft() -> None:
    deck = deck_of([Commander(ANAFENZA), Commander(INGA)], "Island")
    report = check_deck(deck, [ANAFENZA, INGA], CMM_DRAFT)
    assert report.legal, report.problems
    assert report.color_identity == ("W", "U")


def test_903_13f_3_a_colorless_legend_partners_a_mono_colored_one() -> None:
    deck = deck_of([Commander(KOZILEK), Commander(INGA)], "Island")
    assert check_deck(deck, [KOZILEK, INGA], CMM_DRAFT).legal


def test_903_13f_3_a_mono_colored_legend_partners_a_piper() -> None:
    assert PIPER is not None
    deck = deck_of([Commander(ANAFENZA), Commander(PIPER, "R", added=True)], "Mountain")
    report = check_deck(deck, [ANAFENZA], CMM_DRAFT)
    assert report.legal, report.problems
    assert report.color_identity == ("W", "R")


def test_903_13f_3_a_planeswalker_that_can_be_your_commander_gets_partner_too() -> None:
    assert is_legal_pair(NAHIRI, INGA, partner_grant=True)


def test_903_13f_3_a_two_color_legend_gets_no_partner() -> None:
    deck = deck_of([Commander(AKIRI), Commander(INGA)], "Island")
    assert codes(deck, [AKIRI, INGA], CMM_DRAFT) == ["illegal_pair"]
    assert not has_granted_partner(AKIRI)


def test_903_13f_3_only_applies_when_the_draft_contained_cmm_boosters() -> None:
    deck = deck_of([Commander(ANAFENZA), Commander(INGA)], "Island")
    assert codes(deck, [ANAFENZA, INGA], CMR_DRAFT) == ["illegal_pair"]
    assert codes(deck, [ANAFENZA, INGA], DeckRules.for_draft(["CMR", "CLB"])) == ["illegal_pair"]
    assert check_deck(deck, [ANAFENZA, INGA], DeckRules.for_draft(["CMM", "CLB"])).legal
    assert grants_partner(["CLB", "cmm"]) and not grants_partner(["CMR", "CLB"])


def test_903_13f_2_any_number_of_same_name_pool_cards() -> None:
    white = next(c for c in CMM if c.rarity == "common" and c.color_identity == ("W",))
    deck = Deck((Commander(ANAFENZA),), (white, white) + (BASIC_LANDS["Plains"],) * 57)
    assert check_deck(deck, [ANAFENZA, white, white], CMM_DRAFT).legal
    assert codes(deck, [ANAFENZA, white], CMM_DRAFT) == ["too_many_copies"]


def test_the_grant_matches_the_shared_datas_cmm_draft_partner_grant_for_every_card() -> None:
    records = load_shared("cmm/cmm_cards_merged.json")["cards"]
    expected = {r["number"] for r in records if r["cmm_draft_partner_grant"]}
    assert {card.number for card in CMM if has_granted_partner(card)} == expected
    assert len(expected) == 91
