"""A deck as players build it: commanders, main cards and the sideboard.

Why a Commander record rather than a bare card: a choose-a-color commander (The Prismatic
Piper, Faceless One) needs its chosen color stored with it, and whether it was *added* to
the pool after the draft (which forbids it as a main-deck card) or drafted.
Main cards are a tuple with one entry per copy, so "two copies" is simply two entries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from draft.cards import Card


@dataclass(frozen=True, slots=True)
class Commander:
    """One commander: the card, its chosen color if it chooses one, and whether it was added."""

    card: Card
    chosen_color: str | None = None
    added: bool = False

    @property
    def identity(self) -> tuple[str, ...]:
        """The commander's identity; a choose-a-color card is its chosen color."""
        if self.card.chooses_color and self.chosen_color:
            return (self.chosen_color,)
        return self.card.color_identity


@dataclass(frozen=True, slots=True)
class Deck:
    """Commanders, main cards (basics included) and sideboard; one tuple entry per copy."""

    commanders: tuple[Commander, ...] = ()
    main: tuple[Card, ...] = ()
    sideboard: tuple[Card, ...] = ()
    name: str = ""

    @property
    def size(self) -> int:
        """Cards that count toward the deck size: commanders plus main cards."""
        return len(self.commanders) + len(self.main)


def pool_as_deck(pool: Iterable[Card], name: str = "Pool") -> Deck:
    """A drafted pool shaped as a deck whose cards are all in the sideboard, for export."""
    return Deck(sideboard=tuple(pool), name=name)


def count_cards(cards: Iterable[Card]) -> list[tuple[Card, int]]:
    """Cards grouped with their counts, in order of first appearance (for writers)."""
    counts = Counter(cards)
    return list(counts.items())
