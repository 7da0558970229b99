"""Color identity: the colors a card brings to a Commander deck.

Why compute it when bundled cards carry it: imported and custom cards arrive with rules
text but no identity, and a wrong identity makes a deck check lie. The rules (CR 903.4):
every mana symbol in the cost and in the rules text (not in reminder text), the color
indicator, every face or half, hybrid symbols count as both colors, Phyrexian symbols as
their color, and a land's basic land types as their colors. Color words and basic land
names in text do not count; "{T}: Add one mana of any color" is colorless.

>>> from draft.cards import Card
>>> color_identity(Card("X", "1", "Bolt Engine", "rare", mana_cost="{8}"), "{3}{R}: Shock.")
('R',)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from draft.cards import COLOR_NAMES, WUBRG, Card, sort_colors
from pods.basics import BASIC_LAND_TYPES
from pods.errors import ColorChoiceError

_SYMBOL = re.compile(r"\{([^{}]*)\}")
_REMINDER = re.compile(r"\([^()]*\)")
_DASHES = ("—", " - ", "–")


def symbol_colors(text: str) -> set[str]:
    """Colors of the mana symbols in `text`: {R}, {R/G}, {2/W}, {R/P} and {W/U/P} all count."""
    found: set[str] = set()
    for symbol in _SYMBOL.findall(text):
        found.update(part for part in symbol.upper().split("/") if part in WUBRG)
    return found


def strip_reminder_text(text: str) -> str:
    """The text without parenthesized reminder text (nested parentheses too)."""
    previous = None
    while previous != text:
        previous, text = text, _REMINDER.sub("", text)
    return text


def land_type_colors(type_line: str) -> set[str]:
    """Colors of the basic land types on a land's type line ("Land — Island Swamp": U, B).

    Each half of a " // " type line is read on its own, so only a land half's subtypes count.
    """
    found: set[str] = set()
    for half in type_line.split("//"):
        head, subtypes = _split_type_line(half)
        if "Land" in head.split():
            found.update(BASIC_LAND_TYPES[word] for word in subtypes if word in BASIC_LAND_TYPES)
    return found


def _split_type_line(type_line: str) -> tuple[str, list[str]]:
    for dash in _DASHES:
        if dash in type_line:
            head, _, tail = type_line.partition(dash)
            return head, tail.split()
    return type_line, []


def color_identity(card: Card, rules_text: str | None = None) -> tuple[str, ...]:
    """The card's color identity in WUBRG order, from its facts plus its rules text.

    `rules_text` is the whole oracle text (all faces, any separator); without it only the
    costs, color indicators and land types count, which is exact for cards whose text has
    no mana symbols.
    """
    colors: set[str] = set(card.color_indicator or ())
    colors |= symbol_colors(card.mana_cost)
    colors |= land_type_colors(card.type_line)
    if card.is_land:
        colors.update(BASIC_LAND_TYPES[t] for t in card.subtypes if t in BASIC_LAND_TYPES)
    for face in card.faces:
        colors |= symbol_colors(face.mana_cost)
        colors |= set(face.color_indicator or ())
        colors |= land_type_colors(face.type_line)
    if rules_text:
        colors |= symbol_colors(strip_reminder_text(rules_text))
    return sort_colors(colors)


_COLOR_WORDS = {name: letter for letter, name in COLOR_NAMES.items()}


def parse_color(text: str) -> str:
    """One color letter from "R", "r", "red" or "Red"; `ColorChoiceError` otherwise."""
    cleaned = text.strip()
    if cleaned.upper() in WUBRG and len(cleaned) == 1:
        return cleaned.upper()
    letter = _COLOR_WORDS.get(cleaned.casefold())
    if letter is None:
        raise ColorChoiceError(
            f"{text!r} is not a color; use W, U, B, R, G or white, blue, black, red, green"
        )
    return letter


def describe_colors(colors: Iterable[str]) -> str:
    """English words for colors: "colorless", "red", "white and blue", "white, blue and red"."""
    words = [COLOR_NAMES[c] for c in sort_colors(list(colors))]
    if not words:
        return "colorless"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]
