"""Cockatrice `.cod`: XML with a `main` and a `side` zone.

Why commanders go in `main`: Cockatrice has no commander zone, and a Commander deck in it
is the 60 cards together. Names and the deck name are XML-escaped by ElementTree.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from draft.cards import Card
from pods.deck import Deck, count_cards
from pods.formats.names import display_name


def write(deck: Deck, comments: str = "") -> str:
    """The deck as a Cockatrice `.cod` document; `comments` is free text Cockatrice shows
    beside the deck (the server passes it in the player's language)."""
    root = ET.Element("cockatrice_deck", version="1")
    ET.SubElement(root, "deckname").text = deck.name
    if comments:
        ET.SubElement(root, "comments").text = comments
    _zone(root, "main", [c.card for c in deck.commanders] + list(deck.main))
    _zone(root, "side", list(deck.sideboard))
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


def _zone(root: ET.Element, name: str, cards: list[Card]) -> None:
    zone = ET.SubElement(root, "zone", name=name)
    for card, count in count_cards(cards):
        ET.SubElement(zone, "card", number=str(count), name=display_name(card))
