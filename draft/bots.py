"""Bots: who picks for an empty seat, or for a player whose pick timer ran out.

Why a strategy interface: the server's auto-pick, the simulator and the benchmarks all ask
the same question ("which cards from this pack?"), and a smarter bot can replace this one
without touching the engine. Bots are deterministic so a seeded simulation always repeats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from draft.cards import WUBRG, Card
from draft.state import CardInstance

RARITY_VALUE = {"mythic": 4.0, "rare": 3.0, "uncommon": 2.0, "common": 1.0, "special": 1.0}


class Bot(Protocol):
    """Chooses `count` card ids from `pack`, knowing only the seat's own pool."""

    def choose(
        self, pack: Sequence[CardInstance], pool: Sequence[CardInstance], count: int
    ) -> tuple[int, ...]: ...


class FirstCardsBot:
    """Takes the first cards of the pack: a baseline for tests and benchmarks."""

    def choose(
        self, pack: Sequence[CardInstance], pool: Sequence[CardInstance], count: int
    ) -> tuple[int, ...]:
        return tuple(card.id for card in pack[:count])


class ValueBot:
    """Drafts like a sensible player at a Commander Draft table.

    Early on it takes power (rarity, legends that can lead a deck). As its pool grows it
    commits to its two strongest colours, prefers cards inside them (and colourless ones),
    and makes sure it holds a commander that fits those colours.
    """

    def __init__(self, commit_after: int = 12) -> None:
        self.commit_after = commit_after
        self._base: dict[str, float] = {}

    def choose(
        self, pack: Sequence[CardInstance], pool: Sequence[CardInstance], count: int
    ) -> tuple[int, ...]:
        weights = dict.fromkeys(WUBRG, 0.0)
        for instance in pool:
            identity = instance.card.color_identity
            for color in identity:
                weights[color] += 1.0 / len(identity)
        top_two = set(sorted(WUBRG, key=lambda c: (-weights[c], WUBRG.index(c)))[:2])
        commitment = min(1.0, len(pool) / self.commit_after)
        has_commander = any(
            i.card.can_be_commander and set(i.card.color_identity) <= top_two for i in pool
        )
        scored = sorted(
            pack,
            key=lambda i: (-self._score(i.card, top_two, commitment, has_commander), i.id),
        )
        return tuple(instance.id for instance in scored[:count])

    def _score(
        self, card: Card, top_two: set[str], commitment: float, has_commander: bool
    ) -> float:
        score = self._base_value(card)
        identity = card.color_identity
        if not identity:
            score += 0.5 * commitment
        else:
            off_colors = sum(1 for color in identity if color not in top_two)
            score += 2.0 * commitment if off_colors == 0 else -1.5 * commitment * off_colors
        if card.can_be_commander and not has_commander and set(identity) <= top_two:
            score += 2.0 * commitment
        return score

    def _base_value(self, card: Card) -> float:
        value = self._base.get(card.key)
        if value is None:
            value = RARITY_VALUE.get(card.rarity, 1.0)
            if card.can_be_commander:
                value += 1.5 + (0.5 if card.pairing else 0.0)
            if card.is_basic_land:
                value = 0.0
            self._base[card.key] = value
        return value
