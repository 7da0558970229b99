"""Cubes: draft from a plain card list, 20 random cards a pack, no card dealt twice.

Why its own pack source: friends draft a Commander cube by shuffling the whole list and
dealing packs from the top, so unlike a booster (each pack drawn independently from
sheets) a cube deals every pack of the draft at once from one seeded shuffle. Duplicates
in the list are separate copies and may land in the same pack, like real cards.

A list is `N Name` lines (`Nx Name` and a bare `Name` also work); blank lines and lines
starting with `#` or `//` are ignored.

Why the caps and the counts: anyone on the Wi-Fi may post a cube list, and `1000 Murder`
repeated over 64 KB once meant millions of card references built on the event loop. A cube
keeps `(card, copies)` entries, never one reference per copy; a line may ask for at most
`MAX_COPIES` copies, the whole list for at most `MAX_CUBE_CARDS`, and parsing stops at the
first line past the total, so the work is bounded by the cap, not by the text.
"""

from __future__ import annotations

import bisect
import itertools
import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from draft.cards import Card, load_set
from draft.catalog import Catalog
from draft.errors import ConfigError, DraftError
from draft.packs import PackCard

CUBE_PACK_SIZE = 20
CUBE_SLOT = "cube"
_LINE = re.compile(r"^(?:(\d+)\s*x?\s+)?(.+?)\s*$", re.IGNORECASE)
MAX_COPIES = 60
"""Copies one line may ask for: a whole pool of one card is already more than any cube."""
MAX_CUBE_CARDS = 8 * 60 * 2
"""Cards a whole list may hold: twice what the largest pod drafts (8 seats × 60 cards)."""
MAX_PROBLEMS = 3
"""Bad lines named in the error (each unknown name costs a fuzzy search for a hint)."""


class CubeListError(DraftError):
    """The cube list has a line that is not `N Name`, or names an unknown card."""

    code = "bad_cube_list"


class CubeTooLargeError(DraftError):
    """The cube list asks for more copies of a line, or more cards in all, than the caps."""

    code = "cube_too_large"


class CubeTooSmallError(ConfigError):
    """The cube has fewer cards than the draft's packs need (seats × rounds × 20)."""

    code = "cube_too_small"


@dataclass(frozen=True)
class Cube:
    """A cube list resolved to cards: `(card, copies)` entries, in list order."""

    name: str
    entries: tuple[tuple[Card, int], ...]
    pack_size: int = CUBE_PACK_SIZE

    @classmethod
    def of(cls, name: str, cards: Iterable[Card]) -> Cube:
        """A cube of these cards, one copy each in order (adjacent repeats are merged)."""
        return cls(name, tuple((card, len(list(run)))
                               for card, run in itertools.groupby(cards)))

    @property
    def set_code(self) -> str:
        return "CUBE"

    @property
    def size(self) -> int:
        """How many physical cards the cube holds."""
        return sum(count for _card, count in self.entries)

    @property
    def chosen_color_card(self) -> Card | None:
        """The cube's own choose-a-color commander, else The Prismatic Piper.

        Why a fallback: Commander cubes are drafted with the Piper rule (up to two added
        as commanders), whether or not the list holds a Piper.
        """
        own = next((card for card, _count in self.entries if card.chooses_color), None)
        return own or load_set("CMR").chosen_color_card

    def to_json(self) -> dict[str, Any]:
        """Resolved cards with counts, so a stored cube never depends on name lookups again."""
        return {
            "name": self.name,
            "cards": [{"count": count, "card": card.to_json()} for card, count in self.entries],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Cube:
        entries = tuple((Card.from_json(entry["card"]), int(entry["count"]))
                        for entry in data["cards"])
        return cls(name=str(data["name"]), entries=entries)

    def check_size(self, seats: int, rounds: int) -> None:
        """Raise `CubeTooSmallError` unless the cube can fill every pack of the draft."""
        needed = seats * rounds * self.pack_size
        if self.size < needed:
            raise CubeTooSmallError(
                f"the cube has {self.size} cards; {seats} seats × {rounds} packs × "
                f"{self.pack_size} cards need {needed}"
            )

    def open_many(self, rng: random.Random, count: int) -> list[list[PackCard]]:
        """Deal `count` packs from one shuffle of the whole list (without replacement).

        Copy `i` of the list is found by its running count, so the shuffle is the same as
        over one reference per copy without ever building that list of cards.
        """
        needed = count * self.pack_size
        size = self.size
        if size < needed:
            raise CubeTooSmallError(
                f"the cube has {size} cards; {count} packs of {self.pack_size} need {needed}"
            )
        ends = list(itertools.accumulate(count for _card, count in self.entries))
        order = list(range(size))
        rng.shuffle(order)

        def card_at(index: int) -> Card:
            return self.entries[bisect.bisect_right(ends, index)][0]

        return [
            [PackCard(card_at(i), CUBE_SLOT, False) for i in order[start : start + self.pack_size]]
            for start in range(0, needed, self.pack_size)
        ]


@dataclass(frozen=True)
class CubeLine:
    """One card line of a list, read but not yet resolved."""

    number: int
    name: str
    count: int


def read_cube_lines(text: str, max_cards: int = MAX_CUBE_CARDS) -> list[CubeLine]:
    """The card lines of a list, checked against the caps before any name is looked up.

    Why a pass of its own: it needs no catalog, so a list past the caps is refused before
    the (costly) catalog of every known card is even built. Raises `CubeTooLargeError`.
    """
    lines: list[CubeLine] = []
    total = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        match = _LINE.match(line)
        digits = match.group(1) if match else None
        count = (int(digits) if len(digits) <= 6 else MAX_COPIES + 1) if digits else 1
        if count > MAX_COPIES:
            raise CubeTooLargeError(
                f"line {number}: {count} copies; a line may hold at most {MAX_COPIES}")
        total += count
        if total > max_cards:
            raise CubeTooLargeError(f"the cube holds more than {max_cards} cards")
        lines.append(CubeLine(number, match.group(2) if match else line, count))
    return lines


def parse_cube(text: str, catalog: Catalog, name: str = "Cube",
               max_cards: int = MAX_CUBE_CARDS) -> Cube:
    """Resolve every line of a cube list, or raise one `CubeListError` naming its bad lines.

    Copies of one card on several lines add up to one entry, in the order the card first
    appears. Past `max_cards` (or a line past `MAX_COPIES`) it stops with `CubeTooLargeError`.
    """
    counts: dict[Card, int] = {}
    problems: list[str] = []
    bad_lines = 0

    def refuse(problem: str) -> None:
        nonlocal bad_lines
        bad_lines += 1
        if len(problems) < MAX_PROBLEMS:
            problems.append(problem)

    for line in read_cube_lines(text, max_cards):
        if line.count < 1:
            refuse(f"line {line.number}: {line.count} copies is not 1 to {MAX_COPIES}")
            continue
        card = catalog.find(line.name)
        if card is None:
            if len(problems) < MAX_PROBLEMS:  # the hint's fuzzy search only for those named
                refuse(f"line {line.number}: unknown card {line.name!r}"
                       f"{catalog.hint(line.name)}")
            else:
                refuse("")
            continue
        counts[card] = counts.get(card, 0) + line.count
    if bad_lines:
        more = f" (and {bad_lines - len(problems)} more)" if bad_lines > len(problems) else ""
        raise CubeListError("; ".join(problems) + more)
    if not counts:
        raise CubeListError("the cube list names no cards")
    return Cube(name=name, entries=tuple(counts.items()))
