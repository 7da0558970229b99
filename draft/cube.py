"""Cubes: draft from a plain card list, 20 random cards a pack, no card dealt twice.

Why its own pack source: friends draft a Commander cube by shuffling the whole list and
dealing packs from the top, so unlike a booster (each pack drawn independently from
sheets) a cube deals every pack of the draft at once from one seeded shuffle. Duplicates
in the list are separate copies and may land in the same pack, like real cards.

A list is `N Name` lines (`Nx Name` and a bare `Name` also work); blank lines and lines
starting with `#` or `//` are ignored.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from draft.cards import Card, load_set
from draft.catalog import Catalog
from draft.errors import ConfigError, DraftError
from draft.packs import PackCard

CUBE_PACK_SIZE = 20
CUBE_SLOT = "cube"
_LINE = re.compile(r"^(?:(\d+)\s*x?\s+)?(.+?)\s*$", re.IGNORECASE)
MAX_COPIES = 1000


class CubeListError(DraftError):
    """The cube list has a line that is not `N Name`, or names an unknown card."""

    code = "bad_cube_list"


class CubeTooSmallError(ConfigError):
    """The cube has fewer cards than the draft's packs need (seats × rounds × 20)."""

    code = "cube_too_small"


@dataclass(frozen=True)
class Cube:
    """A cube list resolved to cards: one entry per physical copy, in list order."""

    name: str
    cards: tuple[Card, ...]
    pack_size: int = CUBE_PACK_SIZE

    @property
    def set_code(self) -> str:
        return "CUBE"

    @property
    def chosen_color_card(self) -> Card | None:
        """The cube's own choose-a-color commander, else The Prismatic Piper.

        Why a fallback: Commander cubes are drafted with the Piper rule (up to two added
        as commanders), whether or not the list holds a Piper.
        """
        own = next((card for card in self.cards if card.chooses_color), None)
        return own or load_set("CMR").chosen_color_card

    def to_json(self) -> dict[str, Any]:
        """Resolved cards with counts, so a stored cube never depends on name lookups again."""
        counts = Counter(self.cards)
        order = list(dict.fromkeys(self.cards))
        return {
            "name": self.name,
            "cards": [{"count": counts[card], "card": card.to_json()} for card in order],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Cube:
        cards: list[Card] = []
        for entry in data["cards"]:
            cards.extend([Card.from_json(entry["card"])] * int(entry["count"]))
        return cls(name=str(data["name"]), cards=tuple(cards))

    def check_size(self, seats: int, rounds: int) -> None:
        """Raise `CubeTooSmallError` unless the cube can fill every pack of the draft."""
        needed = seats * rounds * self.pack_size
        if len(self.cards) < needed:
            raise CubeTooSmallError(
                f"the cube has {len(self.cards)} cards; {seats} seats × {rounds} packs × "
                f"{self.pack_size} cards need {needed}"
            )

    def open_many(self, rng: random.Random, count: int) -> list[list[PackCard]]:
        """Deal `count` packs from one shuffle of the whole list (without replacement)."""
        needed = count * self.pack_size
        if len(self.cards) < needed:
            raise CubeTooSmallError(
                f"the cube has {len(self.cards)} cards; {count} packs of "
                f"{self.pack_size} need {needed}"
            )
        order = list(range(len(self.cards)))
        rng.shuffle(order)
        return [
            [
                PackCard(self.cards[i], CUBE_SLOT, False)
                for i in order[start : start + self.pack_size]
            ]
            for start in range(0, needed, self.pack_size)
        ]


def parse_cube(text: str, catalog: Catalog, name: str = "Cube") -> Cube:
    """Resolve every line of a cube list, or raise one `CubeListError` naming every bad line."""
    cards: list[Card] = []
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        match = _LINE.match(line)
        count = int(match.group(1)) if match and match.group(1) else 1
        card_name = match.group(2) if match else line
        if not 1 <= count <= MAX_COPIES:
            problems.append(f"line {number}: {count} copies is not 1 to {MAX_COPIES}")
            continue
        card = catalog.find(card_name)
        if card is None:
            problems.append(f"line {number}: unknown card {card_name!r}{catalog.hint(card_name)}")
            continue
        cards.extend([card] * count)
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise CubeListError("; ".join(problems[:3]) + more)
    if not cards:
        raise CubeListError("the cube list names no cards")
    return Cube(name=name, cards=tuple(cards))
