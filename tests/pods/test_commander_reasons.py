"""Why a card may lead a deck: the codes the zoom view explains (domain doc §3)."""

from __future__ import annotations

from pods.commanders import commander_reasons
from tests.pods.builders import card

LEGEND = card("Mono Legend", type_line="Legendary Creature — Elf", color_identity=("G",),
              can_be_commander=True)


def test_a_legendary_creature_is_a_commander() -> None:
    assert commander_reasons(LEGEND) == ("legendary_creature",)


def test_a_plain_creature_is_not() -> None:
    assert commander_reasons(card("Bear", type_line="Creature — Bear")) == ()


def test_a_card_that_says_so_is_a_commander() -> None:
    walker = card("Walker", type_line="Legendary Planeswalker — Test", can_be_commander=True)
    assert commander_reasons(walker) == ("says_so",)


def test_partner_and_choose_a_background_are_named() -> None:
    partner = card("P", type_line="Legendary Creature — Elf", pairing=("Partner",))
    chooser = card("C", type_line="Legendary Creature — Elf", pairing=("Choose a Background",))
    assert commander_reasons(partner) == ("legendary_creature", "partner")
    assert commander_reasons(chooser) == ("legendary_creature", "choose_background")


def test_a_background_commands_only_beside_a_chooser() -> None:
    background = card("B", type_line="Legendary Enchantment — Background", is_background=True)
    assert commander_reasons(background) == ("background",)


def test_a_commander_masters_draft_grants_partner_to_one_color_or_less() -> None:
    two = card("Two", type_line="Legendary Creature — Elf", color_identity=("G", "W"))
    assert commander_reasons(LEGEND, mono_partner_grant=True)[-1] == "mono_partner"
    assert "mono_partner" not in commander_reasons(two, mono_partner_grant=True)
    assert "mono_partner" not in commander_reasons(LEGEND)
