"""MTGO text: `N Name` lines, a blank line, `Sideboard`, then the sideboard lines.

Why commanders go in the sideboard: MTGO's own Commander convention is that the
commander is the (first) sideboard card; there is no commander section. Split cards are
written `A/B` as MTGO spells them. No set codes: MTGO picks the printing.
"""

from __future__ import annotations

from pods.deck import Deck, count_cards
from pods.formats.names import display_name


def write(deck: Deck) -> str:
    """The deck as MTGO text."""
    main = [f"{n} {display_name(card, mtgo=True)}" for card, n in count_cards(deck.main)]
    side_cards = [c.card for c in deck.commanders] + list(deck.sideboard)
    side = [f"{n} {display_name(card, mtgo=True)}" for card, n in count_cards(side_cards)]
    parts = ["\n".join(main)] if main else []
    if side:
        parts.append("\n".join(["Sideboard", *side]))
    return "\n\n".join(parts) + "\n"
