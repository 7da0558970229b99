"""Booster collation: a set's draft booster is weighted pack variants over named sheets.

Why data-driven: Commander Legends, Baldur's Gate and Commander Masters differ only in
their sheets and variant weights (bundled from the collation data), so one generator
serves all three and a correction to the data needs no code change. A mixed night opens
a different set each round (`LineUp`). Every random choice comes from the `Random`
the caller passes in, so a seed always yields the same packs.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from draft.cards import WUBRG, Card, CardSet, load_set
from draft.errors import ConfigError


class PackSource(Protocol):
    """Anything a draft can open its packs from: a set's `Booster` or a cube (`draft.cube`).

    Why `open_many` and not just `open`: a cube deals all of a draft's packs from one
    shuffled list (no card twice), so it must see the whole deal at once.
    """

    @property
    def set_code(self) -> str: ...

    @property
    def pack_size(self) -> int: ...

    def open_many(self, rng: random.Random, count: int) -> list[list[PackCard]]: ...


@dataclass(frozen=True, slots=True)
class PackCard:
    """A card as it comes out of a booster: which sheet (slot) it came from, foil or not."""

    card: Card
    slot: str
    foil: bool


@dataclass(frozen=True)
class Sheet:
    """A weighted list of printings from which a pack slot draws without repeats."""

    name: str
    cards: tuple[Card, ...]
    foils: tuple[bool, ...]
    weights: tuple[int, ...]
    balance_colors: bool = False

    def __post_init__(self) -> None:
        if not self.cards:
            raise ConfigError(f"sheet {self.name!r} has no cards")
        cumulative = tuple(itertools.accumulate(self.weights))
        object.__setattr__(self, "_cumulative", cumulative)
        object.__setattr__(self, "_uniform", len(set(self.weights)) == 1)
        by_color = {
            color: tuple(i for i, card in enumerate(self.cards) if card.colors == (color,))
            for color in WUBRG
        }
        object.__setattr__(self, "_mono", by_color)

    def draw(self, rng: random.Random, count: int) -> list[int]:
        """Indices of `count` distinct entries, balanced across colours when asked."""
        if count > len(self.cards):
            raise ConfigError(f"sheet {self.name!r} cannot give {count} distinct cards")
        chosen: list[int] = []
        mono: dict[str, tuple[int, ...]] = self._mono  # type: ignore[attr-defined]
        if self.balance_colors and count >= len(WUBRG):
            for color in WUBRG:
                if mono[color]:
                    chosen.append(self._pick_among(rng, mono[color]))
        rest = count - len(chosen)
        if rest:
            chosen.extend(self._draw_excluding(rng, rest, set(chosen)))
        if self.balance_colors:
            rng.shuffle(chosen)
        return chosen

    def _pick_among(self, rng: random.Random, indices: tuple[int, ...]) -> int:
        if self._uniform:  # type: ignore[attr-defined]
            return indices[rng.randrange(len(indices))]
        weights = [self.weights[i] for i in indices]
        return rng.choices(indices, weights=weights)[0]

    def _draw_excluding(self, rng: random.Random, count: int, taken: set[int]) -> list[int]:
        size = len(self.cards)
        if self._uniform:  # type: ignore[attr-defined]
            if not taken:
                return rng.sample(range(size), count)
            pool = [i for i in range(size) if i not in taken]
            return rng.sample(pool, count)
        cumulative: tuple[int, ...] = self._cumulative  # type: ignore[attr-defined]
        total = cumulative[-1]
        picked: list[int] = []
        seen = set(taken)
        while len(picked) < count:
            index = bisect.bisect_right(cumulative, rng.random() * total)
            if index < size and index not in seen:
                seen.add(index)
                picked.append(index)
        return picked


@dataclass(frozen=True)
class Variant:
    """One kind of pack: how many cards each sheet contributes, and how often it occurs."""

    weight: int
    slots: tuple[tuple[str, int], ...]

    @property
    def size(self) -> int:
        return sum(count for _sheet, count in self.slots)


@dataclass(frozen=True)
class Booster:
    """A set's draft booster: pick a variant by weight, then draw each of its sheets."""

    set_code: str
    variants: tuple[Variant, ...]
    sheets: Mapping[str, Sheet]

    def __post_init__(self) -> None:
        if not self.variants:
            raise ConfigError(f"{self.set_code} has no draft booster")
        for variant in self.variants:
            for sheet, _count in variant.slots:
                if sheet not in self.sheets:
                    raise ConfigError(f"{self.set_code} booster names unknown sheet {sheet!r}")
        object.__setattr__(
            self, "_cumulative", tuple(itertools.accumulate(v.weight for v in self.variants))
        )

    @property
    def pack_size(self) -> int:
        """Cards in the largest variant (every CMR and CLB variant holds 20)."""
        return max(variant.size for variant in self.variants)

    def open(self, rng: random.Random) -> list[PackCard]:
        """One booster's cards in slot order."""
        cumulative: tuple[int, ...] = self._cumulative  # type: ignore[attr-defined]
        variant = self.variants[bisect.bisect_right(cumulative, rng.random() * cumulative[-1])]
        pack: list[PackCard] = []
        for sheet_name, count in variant.slots:
            sheet = self.sheets[sheet_name]
            for index in sheet.draw(rng, count):
                pack.append(PackCard(sheet.cards[index], sheet_name, sheet.foils[index]))
        return pack

    def open_many(self, rng: random.Random, count: int) -> list[list[PackCard]]:
        """`count` boosters, each opened independently from the same stream."""
        return [self.open(rng) for _ in range(count)]

    def variant_probability(self, predicate: Any) -> float:
        """The share of packs whose variant satisfies `predicate(variant)` (for tests)."""
        total = sum(v.weight for v in self.variants)
        return sum(v.weight for v in self.variants if predicate(v)) / total


def booster_from_data(card_set: CardSet) -> Booster:
    """Build the booster from the set's bundled collation data."""
    data: Mapping[str, Any] = card_set.booster
    if not data:
        raise ConfigError(f"{card_set.code} has no booster collation data")
    sheets = {}
    for name, sheet in data["sheets"].items():
        entries: Sequence[tuple[str, int, bool]] = sheet["cards"]
        sheets[name] = Sheet(
            name=name,
            cards=tuple(card_set.by_number(number) for number, _w, _f in entries),
            foils=tuple(bool(foil) for _n, _w, foil in entries),
            weights=tuple(int(weight) for _n, weight, _f in entries),
            balance_colors=bool(sheet.get("balance_colors")),
        )
    variants = tuple(
        Variant(weight=int(v["weight"]), slots=tuple((k, int(n)) for k, n in v["slots"]))
        for v in data["variants"]
    )
    return Booster(set_code=card_set.code, variants=variants, sheets=sheets)


@cache
def booster_for_set(code: str) -> Booster:
    """The draft booster of a bundled set, built once per process."""
    return booster_from_data(load_set(code))


@dataclass(frozen=True)
class LineUp:
    """A mixed night's packs: round `r` opens `boosters[r - 1]` (one set per round).

    Why a pack source of its own: the engine opens every pack of the draft up front, pack
    `k` in round `k // seats + 1`, so the line-up must know the table size to give each
    round its set. Packs are opened from the one seeded stream in the same order as a
    single set's, so a line-up of one set deals exactly that set's packs.
    """

    boosters: tuple[Booster, ...]
    seats: int

    def __post_init__(self) -> None:
        if not self.boosters or self.seats < 1:
            raise ConfigError("a line-up needs a booster per round and at least one seat")

    @property
    def set_code(self) -> str:
        """The first round's set (a line-up's `DraftConfig.set_code`)."""
        return self.boosters[0].set_code

    @property
    def pack_size(self) -> int:
        return max(booster.pack_size for booster in self.boosters)

    def open_many(self, rng: random.Random, count: int) -> list[list[PackCard]]:
        """`count` packs in deal order; packs past the last round reuse its set."""
        last = len(self.boosters) - 1
        return [self.boosters[min(k // self.seats, last)].open(rng) for k in range(count)]


def line_up(round_sets: Sequence[str], seats: int) -> PackSource:
    """The pack source for one set per round: the set's booster when all rounds agree."""
    codes = [code.upper() for code in round_sets]
    if len(set(codes)) == 1:
        return booster_for_set(codes[0])
    return LineUp(tuple(booster_for_set(code) for code in codes), seats)


def packs_rng(seed: int) -> random.Random:
    """The random stream that opens a draft's packs (independent of the seating stream)."""
    return random.Random(f"prismatic:{seed}:packs")


def open_packs(booster: PackSource, seed: int, count: int) -> list[list[PackCard]]:
    """The first `count` packs of a seed, in the order a draft opens them."""
    return booster.open_many(packs_rng(seed), count)
