"""The recap's deck outline: grouped by type in a fixed order, and the curve of its spells."""

from __future__ import annotations

from draft.cards import Card
from pods.deck import Commander, Deck
from pods.recap import CURVE_TOP, outline, type_of


def card(name: str, types: tuple[str, ...], mana_value: float = 0) -> Card:
    return Card(name=name, set="TST", number=name, rarity="common", mana_cost="",
                mana_value=mana_value, type_line=" ".join(types), types=types)


BEAR = card("Bear", ("Creature",), 2)
GOLEM = card("Golem", ("Artifact", "Creature"), 3)
BOLT = card("Bolt", ("Instant",), 1)
TITAN = card("Titan", ("Creature",), 9)
FORGE = card("Forge", ("Artifact", "Land"))
PLAINS = card("Plains", ("Land",))


def test_a_card_files_under_its_first_type_in_the_order() -> None:
    assert type_of(GOLEM) == "Creature"
    assert type_of(FORGE) == "Artifact"
    assert type_of(card("Thing", ("Kindred",))) == "Other"


def test_groups_counts_and_curve() -> None:
    deck = Deck(commanders=(Commander(card("Boss", ("Creature",), 4)),),
                main=(GOLEM, BEAR, BOLT, TITAN, FORGE, PLAINS, PLAINS, BEAR))
    found = outline(deck)
    assert [(g.type, g.count) for g in found.groups] == [
        ("Creature", 4), ("Instant", 1), ("Artifact", 1), ("Land", 2)]
    assert [(c.name, n) for c, n in found.groups[0].cards] == [
        ("Bear", 2), ("Golem", 1), ("Titan", 1)]
    assert len(found.curve) == CURVE_TOP + 1
    assert found.curve == (0, 1, 2, 1, 0, 0, 0, 1)  # lands apart, 9 counts as 7+
    assert found.size == 9
