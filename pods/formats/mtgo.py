"""MTGO text: `N Name` lines, one blank line, then the sideboard lines, no header.

Why no `Sideboard` header: MTGO's own files have none, and XMage's `TxtDeckImporter`
(the reader Commander players meet) takes a header line for a card name it cannot find;
the blank line alone starts the sideboard. Why the sideboard holds the commanders and
nothing else: MTGO has no commander section, and XMage's Commander check
(`AbstractCommander`) fails a sideboard of more than two cards ("Sideboard must contain
only the commander(s)"). So a deck export is the main deck plus its commanders; the pool
and the unused cards are separate exports (a card list with no blank line). Split cards
are written `A/B` as MTGO spells them. No set codes: MTGO picks the printing.
"""

from __future__ import annotations

from collections.abc import Iterable

from draft.cards import Card
from pods.deck import Deck, count_cards
from pods.formats.names import display_name


def write(deck: Deck) -> str:
    """The deck as MTGO text: main, then (after one blank line) commanders and sideboard.

    A deck with no main cards (a pool, the unused cards) is written as one plain list,
    because a leading blank line would not start a sideboard in any reader.
    """
    side = [c.card for c in deck.commanders] + list(deck.sideboard)
    if not deck.main:
        return _lines(side) + "\n" if side else ""
    text = _lines(deck.main)
    if side:
        text += "\n\n" + _lines(side)
    return text + "\n"


def _lines(cards: Iterable[Card]) -> str:
    return "\n".join(f"{n} {display_name(card, mtgo=True)}" for card, n in count_cards(cards))
