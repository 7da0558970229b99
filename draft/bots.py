"""Bots: who picks for an empty seat, or for a player whose pick timer ran out.

Why a strategy interface: the server's auto-pick, the simulator and the benchmarks all ask
the same question ("which cards from this pack?"), and a smarter bot can replace this one
without touching the engine. Bots are deterministic so a seeded simulation always repeats.

Why a seeded per-seat draw breaks ties: what bots pass is half of what a person sees at a
table with bots. A fixed order (the pack's slots, or W before U before B...) would make
every bot at every table favour the same colours and cards; a draw from the draft's seed
and the seat favours none and still repeats exactly for the same seed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from draft.bot_profiles import PoolSummary, Profile, draw, profile_of, summarize
from draft.state import CardInstance


@dataclass(frozen=True, slots=True)
class PickContext:
    """What a bot may know beside the pack and its own pool: public facts of the table."""

    seed: int
    seat: int
    sets: frozenset[str] = frozenset()
    """The sets whose boosters the draft holds (`DraftConfig.sets`; the CMM grant needs it)."""


@dataclass(frozen=True, slots=True)
class ScoreParts:
    """Why the value bot wants a card: its own value, its colours' fit with the pool, and
    its fit as a commander for them; `bot_colors` are the bot's two colours at that pick."""

    value: float
    colors: float
    commander: float
    bot_colors: frozenset[str]

    @property
    def total(self) -> float:
        """The score, summed in the order the bot always summed it (same floats)."""
        return self.value + self.colors + self.commander


class Bot(Protocol):
    """Chooses `count` card ids from `pack`, knowing only the seat's own pool."""

    def choose(
        self,
        pack: Sequence[CardInstance],
        pool: Sequence[CardInstance],
        count: int,
        context: PickContext | None = None,
    ) -> tuple[int, ...]: ...


class FirstCardsBot:
    """Takes the first cards of the pack: a baseline for tests and benchmarks."""

    def choose(
        self,
        pack: Sequence[CardInstance],
        pool: Sequence[CardInstance],
        count: int,
        context: PickContext | None = None,
    ) -> tuple[int, ...]:
        return tuple(card.id for card in pack[:count])


class ValueBot:
    """Drafts like a sensible player at a Commander Draft table.

    Early on it takes the strongest cards (each card's bundled `pick_value`). As its pool
    grows it commits to its two strongest colours, prefers cards inside them (and
    colourless ones), makes sure it holds a real commander for those colours, and then
    looks for the partner, Background or (in a draft with CMM packs) mono-coloured second
    commander that completes them.
    """

    def __init__(self, commit_after: int = 12) -> None:
        self.commit_after = commit_after
        self._summaries: dict[int, PoolSummary] = {}

    def choose(
        self,
        pack: Sequence[CardInstance],
        pool: Sequence[CardInstance],
        count: int,
        context: PickContext | None = None,
    ) -> tuple[int, ...]:
        scores = self.scores(pack, pool, context)
        order = sorted(range(len(pack)), key=scores.__getitem__, reverse=True)
        if 0 < count < len(pack) and scores[order[count - 1]] == scores[order[count]]:
            order = _break_tie(order, scores, pack, count, seat_salt(context))
        return tuple(pack[i].id for i in order[:count])

    def scores(
        self,
        pack: Sequence[CardInstance],
        pool: Sequence[CardInstance],
        context: PickContext | None = None,
    ) -> list[float]:
        """How much the bot wants each card of the pack, in pack order."""
        return [parts.total for parts in self.score_parts(pack, pool, context)]

    def score_parts(
        self,
        pack: Sequence[CardInstance],
        pool: Sequence[CardInstance],
        context: PickContext | None = None,
    ) -> list[ScoreParts]:
        """Each card's score in its three parts (the coaching replay says why with them)."""
        salt = seat_salt(context)
        summary = self._summary(pool)
        top_two = summary.top_two(salt)
        commitment = min(1.0, len(pool) / self.commit_after)
        grant = context is not None and "CMM" in context.sets
        has_lead = summary.has_lead_for(top_two)
        mates = summary.mates_within(top_two)
        covered = summary.covers(top_two, grant)
        scored = []
        for instance in pack:
            profile = profile_of(instance.card)
            colors = commander = 0.0
            if not profile.identity:
                colors = 0.5 * commitment
            elif profile.identity <= top_two:
                colors = 2.0 * commitment
                if profile.real_commander and not has_lead:
                    commander = 2.0 * commitment
                elif not covered and _completes(profile, mates, top_two, grant):
                    commander = 1.5 * commitment
            else:
                colors = -(1.5 * commitment * len(profile.identity - top_two))
            scored.append(ScoreParts(profile.value, colors, commander, top_two))
        return scored

    def _summary(self, pool: Sequence[CardInstance]) -> PoolSummary:
        """The pool's summary, extending the one of the seat's previous pick.

        A seat's pool only grows at the end, so the summary of its previous pick is reused
        when the same instances still lead the pool (checked by identity, not by value).
        """
        if not pool:
            return summarize(None, ())
        cached = self._summaries.get(id(pool[0]))
        if cached is not None and not cached.extends(pool):
            cached = None
        summary = summarize(cached, pool)
        if len(self._summaries) > 4096:
            self._summaries.clear()
        self._summaries[id(pool[0])] = summary
        return summary


def _completes(profile: Profile, mates: Sequence[Profile], top_two: frozenset[str],
               grant: bool) -> bool:
    """The card leads the two colours alone, or pairs with a commander of the pool to."""
    if not profile.real_commander and not profile.background:
        return False
    if profile.real_commander and profile.identity == top_two:
        return True
    return any(mate.pairs_with(profile, grant) and mate.identity | profile.identity == top_two
               and (mate.real_commander or profile.real_commander) for mate in mates)


def seat_salt(context: PickContext | None) -> int:
    """The seat's own 64-bit draw for this draft (0 without a context)."""
    if context is None:
        return 0
    return _salt(context.seed, context.seat)


_SALTS: dict[tuple[int, int], int] = {}


def _salt(seed: int, seat: int) -> int:
    salt = _SALTS.get((seed, seat))
    if salt is None:
        digest = hashlib.blake2b(f"prismatic:{seed}:bot:{seat}".encode(), digest_size=8)
        salt = int.from_bytes(digest.digest(), "big")
        if len(_SALTS) > 4096:
            _SALTS.clear()
        _SALTS[(seed, seat)] = salt
    return salt


def _break_tie(order: list[int], scores: list[float], pack: Sequence[CardInstance],
               count: int, salt: int) -> list[int]:
    """Equal scores at the cut are ordered by the seat's draw, not by the pack's slots."""
    cut = scores[order[count - 1]]
    above = [i for i in order if scores[i] > cut]
    tied = sorted((i for i in order if scores[i] == cut), key=lambda i: draw(salt, pack[i].id))
    below = [i for i in order if scores[i] < cut]
    return above + tied + below
