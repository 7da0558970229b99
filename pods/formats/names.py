"""Card names as each tool spells them, and names read back into cards.

Why one module: every format writes split cards and adventures slightly differently
(MTGO "A/B", Arena and the rest "A // B", adventures by their front name), and every
reader must turn a typo into a helpful problem with the closest names, never a crash.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from draft.cards import Card, CardSet
from pods.basics import BASIC_LANDS, basic_land
from pods.deck import Deck
from pods.problems import Problem

SPLIT_LAYOUTS = frozenset({"split"})
ONE_CARD_LAYOUTS = frozenset({"split", "aftermath", "adventure"})
"""Layouts whose faces are printed on one card front: Cockatrice's oracle importer stores
them under the full `A // B` name (oracle/src/oracleimporter.cpp, "split cards are
considered a single card"); double-faced cards it stores per face."""
MAX_COPIES_PER_LINE = 250
"""A line asking for more copies is refused: no deck needs it, and it guards memory."""


def display_name(card: Card, *, mtgo: bool = False) -> str:
    """The name a tool expects: split "A // B" (MTGO "A/B"), other two-face cards' front."""
    if card.faces and card.layout in SPLIT_LAYOUTS:
        separator = "/" if mtgo else " // "
        return separator.join(face.name for face in card.faces)
    if card.faces:
        return card.faces[0].name
    if " // " in card.name and card.layout not in SPLIT_LAYOUTS:
        return card.name.split(" // ")[0]
    return card.name


def full_name(card: Card) -> str:
    """`A // B` for every card whose parts share one front (split, aftermath, adventure),
    the front face's name for double-faced cards: the name Cockatrice looks cards up by."""
    if card.faces and card.layout in ONE_CARD_LAYOUTS:
        return " // ".join(face.name for face in card.faces)
    return display_name(card)


@dataclass(frozen=True, slots=True)
class DeckRead:
    """A deck read from text, and the lines that could not be used."""

    deck: Deck
    problems: tuple[Problem, ...] = ()


class CardLookup:
    """Finds cards by name (or set and number) in the given sets plus the basic lands."""

    def __init__(self, *sets: CardSet) -> None:
        self._sets = {card_set.code.upper(): card_set for card_set in sets}

    def find(
        self, name: str, set_code: str | None = None, number: str | None = None
    ) -> Card | None:
        """The card named `name`, preferring the exact printing when set and number match."""
        name = name.strip()
        if set_code and number and set_code.upper() in self._sets:
            printing = self._sets[set_code.upper()]._by_number.get(number)
            if printing is not None and _same_name(printing, name):
                return printing
        basic = basic_land(name)
        if basic is not None:
            return basic
        for candidate in _spellings(name):
            for card_set in self._sets.values():
                card = card_set.find_name(candidate)
                if card is not None:
                    return card
        return None

    def suggestions(self, name: str, limit: int = 3) -> list[str]:
        """The closest known names, best first (difflib), for a "did you mean" message."""
        known = [*BASIC_LANDS, *(n for s in self._sets.values() for n in s.names())]
        by_folded = {n.casefold(): n for n in known}
        close = difflib.get_close_matches(name.casefold(), by_folded, n=limit, cutoff=0.6)
        return [by_folded[n] for n in close]

    def unknown(self, name: str, line: int | None = None) -> Problem:
        """The problem entry for a name no set knows, with suggestions."""
        suggestions = self.suggestions(name)
        hint = f" Did you mean {' or '.join(suggestions)}?" if suggestions else ""
        params: dict[str, object] = {"name": name, "suggestions": suggestions, "line": line}
        return Problem("unknown_card", name, f"No card is named {name!r}.{hint}", params)


def _same_name(card: Card, name: str) -> bool:
    folded = name.casefold()
    names = {card.name.casefold(), display_name(card).casefold(), *_spellings(card.name)}
    names.update(face.name.casefold() for face in card.faces)
    return folded in names or display_name(card, mtgo=True).casefold() == folded


def _spellings(name: str) -> list[str]:
    """The name as given, and MTGO's "A/B" as "A // B"."""
    spellings = [name]
    if "/" in name and " // " not in name:
        spellings.append(" // ".join(part.strip() for part in name.split("/")))
    return spellings
