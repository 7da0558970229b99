"""A deck as the night's recap shows it: grouped by card type, with its mana curve.

Why here and pure: the recap page, its self-contained HTML file and its JSON all show the
same outline, and the rule (which type a card files under, where the curve tops out) is a
fact about decks, tested without a server.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from draft.cards import Card
from pods.deck import Deck, count_cards

TYPE_ORDER = ("Creature", "Planeswalker", "Instant", "Sorcery", "Artifact", "Enchantment",
              "Battle", "Land")
"""A card files under the first of its types in this order (an artifact creature is a
creature, an artifact land a land only when it is nothing earlier in the list)."""
OTHER = "Other"
CURVE_TOP = 7
"""Mana values of 7 and more share the curve's last bar ("7+")."""


@dataclass(frozen=True, slots=True)
class TypeGroup:
    type: str
    cards: tuple[tuple[Card, int], ...]

    @property
    def count(self) -> int:
        return sum(n for _card, n in self.cards)


@dataclass(frozen=True, slots=True)
class DeckOutline:
    """The main deck (commanders apart) by type, and its curve: nonland cards per mana value,
    index 0 to `CURVE_TOP` (the last counts `CURVE_TOP` and more)."""

    groups: tuple[TypeGroup, ...]
    curve: tuple[int, ...]
    size: int


def type_of(card: Card) -> str:
    return next((kind for kind in TYPE_ORDER if kind in card.types), OTHER)


def outline(deck: Deck) -> DeckOutline:
    """The deck's main cards grouped by type in `TYPE_ORDER`, each group by mana value then
    name, and the curve of its nonland cards."""
    grouped: dict[str, list[tuple[Card, int]]] = {}
    for card, count in count_cards(deck.main):
        grouped.setdefault(type_of(card), []).append((card, count))
    groups = tuple(
        TypeGroup(kind, tuple(sorted(grouped[kind], key=lambda c: (c[0].mana_value, c[0].name))))
        for kind in (*TYPE_ORDER, OTHER) if kind in grouped)
    values = Counter(min(int(card.mana_value), CURVE_TOP)
                     for card in deck.main if not card.is_land)
    return DeckOutline(groups, tuple(values[v] for v in range(CURVE_TOP + 1)), deck.size)
