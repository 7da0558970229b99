"""MTG Arena text (also what Moxfield and Archidekt import).

Why this shape: Arena, Moxfield and Archidekt read `Deck`, `Commander` and `Sideboard`
sections, blank line between, and lines `1 Name (SET) number`. `Commander` comes after
`Deck` because XMage reads this text too: its `MtgaImporter` (and `TxtDeckImporter` for a
pasted list) knows no `Commander` header and starts its sideboard, which XMage treats as
the command zone, at the first blank line; commanders first would put the whole deck
there. Basic lands are written without a set, because our basics belong to no set. Empty
sections are left out (a pool is only a `Sideboard`). Read it back with
`text_list.read_text`.

>>> from draft.cards import load_set
>>> print(write(Deck(main=(load_set("CMR").by_number("1"),))), end="")
Deck
1 The Prismatic Piper (CMR) 1
"""

from __future__ import annotations

from collections.abc import Iterable

from draft.cards import Card
from pods.deck import Deck, count_cards
from pods.formats.names import display_name


def card_line(card: Card, count: int) -> str:
    """`N Name (SET) number`, or `N Name` for a card without a set."""
    if card.set and card.number:
        return f"{count} {display_name(card)} ({card.set}) {card.number}"
    return f"{count} {display_name(card)}"


def write(deck: Deck) -> str:
    """The deck as Arena text."""
    sections = [
        ("Deck", list(deck.main)),
        ("Commander", [c.card for c in deck.commanders]),
        ("Sideboard", list(deck.sideboard)),
    ]
    return "\n\n".join(_section(title, cards) for title, cards in sections if cards) + "\n"


def _section(title: str, cards: Iterable[Card]) -> str:
    return "\n".join([title, *(card_line(card, n) for card, n in count_cards(cards))])
