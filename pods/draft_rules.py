"""What a Commander Draft's boosters change in deck building: CR 903.13e and 903.13f(3).

Why a module of its own: these rules depend on which sets' draft boosters *the draft
contained*, not on the cards in a pool, and a mixed night (one set per round) can contain
two or three sets. Each rule is one lookup here that `pods.legality` and the server share.

- 903.13e: a draft that contained Commander Legends (CMR) or Commander Masters (CMM)
  boosters lets each player add up to two cards named The Prismatic Piper to their pool,
  only as commanders; one that contained Baldur's Gate (CLB) boosters, up to two named
  Faceless One. A CMR + CLB draft offers both.
- 903.13f(3): if the draft contained CMM boosters, any card that can be a commander by
  itself and whose color identity has one or fewer colors is considered to have partner
  for deck building.
"""

from __future__ import annotations

from collections.abc import Iterable

from pods.commanders import has_granted_partner

PIPER = "The Prismatic Piper"
FACELESS_ONE = "Faceless One"
ADDED_COMMANDER_SETS: dict[str, tuple[str, ...]] = {
    PIPER: ("CMR", "CMM"),
    FACELESS_ONE: ("CLB",),
}
"""Each card a player may add as a commander, and the boosters that allow it (903.13e)."""
PARTNER_GRANT_SETS = ("CMM",)
"""Boosters whose presence gives one-or-fewer-colored commanders partner (903.13f(3))."""

__all__ = [
    "ADDED_COMMANDER_SETS", "FACELESS_ONE", "PIPER", "addable_commanders", "grants_partner",
    "has_granted_partner", "may_add", "normalize_sets",
]


def normalize_sets(sets: Iterable[str]) -> frozenset[str]:
    """Set codes as the rules compare them (upper case, no blanks)."""
    return frozenset(code.strip().upper() for code in sets if code.strip())


def addable_commanders(sets: Iterable[str]) -> tuple[str, ...]:
    """Names of the cards a player may add as commanders after a draft of these sets."""
    contained = normalize_sets(sets)
    return tuple(
        name for name, allowing in ADDED_COMMANDER_SETS.items() if contained & set(allowing)
    )


def may_add(name: str, sets: Iterable[str]) -> bool:
    """903.13e: may a card with this name be added as a commander after this draft?"""
    return name in addable_commanders(sets)


def grants_partner(sets: Iterable[str]) -> bool:
    """903.13f(3): did the draft contain boosters that grant partner?"""
    return bool(normalize_sets(sets) & set(PARTNER_GRANT_SETS))

