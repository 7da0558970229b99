"""A deck as players build it: commanders, main cards and the sideboard.

Why a Commander record rather than a bare card: a choose-a-color commander (The Prismatic
Piper, Faceless One) needs its chosen color stored with it, and whether it was *added* to
the pool after the draft (which forbids it as a main-deck card) or drafted.
Main cards are a tuple with one entry per copy, so "two copies" is simply two entries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from draft.cards import Card
from pods.errors import ColorChoiceError
from pods.identity import parse_color


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


def with_chosen_colors(deck: Deck, colors: Iterable[str]) -> Deck:
    """The deck with `colors` given, in order, to its choose-a-color commanders.

    Raises `ColorChoiceError` for a word that is no color or for more colors than such
    commanders; fewer colors leave the rest unchosen (the deck check reports them).
    """
    letters = [parse_color(color) for color in colors]
    commanders: list[Commander] = []
    for commander in deck.commanders:
        if commander.card.chooses_color and letters:
            commander = replace(commander, chosen_color=letters.pop(0))
        commanders.append(commander)
    if letters:
        raise ColorChoiceError(
            f"{len(letters)} chosen color(s) left over: "
            "the deck has fewer choose-a-color commanders"
        )
    return replace(deck, commanders=tuple(commanders))
