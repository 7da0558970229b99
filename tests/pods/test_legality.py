"""Deck legality (domain doc §3): every problem is listed, with a code, card, sentence, params."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from draft.cards import Card, load_set
from pods.basics import BASIC_LANDS
from pods.deck import Commander, Deck
from pods.legality import DeckRules, SizeRule, check_deck
from tests.pods.builders import card

CMR = load_set("CMR")
PIPER = CMR.by_name("The Prismatic Piper")
ALHARU = CMR.by_name("Alharu, Solemn Ritualist")  # white, Partner
BRINELIN = CMR.by_name("Brinelin, the Moon Kraken")  # blue, Partner
BOARDING_PARTY = CMR.by_name("Boarding Party")  # red common
ANGEL = CMR.by_name("Angel of the Dawn")  # white common
AQUEOUS = CMR.by_name("Aqueous Form")  # blue common
SOL_RING = CMR.by_name("Sol Ring")
SOLO_LEGEND = next(
    c for c in CMR if c.can_be_commander and not c.pairing and c.color_identity == ("W",)
)


def deck_of(commanders: list[Commander], main: list[Card], basics: str = "Plains") -> Deck:
    """A deck padded with basics to exactly 60 cards."""
    padding = 60 - len(commanders) - len(main)
    return Deck(tuple(commanders), tuple(main) + (BASIC_LANDS[basics],) * padding)


def codes(deck: Deck, pool: list[Card], rules: DeckRules | None = None) -> list[str]:
    return [p.code for p in check_deck(deck, pool, rules).problems]


def test_a_legend_and_its_pool_cards_in_color_make_a_legal_deck() -> None:
    report = check_deck(deck_of([Commander(SOLO_LEGEND)], [ANGEL]), [SOLO_LEGEND, ANGEL])
    assert report.legal
    assert report.size == 60
    assert report.color_identity == ("W",)


def test_a_61_card_deck_is_legal_by_default_cr_903_13f_1() -> None:
    # CR 903.13f(1): "at least 60 cards", no maximum.
    deck = Deck((Commander(SOLO_LEGEND),), (BASIC_LANDS["Plains"],) * 60)
    assert check_deck(deck, [SOLO_LEGEND]).legal
    small = Deck((Commander(SOLO_LEGEND),), (BASIC_LANDS["Plains"],) * 58)
    (problem,) = check_deck(small, [SOLO_LEGEND]).problems
    assert problem.params == {"size": 59, "required": 60, "rule": "at-least"}
    assert problem.message == "Your deck has 59 cards; it must have at least 60."


def test_exactly_sixty_is_a_house_rule_that_refuses_61() -> None:
    deck = Deck((Commander(SOLO_LEGEND),), (BASIC_LANDS["Plains"],) * 60)
    (problem,) = check_deck(deck, [SOLO_LEGEND], DeckRules(size_rule=SizeRule.EXACT)).problems
    assert problem.code == "deck_size"
    assert problem.params == {"size": 61, "required": 60, "rule": "exact"}
    assert problem.message == "Your deck has 61 cards; it must have exactly 60."


def test_the_at_least_sixty_setting_allows_bigger_decks_but_not_smaller() -> None:
    rules = DeckRules(size_rule=SizeRule.AT_LEAST)
    big = Deck((Commander(SOLO_LEGEND),), (BASIC_LANDS["Plains"],) * 70)
    small = Deck((Commander(SOLO_LEGEND),), (BASIC_LANDS["Plains"],) * 50)
    assert check_deck(big, [SOLO_LEGEND], rules).legal
    assert codes(small, [SOLO_LEGEND], rules) == ["deck_size"]


def test_a_deck_needs_a_commander() -> None:
    assert "no_commander" in codes(deck_of([], []), [])


def test_a_non_legendary_creature_cannot_be_commander() -> None:
    assert codes(deck_of([Commander(ANGEL)], []), [ANGEL]) == ["not_a_commander"]


def test_a_card_that_says_it_can_be_your_commander_can_be() -> None:
    walker = card(
        "Planeswalker",
        type_line="Legendary Planeswalker — Jeska",
        can_be_commander=True,
        color_identity=("R",),
    )
    assert check_deck(deck_of([Commander(walker)], [], "Mountain"), [walker]).legal


def test_two_partners_may_command_together_and_combine_their_colors() -> None:
    deck = deck_of([Commander(ALHARU), Commander(BRINELIN)], [ANGEL, AQUEOUS])
    report = check_deck(deck, [ALHARU, BRINELIN, ANGEL, AQUEOUS])
    assert report.legal
    assert report.color_identity == ("W", "U")


def test_a_partner_cannot_pair_with_a_legend_without_partner() -> None:
    deck = deck_of([Commander(ALHARU), Commander(SOLO_LEGEND)], [])
    assert codes(deck, [ALHARU, SOLO_LEGEND]) == ["illegal_pair"]


def test_partner_with_pairs_only_with_the_named_card() -> None:
    pir = card(
        "Pir",
        type_line="Legendary Creature — Human",
        partner_with="Toothy",
        pairing=("Partner with",),
        color_identity=("U",),
    )
    toothy = card(
        "Toothy",
        type_line="Legendary Creature — Frog",
        partner_with="Pir",
        pairing=("Partner with",),
        color_identity=("U",),
    )
    assert check_deck(
        deck_of([Commander(pir), Commander(toothy)], [], "Island"), [pir, toothy]
    ).legal
    assert codes(deck_of([Commander(pir), Commander(BRINELIN)], [], "Island"), [pir, BRINELIN]) == [
        "illegal_pair"
    ]


def test_friends_forever_pairs_with_friends_forever_only() -> None:
    friends = [
        card(n, type_line="Legendary Creature — Human", pairing=("Friends forever",))
        for n in ("Will", "Mike")
    ]
    wastes = "Wastes"
    assert check_deck(deck_of([Commander(c) for c in friends], [], wastes), friends).legal
    mixed = deck_of([Commander(friends[0]), Commander(ALHARU)], [], wastes)
    assert codes(mixed, [friends[0], ALHARU]) == ["illegal_pair"]


def test_choose_a_background_pairs_with_a_background() -> None:
    chooser = card(
        "Chooser",
        type_line="Legendary Creature — Elf",
        pairing=("Choose a Background",),
        color_identity=("G",),
    )
    background = card(
        "Bg",
        type_line="Legendary Enchantment — Background",
        is_background=True,
        color_identity=("W",),
    )
    deck = deck_of([Commander(chooser), Commander(background)], [ANGEL], "Forest")
    report = check_deck(deck, [chooser, background, ANGEL])
    assert report.legal
    assert report.color_identity == ("W", "G")


def test_a_background_alone_cannot_be_commander() -> None:
    background = card("Bg", type_line="Legendary Enchantment — Background", is_background=True)
    assert codes(deck_of([Commander(background)], [], "Wastes"), [background]) == [
        "not_a_commander"
    ]


def test_three_commanders_are_too_many() -> None:
    deck = deck_of([Commander(ALHARU), Commander(BRINELIN), Commander(SOLO_LEGEND)], [])
    assert "too_many_commanders" in codes(deck, [ALHARU, BRINELIN, SOLO_LEGEND])


def test_two_added_pipers_pair_and_take_their_chosen_colors() -> None:
    pipers = [Commander(PIPER, "R", added=True), Commander(PIPER, "G", added=True)]
    red = BOARDING_PARTY
    green = next(c for c in MAIN_SET if c.rarity == "common" and c.color_identity == ("G",))
    report = check_deck(deck_of(pipers, [red, green], "Forest"), [red, green])
    assert report.legal, report.problems
    assert report.color_identity == ("R", "G")


def test_a_green_partner_legend_and_a_red_piper_are_red_green() -> None:
    green = next(c for c in CMR if c.has_partner and c.color_identity == ("G",))
    deck = deck_of(
        [Commander(green), Commander(PIPER, "R", added=True)], [BOARDING_PARTY], "Mountain"
    )
    report = check_deck(deck, [green, BOARDING_PARTY])
    assert report.legal
    assert report.color_identity == ("R", "G")


def test_a_piper_commander_needs_a_chosen_color() -> None:
    deck = deck_of([Commander(PIPER, None, added=True)], [], "Wastes")
    assert codes(deck, []) == ["color_not_chosen"]


def test_only_a_choose_a_color_card_takes_a_chosen_color() -> None:
    assert "color_not_allowed" in codes(deck_of([Commander(SOLO_LEGEND, "U")], []), [SOLO_LEGEND])


def test_only_a_choose_a_color_card_may_be_added_to_the_pool() -> None:
    assert codes(deck_of([Commander(SOLO_LEGEND, added=True)], []), []) == ["cannot_be_added"]


def test_no_more_than_two_pipers_may_be_added() -> None:
    pipers = [Commander(PIPER, "W", added=True)] * 3
    assert "too_many_added" in codes(deck_of(pipers, []), [])


def test_piper_added_as_commander_may_not_be_a_main_deck_card() -> None:
    deck = deck_of([Commander(PIPER, "W", added=True)], [PIPER])
    (problem,) = check_deck(deck, []).problems
    assert problem.code == "added_copy_in_main"
    assert problem.card == "The Prismatic Piper"


def test_a_drafted_piper_is_an_ordinary_main_deck_card() -> None:
    deck = deck_of([Commander(PIPER, "W", added=True)], [PIPER])
    assert check_deck(deck, [PIPER]).legal


def test_a_drafted_piper_may_command_but_still_needs_a_color() -> None:
    assert check_deck(deck_of([Commander(PIPER, "W")], []), [PIPER]).legal
    assert codes(deck_of([Commander(PIPER, "W")], []), []) == ["not_in_pool"]


def test_main_cards_come_from_the_pool() -> None:
    (problem,) = check_deck(deck_of([Commander(SOLO_LEGEND)], [ANGEL]), [SOLO_LEGEND]).problems
    assert (problem.code, problem.card, problem.message) == (
        "not_in_pool",
        "Angel of the Dawn",
        "Angel of the Dawn is not in your pool.",
    )


def test_multiples_are_legal_up_to_the_pool_count() -> None:
    pool = [SOLO_LEGEND, ANGEL, ANGEL]
    assert check_deck(deck_of([Commander(SOLO_LEGEND)], [ANGEL, ANGEL]), pool).legal
    (problem,) = check_deck(deck_of([Commander(SOLO_LEGEND)], [ANGEL] * 3), pool).problems
    assert problem.code == "too_many_copies"
    assert problem.params == {"name": "Angel of the Dawn", "in_deck": 3, "in_pool": 2}


def test_a_commander_from_the_pool_uses_up_a_pool_copy() -> None:
    deck = deck_of([Commander(SOLO_LEGEND)], [SOLO_LEGEND])
    assert codes(deck, [SOLO_LEGEND]) == ["too_many_copies"]


def test_basic_lands_are_unlimited_and_need_no_pool() -> None:
    assert check_deck(deck_of([Commander(SOLO_LEGEND)], []), [SOLO_LEGEND]).legal


def test_a_forest_is_green_for_identity() -> None:
    (problem,) = check_deck(deck_of([Commander(SOLO_LEGEND)], [], "Forest"), [SOLO_LEGEND]).problems
    assert (problem.code, problem.card) == ("outside_identity", "Forest")


def test_wastes_are_always_allowed() -> None:
    assert check_deck(deck_of([Commander(SOLO_LEGEND)], [], "Wastes"), [SOLO_LEGEND]).legal


def test_an_off_color_card_is_named_in_words_a_player_understands() -> None:
    bolt = card("Lightning Bolt", mana_cost="{R}", type_line="Instant", color_identity=("R",))
    deck = deck_of([Commander(ALHARU), Commander(BRINELIN)], [bolt])
    (problem,) = check_deck(deck, [ALHARU, BRINELIN, bolt]).problems
    assert problem.message == "Lightning Bolt is red; your commanders are white and blue."
    assert problem.params == {
        "name": "Lightning Bolt",
        "card_colors": ["R"],
        "commander_colors": ["W", "U"],
        "outside": ["R"],
        "commanders": 2,
    }


def test_every_problem_is_listed_not_just_the_first() -> None:
    deck = Deck((Commander(ANGEL),), (BOARDING_PARTY, AQUEOUS))
    assert sorted(codes(deck, [ANGEL])) == [
        "deck_size",
        "not_a_commander",
        "not_in_pool",
        "not_in_pool",
        "outside_identity",
        "outside_identity",
    ]


def test_a_colorless_commander_allows_only_colorless_cards() -> None:
    deck = deck_of([Commander(PIPER, "W", added=True)], [SOL_RING, BOARDING_PARTY])
    (problem,) = check_deck(deck, [SOL_RING, BOARDING_PARTY]).problems
    assert problem.message == "Boarding Party is red; your commander is white."


MAIN_SET = [c for c in CMR.cards if c.number.isdigit() and int(c.number) <= 361]
LEGENDS = [c for c in MAIN_SET if c.can_be_commander and not c.chooses_color]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LEGENDS), st.data())
def test_a_deck_built_from_the_pool_within_its_commanders_colors_is_legal(
    legend: Card, data: st.DataObject
) -> None:
    allowed = set(legend.color_identity)
    fits = [c for c in MAIN_SET if set(c.color_identity) <= allowed and c != legend]
    main = data.draw(st.lists(st.sampled_from(fits), max_size=40))
    pool = [legend, *main, *data.draw(st.lists(st.sampled_from(MAIN_SET), max_size=10))]
    basics = data.draw(
        st.sampled_from(
            [
                "Wastes",
                *(name for name, b in BASIC_LANDS.items() if set(b.color_identity) <= allowed),
            ]
        )
    )
    assert check_deck(deck_of([Commander(legend)], main, basics), pool).legal


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LEGENDS), st.data())
def test_adding_any_off_color_card_makes_the_deck_illegal_with_that_card_named(
    legend: Card, data: st.DataObject
) -> None:
    allowed = set(legend.color_identity)
    off = [c for c in MAIN_SET if not set(c.color_identity) <= allowed]
    intruder = data.draw(st.sampled_from(off))
    deck = deck_of([Commander(legend)], [intruder], "Wastes")
    report = check_deck(deck, [legend, intruder])
    assert not report.legal
    assert [(p.code, p.card) for p in report.problems] == [("outside_identity", intruder.name)]


def test_another_printing_of_the_same_card_counts_as_the_pool_copy() -> None:
    reprint = replace(SOL_RING, number="999")
    assert check_deck(deck_of([Commander(SOLO_LEGEND)], [reprint]), [SOLO_LEGEND, SOL_RING]).legal
