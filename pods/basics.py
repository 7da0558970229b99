"""The six basic lands, defined here rather than looked up in a set.

Why our own records: a deck may hold any number of basics whatever the pool and set, and
not every set prints all six (CMR has no Swamp, and no set but OGW has Wastes). A basic's
identity comes from its land type (a Forest is green); Wastes are colorless.
"""

from __future__ import annotations

from draft.cards import Card

BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""Basic land type -> the color of the mana its intrinsic ability makes."""


def _basic(name: str, color: str | None) -> Card:
    identity = (color,) if color else ()
    return Card(
        set="",
        number="",
        name=name,
        rarity="common",
        type_line=f"Basic Land — {name}" if color else "Basic Land",
        supertypes=("Basic",),
        types=("Land",),
        subtypes=(name,) if color else (),
        color_identity=identity,
    )


BASIC_LANDS: dict[str, Card] = {
    name: _basic(name, color) for name, color in [*BASIC_LAND_TYPES.items(), ("Wastes", None)]
}
"""Name -> the set-less record used for every basic land in a deck."""


def basic_land(name: str) -> Card | None:
    """The basic land with this name (case-insensitive), or `None`."""
    wanted = name.strip().casefold()
    for basic_name, card in BASIC_LANDS.items():
        if basic_name.casefold() == wanted:
            return card
    return None


def is_basic(card: Card) -> bool:
    """True for a basic land, ours or a set's printing: both are unlimited in a deck."""
    return card.is_basic_land
