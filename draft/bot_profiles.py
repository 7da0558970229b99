"""What the value bot knows about a printing and about a pool, computed once and reused.

Why a module of its own: the bot asks the same questions thousands of times a second
(this card's value and colours; this pool's colours and commanders), so the answers are
cached per printing and extended pick by pick per pool. The pairing facts here are only
what the bot needs to look for a second commander; the deck rules themselves live in
`pods.commanders`, which `draft` may not import.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from draft.cards import WUBRG, Card
from draft.state import CardInstance

RARITY_VALUE = {"mythic": 2.3, "rare": 2.0, "uncommon": 1.5, "common": 1.0}
_MASK = (1 << 64) - 1
COMMANDER_PULL = 2.5


@dataclass(frozen=True, slots=True)
class Profile:
    """What the bot needs to know about a printing."""

    card: Card
    value: float
    identity: frozenset[str]
    shares: tuple[tuple[int, float], ...]
    real_commander: bool
    """Can lead a deck alone and has a colour of its own (not the Piper, not Faceless One)."""
    background: bool
    pairing: frozenset[str]

    def pairs_with(self, other: Profile, grant: bool) -> bool:
        """The two may lead a deck together (Partner, Partner with, Friends forever,
        Choose a Background; with the CMM grant a commander of one colour or none has
        partner too, CR 903.13f(3))."""
        if grant and self.partner_by_grant and other.partner_by_grant:
            return True
        mine, theirs = self.card.partner_with, other.card.partner_with
        if mine or theirs:
            return mine == other.card.name and theirs == self.card.name
        if "Partner" in self.pairing and "Partner" in other.pairing:
            return True
        if "Friends forever" in self.pairing and "Friends forever" in other.pairing:
            return True
        return ("Choose a Background" in self.pairing and other.background) or (
            self.background and "Choose a Background" in other.pairing
        )

    @property
    def partner_by_grant(self) -> bool:
        """Has partner in a draft with CMM packs: printed, or one colour or none."""
        return "Partner" in self.pairing or (
            self.card.can_be_commander and len(self.identity) <= 1)


def card_value(card: Card) -> float:
    """The bundled `pick_value`, or, for an imported card without one, rarity and role."""
    if card.pick_value is not None:
        return card.pick_value
    if card.is_basic_land:
        return 0.0
    if card.chooses_color:
        return 0.5
    value = RARITY_VALUE.get(card.rarity, 1.0)
    if card.is_creature:
        value += 0.3
    if card.can_be_commander:
        value += 1.75
    return value


# Bot facts per printing, shared by every bot: cards are immutable and loaded once per
# process. Keyed by id(); each profile keeps its card alive, so an id is never reused.
_PROFILES: dict[int, Profile] = {}


def profile_of(card: Card) -> Profile:
    """The printing's profile, computed on first use."""
    profile = _PROFILES.get(id(card))
    if profile is None:
        identity = card.color_identity
        value = card_value(card)
        real = card.can_be_commander and bool(identity) and not card.chooses_color
        # A commander steers the pool's colours harder than one more card would.
        share = value * (COMMANDER_PULL if real else 1.0) / len(identity) if identity else 0.0
        profile = Profile(
            card=card,
            value=value,
            identity=frozenset(identity),
            shares=tuple((WUBRG.index(color), share) for color in identity),
            real_commander=real,
            background=card.is_background and not card.chooses_color,
            pairing=frozenset(card.pairing),
        )
        _PROFILES[id(card)] = profile
    return profile


@dataclass(frozen=True, slots=True)
class PoolSummary:
    """A pool's colour weights (each card's value spread over its colours) and the cards
    in it that may lead a deck or stand beside a commander."""

    first: CardInstance | None
    last: CardInstance | None
    size: int
    weights: tuple[float, ...]
    leads: tuple[Profile, ...]
    backgrounds: tuple[Profile, ...]

    def extends(self, pool: Sequence[CardInstance]) -> bool:
        """The pool still starts with the instances this summary counted."""
        return (len(pool) >= self.size > 0 and pool[0] is self.first
                and pool[self.size - 1] is self.last)

    def top_two(self, salt: int) -> frozenset[str]:
        """The two heaviest colours; equal weights are ordered by the seat's own draw."""
        rank = _color_rank(salt)
        order = sorted(range(len(WUBRG)), key=lambda i: (-self.weights[i], rank[i]))
        return frozenset((WUBRG[order[0]], WUBRG[order[1]]))

    def has_lead_for(self, colors: frozenset[str]) -> bool:
        """A commander inside the colours, or one whose identity holds both of them."""
        return any(lead.identity <= colors or lead.identity >= colors for lead in self.leads)

    def mates_within(self, colors: frozenset[str]) -> list[Profile]:
        """Commanders and Backgrounds inside the colours: what a new card may pair with."""
        return [p for p in (*self.leads, *self.backgrounds) if p.identity <= colors]

    def covers(self, colors: frozenset[str], grant: bool) -> bool:
        """The pool already holds a commander, or a pair, whose identity is the colours."""
        if any(lead.identity >= colors for lead in self.leads):
            return True
        mates = self.mates_within(colors)
        return any(
            one.pairs_with(two, grant) and (one.real_commander or two.real_commander)
            and one.identity | two.identity == colors
            for index, one in enumerate(mates) for two in mates[index + 1:]
        )


def summarize(previous: PoolSummary | None, pool: Sequence[CardInstance]) -> PoolSummary:
    """The summary of `pool`, counting only what `previous` has not counted yet."""
    if previous is None:
        weights, leads, backgrounds, start = [0.0] * len(WUBRG), [], [], 0
    else:
        weights = list(previous.weights)
        leads, backgrounds = list(previous.leads), list(previous.backgrounds)
        start = previous.size
    for instance in pool[start:]:
        profile = profile_of(instance.card)
        for index, share in profile.shares:
            weights[index] += share
        if profile.real_commander:
            leads.append(profile)
        elif profile.background:
            backgrounds.append(profile)
    return PoolSummary(pool[0] if pool else None, pool[-1] if pool else None, len(pool),
                       tuple(weights), tuple(leads), tuple(backgrounds))


_RANKS: dict[int, tuple[int, ...]] = {}


def _color_rank(salt: int) -> tuple[int, ...]:
    """Per seat, a shuffled order of the five colours (for ties between weights)."""
    rank = _RANKS.get(salt)
    if rank is None:
        rank = tuple(draw(salt, 1000 + i) for i in range(len(WUBRG)))
        if len(_RANKS) > 4096:
            _RANKS.clear()
        _RANKS[salt] = rank
    return rank


def draw(salt: int, key: int) -> int:
    """A seat's pseudo-random rank of `key` (a card instance id, a colour index)."""
    x = (salt ^ ((key + 1) * 0x9E3779B97F4A7C15)) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)
