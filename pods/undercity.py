"""Undercity (Battle for Baldur's Gate), the dungeon the initiative ventures into: its map
as facts, the room names and the rooms each leads to, exactly as the card draws them.

Why a graph and not levels: two rooms share a level (Forge and Lost Well, then Trap!,
Arena and Stash), and a room leads only to the rooms drawn below it; a tracker of levels
would let a player go from Forge to Stash, which the card does not. The rooms' effects are
rules text: they come from the host's card download (`server.services.cards`), never from
here (CR 309, 725).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

CARD_NAME = "Undercity"
ENTRANCE = "Secret Entrance"
LAST_ROOM = "Throne of the Dead Three"

MAP: Mapping[str, tuple[str, ...]] = MappingProxyType({
    ENTRANCE: ("Forge", "Lost Well"),
    "Forge": ("Trap!", "Arena"),
    "Lost Well": ("Arena", "Stash"),
    "Trap!": ("Archives",),
    "Arena": ("Archives", "Catacombs"),
    "Stash": ("Catacombs",),
    "Archives": (LAST_ROOM,),
    "Catacombs": (LAST_ROOM,),
    LAST_ROOM: (),
})
"""Room → the rooms it leads to, top of the card to its bottom."""

ROOMS: tuple[str, ...] = tuple(MAP)


def next_rooms(room: str | None) -> tuple[str, ...]:
    """Where a venture may go from `room`: the rooms it leads to; outside the dungeon
    (`None`) or from the last room (the dungeon is completed and a new one begins, CR
    309.5a), only the entrance."""
    if room is None or room == LAST_ROOM:
        return (ENTRANCE,)
    return MAP[room]


_ROOM_LINE = re.compile(r"^(?P<name>[^—\n]+?)\s+—\s+(?P<effect>.+?)(?:\s*\(→[^)]*\))?\s*$")


def room_effects(rules_text: str) -> dict[str, str]:
    """Each room's effect, read from the card's rules text as the host's download has it
    (lines `Room — effect (→ Next or Other)`); rooms the text does not name are left out."""
    effects = {}
    for line in rules_text.splitlines():
        found = _ROOM_LINE.match(line.strip())
        if found and found["name"] in MAP:
            effects[found["name"]] = found["effect"]
    return effects
