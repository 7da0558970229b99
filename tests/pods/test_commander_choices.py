"""The builder's "Your commanders": every candidate of a pool and every pair, with why."""

from __future__ import annotations

from pods.commander_choices import PairRule, commander_choices, pair_rule
from tests.pods.builders import card

LEGEND = "Legendary Creature — Human"
mono_red = card("Red Legend", type_line=LEGEND, color_identity=("R",))
mono_green = card("Green Legend", type_line=LEGEND, color_identity=("G",))
gruul = card("Gruul Legend", type_line=LEGEND, color_identity=("R", "G"))
partner_a = card("Partner A", type_line=LEGEND, color_identity=("U", "B"), pairing=("Partner",))
partner_b = card("Partner B", type_line=LEGEND, color_identity=("W",), pairing=("Partner",))
chooser = card("Chooser", type_line=LEGEND, color_identity=("R",),
               pairing=("Choose a Background",))
background = card("Some Background", type_line="Legendary Enchantment — Background",
                  color_identity=("W",), is_background=True)
bear = card("Bear", type_line="Creature — Bear", color_identity=("G",))


def test_plain_partners_pair():
    assert pair_rule(partner_a, partner_b) is PairRule.PARTNER


def test_choose_a_background_pairs_with_a_background_either_way():
    assert pair_rule(chooser, background) is PairRule.BACKGROUND
    assert pair_rule(background, chooser) is PairRule.BACKGROUND


def test_two_plain_legends_do_not_pair_without_the_grant():
    assert pair_rule(mono_red, mono_green) is None


def test_the_commander_masters_grant_pairs_one_color_legends():
    assert pair_rule(mono_red, mono_green, granted=True) is PairRule.GRANTED_PARTNER
    assert pair_rule(mono_red, partner_a, granted=True) is PairRule.GRANTED_PARTNER
    assert pair_rule(gruul, mono_red, granted=True) is None  # two colors: no grant


def test_choices_list_candidates_in_pool_order_and_every_pair():
    pool = [(1, bear), (2, partner_a), (3, background), (4, chooser), (5, partner_b),
            (6, mono_red)]
    choices = commander_choices(pool)
    assert choices.eligible == (2, 3, 4, 5, 6)
    assert {(p.first, p.second, p.rule) for p in choices.pairs} == {
        (2, 5, PairRule.PARTNER), (3, 4, PairRule.BACKGROUND)}


def test_a_background_without_a_chooser_is_no_candidate():
    assert commander_choices([(1, background), (2, mono_red)]).eligible == (2,)
