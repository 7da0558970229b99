"""What the bot knows about a card and a pool: values, second commanders, the pool's colours."""

from __future__ import annotations

from draft.bot_profiles import card_value, profile_of, summarize
from draft.cards import Card
from draft.state import CardInstance


def card(name: str, colors: str = "", **facts: object) -> Card:
    return Card(set="CMR", number=name, name=name, rarity=str(facts.pop("rarity", "common")),
                color_identity=tuple(colors), **facts)  # type: ignore[arg-type]


def commander(name: str, colors: str, *pairing: str, **facts: object) -> Card:
    return card(name, colors, can_be_commander=True, is_legendary=True, types=("Creature",),
                pairing=pairing, **facts)


def test_a_bundled_value_is_used_as_it_is() -> None:
    assert card_value(card("x", "G", pick_value=2.75)) == 2.75


def test_an_imported_card_is_valued_by_rarity_and_role() -> None:
    common = card_value(card("c", "G"))
    creature = card_value(card("k", "G", types=("Creature",)))
    legend = card_value(commander("l", "G", rarity="uncommon"))
    assert common < creature < legend
    assert card_value(card("Forest", "G", supertypes=("Basic",), types=("Land",))) == 0.0


def test_the_piper_is_no_real_commander() -> None:
    piper = commander("The Prismatic Piper", "", "Partner", chooses_color=True)
    assert not profile_of(piper).real_commander
    assert profile_of(commander("Tana", "G", "Partner")).real_commander


def test_partners_pair_and_a_plain_legend_does_not() -> None:
    one = profile_of(commander("a", "U", "Partner"))
    two = profile_of(commander("b", "R", "Partner"))
    plain = profile_of(commander("c", "R"))
    assert one.pairs_with(two, grant=False)
    assert not one.pairs_with(plain, grant=False)


def test_a_choose_a_background_legend_pairs_with_a_background() -> None:
    chooser = profile_of(commander("chooser", "W", "Choose a Background"))
    background = profile_of(card("bg", "B", is_background=True, is_legendary=True))
    assert chooser.pairs_with(background, grant=False)
    assert background.pairs_with(chooser, grant=False)


def test_partner_with_pairs_only_with_the_named_card() -> None:
    first = profile_of(commander("Pir", "U", "Partner with", partner_with="Toothy"))
    second = profile_of(commander("Toothy", "U", "Partner with", partner_with="Pir"))
    other = profile_of(commander("Other", "U", "Partner"))
    assert first.pairs_with(second, grant=False)
    assert not first.pairs_with(other, grant=False)


def test_the_cmm_grant_pairs_commanders_of_one_colour_or_none_only() -> None:
    white, black = profile_of(commander("w", "W")), profile_of(commander("b", "B"))
    gold = profile_of(commander("wb", "WB"))
    assert white.pairs_with(black, grant=True)
    assert not white.pairs_with(black, grant=False)
    assert not white.pairs_with(gold, grant=True)
    gold_partner = profile_of(commander("wb partner", "WB", "Partner"))
    assert white.pairs_with(gold_partner, grant=True)
    assert not white.pairs_with(gold_partner, grant=False)


def test_a_pool_summary_grows_with_the_pool() -> None:
    pool = [CardInstance(i, card(f"g{i}", "G", pick_value=1.0), "c", False) for i in range(4)]
    first = summarize(None, pool[:2])
    grown = summarize(first, pool)
    assert first.extends(pool) and grown.weights == summarize(None, pool).weights
    assert grown.top_two(salt=7) >= {"G"}
