"""Plain text: the Arena sections without set codes, easy to read aloud or paste anywhere.

Why: people share lists in chats and forums; this is what they expect, and our reader
reads it back (chosen colors excepted: use the JSON format to keep those).
"""

from __future__ import annotations

from pods.deck import Deck, count_cards
from pods.formats.names import display_name


def write(deck: Deck) -> str:
    """The deck as a plain list with `Commander`/`Deck`/`Sideboard` headers."""
    sections = [
        ("Commander", [c.card for c in deck.commanders]),
        ("Deck", list(deck.main)),
        ("Sideboard", list(deck.sideboard)),
    ]
    blocks = [
        "\n".join([title, *(f"{n} {display_name(card)}" for card, n in count_cards(cards))])
        for title, cards in sections
        if cards
    ]
    return "\n\n".join(blocks) + "\n"
