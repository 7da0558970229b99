"""Deck, pool and draft-log formats: one module per format, all pure text in and out.

Why a registry here: the CLI and the server choose a format by name; adding a format
means adding a module and one line below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from draft.cards import Card
from pods.deck import Deck, pool_as_deck
from pods.errors import UnknownFormatError
from pods.formats import arena, cockatrice, csv_format, forge, json_format, mtgo, plain
from pods.formats.names import CardLookup, DeckRead
from pods.formats.text_list import read_text

WRITERS: dict[str, Callable[[Deck], str]] = {
    "arena": arena.write,
    "mtgo": mtgo.write,
    "cockatrice": cockatrice.write,
    "forge": forge.write,
    "text": plain.write,
    "csv": csv_format.write,
    "json": json_format.write,
}
"""Format name -> writer. Moxfield and Archidekt import the `arena` text."""

READERS: dict[str, Callable[[str, CardLookup], DeckRead]] = {
    "arena": read_text,
    "mtgo": read_text,
    "text": read_text,
    "forge": forge.read,
    "cockatrice": cockatrice.read,
    "csv": csv_format.read,
    "json": json_format.read,
}
"""Format name -> reader. Readers list unknown cards as problems instead of failing."""

T = TypeVar("T")


def write_deck(deck: Deck, format_name: str) -> str:
    """The deck in the named format; `UnknownFormatError` for a name not in `WRITERS`."""
    return _pick(WRITERS, format_name)(deck)


def write_pool(pool: Iterable[Card], format_name: str, name: str = "Pool") -> str:
    """The drafted pool in the named format, as the sideboard where the format has one."""
    return write_deck(pool_as_deck(pool, name), format_name)


def read_deck(text: str, format_name: str, lookup: CardLookup) -> DeckRead:
    """A deck read from text in the named format."""
    return _pick(READERS, format_name)(text, lookup)


def _pick(table: dict[str, T], format_name: str) -> T:
    try:
        return table[format_name.strip().casefold()]
    except KeyError:
        known = ", ".join(table)
        raise UnknownFormatError(f"unknown format {format_name!r}; known: {known}") from None


__all__ = ["READERS", "WRITERS", "CardLookup", "DeckRead", "read_deck", "write_deck", "write_pool"]
