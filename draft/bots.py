"""Bots: who picks for an empty seat, or for a player whose pick timer ran out.

Why a strategy interface: the server's auto-pick, the simulator and the benchmarks all ask
the same question ("which cards from this pack?"), and a smarter bot can replace this one
without touching the engine. Bots are deterministic so a seeded simulation always repeats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class _Profile:
    """What the bot needs to know about a printing, computed once."""

    card: Card
    value: float
    identity: frozenset[str]
    shares: tuple[tuple[int, float], ...]
    commander: bool


class ValueBot:
    """Drafts like a sensible player at a Commander Draft table.

    Early on it takes power (rarity, legends that can lead a deck). As its pool grows it
    commits to its two strongest colours, prefers cards inside them (and colourless ones),
    and makes sure it holds a commander that fits those colours.
    """

    def __init__(self, commit_after: int = 12) -> None:
        self.commit_after = commit_after
        self._summaries: dict[int, _PoolSummary] = {}

    def choose(
        self, pack: Sequence[CardInstance], pool: Sequence[CardInstance], count: int
    ) -> tuple[int, ...]:
        scored = sorted(zip((-s for s in self.scores(pack, pool)), (c.id for c in pack),
                            strict=True))
        return tuple(card_id for _score, card_id in scored[:count])

    def scores(self, pack: Sequence[CardInstance], pool: Sequence[CardInstance]) -> list[float]:
        """How much the bot wants each card of the pack, in pack order."""
        profiles = _PROFILES
        weights, commanders = self._pool_summary(pool)
        order = sorted(range(len(WUBRG)), key=lambda i: (-weights[i], i))
        top_two = frozenset((WUBRG[order[0]], WUBRG[order[1]]))
        commitment = min(1.0, len(pool) / self.commit_after)
        has_commander = any(identity <= top_two for identity in commanders)
        scored = []
        for instance in pack:
            profile = profiles.get(id(instance.card)) or _profile(instance.card)
            score = profile.value
            if not profile.identity:
                score += 0.5 * commitment
            else:
                off_colors = len(profile.identity - top_two)
                if off_colors:
                    score -= 1.5 * commitment * off_colors
                else:
                    score += 2.0 * commitment
                    if profile.commander and not has_commander:
                        score += 2.0 * commitment
            scored.append(score)
        return scored

    def _pool_summary(
        self, pool: Sequence[CardInstance]
    ) -> tuple[list[float], list[frozenset[str]]]:
        """Colour weights and commander identities of the pool, updated incrementally.

        A seat's pool only grows at the end, so the summary of its previous pick is reused
        when the same instances still lead the pool (checked by identity, not by value).
        """
        cached = self._summaries.get(id(pool[0])) if pool else None
        if cached is not None and cached.first is pool[0] and len(pool) >= cached.size and (
            pool[cached.size - 1] is cached.last
        ):
            weights, commanders, start = list(cached.weights), list(cached.commanders), cached.size
        else:
            weights, commanders, start = [0.0, 0.0, 0.0, 0.0, 0.0], [], 0
        for instance in pool[start:]:
            profile = _PROFILES.get(id(instance.card)) or _profile(instance.card)
            for index, share in profile.shares:
                weights[index] += share
            if profile.commander:
                commanders.append(profile.identity)
        if pool:
            if len(self._summaries) > 4096:
                self._summaries.clear()
            self._summaries[id(pool[0])] = _PoolSummary(
                pool[0], pool[-1], len(pool), tuple(weights), tuple(commanders)
            )
        return weights, commanders


@dataclass(frozen=True, slots=True)
class _PoolSummary:
    first: CardInstance
    last: CardInstance
    size: int
    weights: tuple[float, ...]
    commanders: tuple[frozenset[str], ...]


# Bot facts per printing, shared by every bot: cards are immutable and loaded once per
# process. Keyed by id(); each profile keeps its card alive, so an id is never reused.
_PROFILES: dict[int, _Profile] = {}


def _profile(card: Card) -> _Profile:
    """Compute and cache what the bot needs to know about a printing."""
    value = RARITY_VALUE.get(card.rarity, 1.0)
    if card.can_be_commander:
        value += 1.5 + (0.5 if card.pairing else 0.0)
    if card.is_basic_land:
        value = 0.0
    identity = card.color_identity
    share = 1.0 / len(identity) if identity else 0.0
    profile = _Profile(
        card=card,
        value=value,
        identity=frozenset(identity),
        shares=tuple((WUBRG.index(color), share) for color in identity),
        commander=card.can_be_commander,
    )
    _PROFILES[id(card)] = profile
    return profile
