"""Cockatrice `.cod`: XML with a `main` and a `side` zone.

Why commanders go in `main`: Cockatrice has no commander zone, and a Commander deck in it
is the 60 cards together. Why full `A // B` names: Cockatrice finds a deck's cards by exact
name, and its oracle importer stores split, aftermath and adventure cards under the full
name (`names.full_name`). Names and the deck name are XML-escaped by ElementTree.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from draft.cards import Card
from pods.deck import Deck, count_cards
from pods.errors import DeckFormatError
from pods.formats.names import MAX_COPIES_PER_LINE, CardLookup, DeckRead, full_name
from pods.problems import Problem

ZONES = {"main": "main", "side": "side"}
"""Cockatrice's zone names (common/decklist.h) -> our sections."""


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
        ET.SubElement(zone, "card", number=str(count), name=full_name(card))


def read(text: str, lookup: CardLookup) -> DeckRead:
    """A deck from a `.cod` file: `main` cards as the main deck, `side` as the sideboard
    (Cockatrice has no commander zone, so commanders come back as main cards).
    `DeckFormatError` for text that is not a Cockatrice deck; a DTD is refused outright
    so no entity can expand."""
    if "<!DOCTYPE" in text.upper():
        raise DeckFormatError("a Cockatrice deck has no DOCTYPE")
    try:
        root = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError as error:
        raise DeckFormatError(f"not XML: {error}") from None
    if root.tag != "cockatrice_deck":
        raise DeckFormatError("not a Cockatrice deck: the root is not <cockatrice_deck>")
    cards: dict[str, list[Card]] = {"main": [], "side": []}
    problems: list[Problem] = []
    for zone in root.iter("zone"):
        section = ZONES.get(zone.get("name", ""))
        for entry in zone.iter("card"):
            name = entry.get("name", "").strip()
            count_text = entry.get("number", "1")
            if section is None or not count_text.isdigit():
                message = f"{name!r} is in no zone we know or has no count."
                problems.append(Problem("unreadable_line", name or None, message, {}))
                continue
            count = int(count_text)
            if not 1 <= count <= MAX_COPIES_PER_LINE:
                message = f"{count} copies of {name} is not a count we accept."
                problems.append(Problem("bad_count", name, message, {"count": count}))
                continue
            card = lookup.find(name)
            if card is None:
                problems.append(lookup.unknown(name))
                continue
            cards[section].extend([card] * count)
    name_element = root.find("deckname")
    deck_name = (name_element.text or "") if name_element is not None else ""
    deck = Deck(main=tuple(cards["main"]), sideboard=tuple(cards["side"]), name=deck_name)
    return DeckRead(deck, tuple(problems))
