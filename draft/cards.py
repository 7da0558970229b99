"""Card facts: frozen `Card` records loaded once per set from the bundled JSON.

Why frozen records and one load: every pack, pool, deck check and export refers to the
same few hundred cards thousands of times a second. Sharing immutable objects makes that
free and safe to pass between the engine, the rules and the server.

The bundled files hold facts only (see `scripts/build_card_data.py`); rules text, when a
user imports it, lives in the server's database, never here.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from draft.errors import UnknownCardError, UnknownSetError

WUBRG = "WUBRG"
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def sort_colors(colors: Iterator[str] | tuple[str, ...] | list[str] | set[str]) -> tuple[str, ...]:
    """Colours in the canonical WUBRG order, duplicates removed."""
    wanted = set(colors)
    return tuple(c for c in WUBRG if c in wanted)


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a split or double-faced card."""

    name: str
    mana_cost: str
    type_line: str
    color_indicator: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """The printed facts of one card printing (a set and collector number)."""

    set: str
    number: str
    name: str
    rarity: str
    mana_cost: str = ""
    mana_value: float = 0
    type_line: str = ""
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    color_identity: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] | None = None
    pairing: tuple[str, ...] = ()
    partner_with: str | None = None
    is_legendary: bool = False
    is_background: bool = False
    can_be_commander: bool = False
    chooses_color: bool = False
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    layout: str = "normal"
    faces: tuple[Face, ...] = ()
    scryfall_id: str | None = None
    pick_value: float | None = None
    """What the card is worth to a drafter before it meets a pool (docs/bots.md); bundled
    sets carry it, an imported card may not."""

    @property
    def key(self) -> str:
        """`SET:NUMBER`, unique across every set."""
        return f"{self.set}:{self.number}"

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def is_land(self) -> bool:
        return "Land" in self.types

    @property
    def is_basic_land(self) -> bool:
        return "Basic" in self.supertypes and self.is_land

    @property
    def has_partner(self) -> bool:
        return "Partner" in self.pairing

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Card:
        """Build a card from a bundled record (unknown keys are ignored)."""
        faces = tuple(
            Face(
                name=f["name"],
                mana_cost=f.get("mana_cost") or "",
                type_line=f.get("type_line") or "",
                color_indicator=_opt_tuple(f.get("color_indicator")),
            )
            for f in data.get("faces") or ()
        )
        return cls(
            set=data["set"],
            number=str(data["number"]),
            name=data["name"],
            rarity=data["rarity"],
            mana_cost=data.get("mana_cost") or "",
            mana_value=data.get("mana_value") or 0,
            type_line=data.get("type_line") or "",
            supertypes=tuple(data.get("supertypes") or ()),
            types=tuple(data.get("types") or ()),
            subtypes=tuple(data.get("subtypes") or ()),
            colors=sort_colors(data.get("colors") or ()),
            color_identity=sort_colors(data.get("color_identity") or ()),
            color_indicator=_opt_tuple(data.get("color_indicator")),
            pairing=tuple(data.get("pairing") or ()),
            partner_with=data.get("partner_with"),
            is_legendary=bool(data.get("is_legendary")),
            is_background=bool(data.get("is_background")),
            can_be_commander=bool(data.get("can_be_commander")),
            chooses_color=bool(data.get("chooses_color")),
            power=data.get("power"),
            toughness=data.get("toughness"),
            loyalty=data.get("loyalty"),
            layout=data.get("layout") or "normal",
            faces=faces,
            scryfall_id=data.get("scryfall_id"),
            pick_value=data.get("pick_value"),
        )


    def to_json(self) -> dict[str, Any]:
        """The bundled record shape (`from_json` reads it back to an equal card)."""
        return {
            "set": self.set,
            "number": self.number,
            "name": self.name,
            "rarity": self.rarity,
            "mana_cost": self.mana_cost,
            "mana_value": self.mana_value,
            "type_line": self.type_line,
            "supertypes": list(self.supertypes),
            "types": list(self.types),
            "subtypes": list(self.subtypes),
            "colors": list(self.colors),
            "color_identity": list(self.color_identity),
            "color_indicator": list(self.color_indicator) if self.color_indicator else None,
            "pairing": list(self.pairing),
            "partner_with": self.partner_with,
            "is_legendary": self.is_legendary,
            "is_background": self.is_background,
            "can_be_commander": self.can_be_commander,
            "chooses_color": self.chooses_color,
            "power": self.power,
            "toughness": self.toughness,
            "loyalty": self.loyalty,
            "layout": self.layout,
            "faces": [
                {
                    "name": face.name,
                    "mana_cost": face.mana_cost,
                    "type_line": face.type_line,
                    "color_indicator": list(face.color_indicator) if face.color_indicator else None,
                }
                for face in self.faces
            ],
            "scryfall_id": self.scryfall_id,
            "pick_value": self.pick_value,
        }


def _opt_tuple(value: Any) -> tuple[str, ...] | None:
    return tuple(value) if value else None


@dataclass(frozen=True)
class CardSet:
    """All printings of one set, with lookups by collector number and by name."""

    code: str
    name: str
    cards: tuple[Card, ...]
    booster: Mapping[str, Any] = field(repr=False)
    chosen_color_commander: str | None = None
    _by_number: dict[str, Card] = field(init=False, repr=False, compare=False)
    _by_name: dict[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_number = {card.number: card for card in self.cards}
        by_name: dict[str, Card] = {}
        for card in self.cards:
            # The first (lowest-numbered, main-set) printing stands for the name.
            by_name.setdefault(card.name.casefold(), card)
            for face in card.faces:
                by_name.setdefault(face.name.casefold(), card)
        object.__setattr__(self, "_by_number", by_number)
        object.__setattr__(self, "_by_name", by_name)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def by_number(self, number: str) -> Card:
        """The printing with this collector number, or `UnknownCardError`."""
        try:
            return self._by_number[str(number)]
        except KeyError:
            raise UnknownCardError(f"{self.code} has no card number {number!r}") from None

    def by_name(self, name: str) -> Card:
        """The main printing of a card name (or a face name), or `UnknownCardError`."""
        try:
            return self._by_name[name.strip().casefold()]
        except KeyError:
            raise UnknownCardError(f"{self.code} has no card named {name!r}") from None

    def find_name(self, name: str) -> Card | None:
        """Like `by_name`, but `None` for an unknown name."""
        return self._by_name.get(name.strip().casefold())

    def names(self) -> list[str]:
        """Every distinct card name, for suggestions on a typo."""
        return sorted({card.name for card in self.cards})

    @property
    def chosen_color_card(self) -> Card | None:
        """The set's choose-a-colour commander (The Prismatic Piper, Faceless One)."""
        if self.chosen_color_commander is None:
            return None
        return self._by_number.get(self.chosen_color_commander)


def bundled_set_codes() -> tuple[str, ...]:
    """The set codes shipped in `draft/data`, upper case, sorted."""
    folder = resources.files("draft") / "data"
    return tuple(
        sorted(
            entry.name.removesuffix(".json").upper()
            for entry in folder.iterdir()
            if entry.name.endswith(".json")
        )
    )


def load_set(code: str) -> CardSet:
    """The bundled set with this code (case-insensitive), loaded once per process."""
    return _load_bundled(code.strip().upper())


@cache
def _load_bundled(normalized: str) -> CardSet:
    if normalized not in bundled_set_codes():
        known = ", ".join(bundled_set_codes())
        raise UnknownSetError(f"unknown set {normalized!r}; known sets: {known}")
    text = (resources.files("draft") / "data" / f"{normalized.lower()}.json").read_text(
        encoding="utf-8"
    )
    return card_set_from_json(json.loads(text))


def card_set_from_json(data: Mapping[str, Any]) -> CardSet:
    """A `CardSet` from the bundled JSON shape (also used for imported lists)."""
    return CardSet(
        code=data["set"],
        name=data["name"],
        cards=tuple(Card.from_json(card) for card in data["cards"]),
        booster=data.get("booster") or {},
        chosen_color_commander=data.get("chosen_color_commander"),
    )
