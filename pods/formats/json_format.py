"""Our own JSON deck format: lossless, including chosen colors and added copies.

Why our own: no other format can say "this Prismatic Piper was added and chose red".
Cards are identified by set and number (basic lands by name, they belong to no set), with
the name kept for people and as a fallback.

    {"format": "prismatic-deck", "version": 1, "name": "...",
     "commanders": [{"name", "set", "number", "chosen_color", "added"}],
     "main": [{"count", "name", "set", "number"}], "sideboard": [...]}
"""

from __future__ import annotations

import json
from typing import Any

from draft.cards import Card
from pods.deck import Commander, Deck, count_cards
from pods.errors import DeckFormatError
from pods.formats.names import MAX_COPIES_PER_LINE, CardLookup, DeckRead
from pods.problems import Problem

FORMAT = "prismatic-deck"
VERSION = 1


def card_ref(card: Card) -> dict[str, str]:
    """How one card is named in our JSON files (decks and draft logs)."""
    return {"name": card.name, "set": card.set, "number": card.number}


def to_data(deck: Deck) -> dict[str, Any]:
    """The deck as JSON-ready data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": deck.name,
        "commanders": [
            {**card_ref(c.card), "chosen_color": c.chosen_color, "added": c.added}
            for c in deck.commanders
        ],
        "main": [{"count": n, **card_ref(card)} for card, n in count_cards(deck.main)],
        "sideboard": [{"count": n, **card_ref(card)} for card, n in count_cards(deck.sideboard)],
    }


def write(deck: Deck) -> str:
    """The deck as indented JSON text."""
    return json.dumps(to_data(deck), indent=2, ensure_ascii=False) + "\n"


def read(text: str, lookup: CardLookup) -> DeckRead:
    """A deck from our JSON; `DeckFormatError` when it is not JSON or not our shape."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise DeckFormatError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DeckFormatError(f"not a {FORMAT} JSON document")
    problems: list[Problem] = []
    commanders: list[Commander] = []
    for entry in _entries(data, "commanders"):
        card = find_ref(entry, lookup, problems)
        if card is not None:
            color = entry.get("chosen_color")
            commanders.append(
                Commander(
                    card, color if isinstance(color, str) else None, entry.get("added") is True
                )
            )
    main = _cards(_entries(data, "main"), lookup, problems)
    side = _cards(_entries(data, "sideboard"), lookup, problems)
    name = data.get("name") if isinstance(data.get("name"), str) else ""
    return DeckRead(Deck(tuple(commanders), main, side, str(name)), tuple(problems))


def _entries(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    entries = data.get(key) or []
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DeckFormatError(f"{key!r} must be a list of card objects")
    return entries


def find_ref(entry: dict[str, Any], lookup: CardLookup, problems: list[Problem]) -> Card | None:
    """The card an entry names, or None with an `unknown_card` problem appended."""
    name, set_code, number = (str(entry.get(k) or "") for k in ("name", "set", "number"))
    card = lookup.find(name, set_code or None, number or None)
    if card is None:
        problems.append(lookup.unknown(name))
    return card


def _cards(
    entries: list[dict[str, Any]], lookup: CardLookup, problems: list[Problem]
) -> tuple[Card, ...]:
    cards: list[Card] = []
    for entry in entries:
        count = entry.get("count", 1)
        if not isinstance(count, int) or not 1 <= count <= MAX_COPIES_PER_LINE:
            name = str(entry.get("name"))
            message = f"{count!r} copies of {name} is not a count we accept."
            problems.append(Problem("bad_count", name, message, {"count": repr(count)}))
            continue
        card = find_ref(entry, lookup, problems)
        if card is not None:
            cards.extend([card] * count)
    return tuple(cards)
