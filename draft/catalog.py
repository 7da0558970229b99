"""Every card a night knows, by name: the bundled sets plus any cards the host imported.

Why one index: a cube list, a deck list or a typed name must resolve the same way
everywhere, to one printing per name, with the same "did you mean" suggestions. Bundled
sets win over imported printings of the same name, so a name keeps the printing (and
booster facts) the project ships. Commander Masters is a reprint set, so it comes after
the sets that first printed its cards: a name shared with CMR keeps its CMR printing.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field

from draft.cards import Card, bundled_set_codes, load_set
from draft.errors import UnknownCardError

REPRINT_SETS = frozenset({"CMM"})
"""Bundled sets of reprints: looked up after the sets that printed their cards first."""


def catalog_order(codes: Iterable[str]) -> list[str]:
    """Set codes with the reprint sets last (otherwise in the given order)."""
    return sorted(codes, key=lambda code: code.upper() in REPRINT_SETS)


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class Catalog:
    """Cards by (case- and space-insensitive) name; a face name finds its card too."""

    cards: tuple[Card, ...]
    _by_name: dict[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name: dict[str, Card] = {}
        for card in self.cards:
            by_name.setdefault(_key(card.name), card)
            for face in card.faces:
                by_name.setdefault(_key(face.name), card)
            if " // " in card.name:
                by_name.setdefault(_key(card.name.replace(" // ", "/")), card)
        object.__setattr__(self, "_by_name", by_name)

    def find(self, name: str) -> Card | None:
        """The card with this name (or face name), or `None`."""
        return self._by_name.get(_key(name))

    def get(self, name: str) -> Card:
        """The card with this name, or `UnknownCardError` with suggestions."""
        card = self.find(name)
        if card is None:
            raise UnknownCardError(f"unknown card {name!r}{self.hint(name)}")
        return card

    def suggestions(self, name: str, limit: int = 3) -> list[str]:
        """Known names closest to a misspelt one."""
        matches = difflib.get_close_matches(_key(name), list(self._by_name), n=limit, cutoff=0.7)
        return [self._by_name[match].name for match in matches]

    def hint(self, name: str) -> str:
        """` (did you mean 'X'?)`, or nothing when no name is close."""
        close = self.suggestions(name)
        if not close:
            return ""
        return " (did you mean " + " or ".join(repr(n) for n in close) + "?)"


def build_catalog(imported: Iterable[Card] = (), codes: Iterable[str] | None = None) -> Catalog:
    """The bundled sets (all of them unless `codes` is given) followed by imported cards."""
    cards: list[Card] = []
    for code in catalog_order(codes if codes is not None else bundled_set_codes()):
        cards.extend(load_set(code).cards)
    cards.extend(imported)
    return Catalog(tuple(cards))
