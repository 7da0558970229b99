"""Every way a pool may be led, and how much of the pool each way can play.

Why enumerate them all: a pool holds a handful of legends, and the rules that pair them
(Partner, Background, the CMM grant, CR 903.13f(3)) or add a helper (The Prismatic Piper,
Faceless One, CR 903.13e, allowed by the draft's boosters) multiply the choices. There
are rarely more than a few dozen, so each is scored exactly: the count of the pool's
non-basic cards inside its identity ("playables"), which is what a 60-card deck is built
from. A helper's free color is chosen to maximize that count; ties go to the stronger
cards, then to real commanders over helpers, so the ranking is reproducible.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from draft.bot_profiles import card_value
from draft.cards import WUBRG, Card, load_set
from pods.commanders import can_be_commander, can_be_second_commander, is_legal_pair
from pods.deck import Commander
from pods.draft_rules import ADDED_COMMANDER_SETS, addable_commanders, grants_partner
from pods.legality import DeckRules

_MASKS = range(1 << len(WUBRG))


@dataclass(frozen=True, slots=True)
class Option:
    """One commander choice with its identity and what the pool offers inside it."""

    commanders: tuple[Commander, ...]
    identity: tuple[str, ...]
    playables: int
    """Non-basic pool cards inside the identity, a commander drawn from the pool included
    (it is played from the command zone), so a legend never ranks below a helper."""
    strength: float
    """The value of those playables: the tie-break between equal counts."""

    @property
    def helpers(self) -> int:
        """How many commanders are added choose-a-color cards (fewer is better on a tie)."""
        return sum(1 for c in self.commanders if c.card.chooses_color)

    def rank_key(self) -> tuple[int, float, int, tuple[str, ...]]:
        names = tuple(c.card.name for c in self.commanders)
        return (-self.playables, -round(self.strength, 6), self.helpers, names)


def mask_of(colors: Sequence[str]) -> int:
    mask = 0
    for color in colors:
        mask |= 1 << WUBRG.index(color)
    return mask


def colors_of(mask: int) -> tuple[str, ...]:
    return tuple(c for i, c in enumerate(WUBRG) if mask >> i & 1)


@dataclass(frozen=True, slots=True)
class PoolTally:
    """For each of the 32 color identities: the pool's playables inside it, and their value."""

    counts: tuple[int, ...]
    values: tuple[float, ...]

    @classmethod
    def of(cls, pool: Sequence[Card]) -> PoolTally:
        by_mask: dict[int, tuple[int, float]] = {}
        for card in pool:
            if card.is_basic_land or card.chooses_color:
                continue
            mask = mask_of(card.color_identity)
            count, value = by_mask.get(mask, (0, 0.0))
            by_mask[mask] = (count + 1, value + card_value(card))
        counts, values = [], []
        for target in _MASKS:
            inside = [tally for mask, tally in by_mask.items() if mask & ~target == 0]
            counts.append(sum(n for n, _ in inside))
            values.append(sum(v for _, v in inside))
        return cls(tuple(counts), tuple(values))


def helper_cards(pool: Sequence[Card], rules: DeckRules,
                 addable: Sequence[Card] = ()) -> list[Commander]:
    """The choose-a-color commanders available: up to two added copies of each card the
    draft allows (CR 903.13e). When the draft's sets are not known (a cube) the caller's
    `addable` cards (a cube's own Piper) may be added, and the copies in the pool lead."""
    if rules.draft_sets:
        helpers = []
        for name in addable_commanders(rules.draft_sets):
            card = next((c for c in pool if c.name == name), None) or _bundled(name, rules)
            if card is not None:
                helpers += [Commander(card, added=True)] * rules.max_added_copies
        return helpers
    added = [Commander(card, added=True) for card in addable if card.chooses_color]
    return [*(c for c in added for _ in range(rules.max_added_copies)),
            *(Commander(card) for card in pool if card.chooses_color)]


def _bundled(name: str, rules: DeckRules) -> Card | None:
    for code in ADDED_COMMANDER_SETS[name]:
        if code in rules.draft_sets:
            card = load_set(code).chosen_color_card
            if card is not None and card.name == name:
                return card
    return None


def commander_options(pool: Sequence[Card], rules: DeckRules,
                      addable: Sequence[Card] = ()) -> list[Option]:
    """Every legal commander choice for the pool, best first (see the module docstring);
    `addable`: see `helper_cards`."""
    granted = grants_partner(rules.draft_sets)
    tally = PoolTally.of(pool)
    leads: dict[str, Card] = {}
    for card in sorted(pool, key=lambda c: (c.name, c.key)):
        if not card.chooses_color and (can_be_commander(card) or can_be_second_commander(card)):
            leads.setdefault(card.name, card)
    fixed = [Commander(card) for card in leads.values()]
    helpers = helper_cards(pool, rules, addable)
    groups: list[tuple[Commander, ...]] = [(c,) for c in fixed if can_be_commander(c.card)]
    groups += [(h,) for h in _distinct(helpers)]
    for first, second in itertools.combinations(fixed, 2):
        if is_legal_pair(first.card, second.card, granted):
            groups.append((first, second))
    for lead in fixed:
        for helper in _distinct(helpers):
            if is_legal_pair(lead.card, helper.card, granted):
                groups.append((lead, helper))
    for first, second in _helper_pairs(helpers):
        if is_legal_pair(first.card, second.card, granted):
            groups.append((first, second))
    options = [_scored(group, pool, tally) for group in groups]
    return sorted(options, key=Option.rank_key)


def _distinct(helpers: list[Commander]) -> list[Commander]:
    return list(dict.fromkeys(helpers))


def _helper_pairs(helpers: list[Commander]) -> list[tuple[Commander, Commander]]:
    """Two helpers together: two copies of one card, or two different cards (a Piper and
    a Faceless One after a CMM + CLB draft, partners by the CMM grant), each pair once."""
    pairs: dict[tuple[str, str], tuple[Commander, Commander]] = {}
    for first, second in itertools.combinations(helpers, 2):
        pairs.setdefault((first.card.name, second.card.name), (first, second))
    return list(pairs.values())


def _scored(group: tuple[Commander, ...], pool: Sequence[Card], tally: PoolTally) -> Option:
    """The group with its helpers' colors chosen to play the most of the pool."""
    fixed_mask = mask_of([c for cmd in group if not cmd.card.chooses_color
                          for c in cmd.card.color_identity])
    free = [i for i in range(len(WUBRG)) if not fixed_mask >> i & 1]
    choosers = [i for i, cmd in enumerate(group) if cmd.card.chooses_color]
    best: tuple[int, float, tuple[int, ...]] | None = None
    for chosen in itertools.combinations(free, min(len(choosers), len(free))):
        mask = fixed_mask | sum(1 << i for i in chosen)
        key = (tally.counts[mask], tally.values[mask], chosen)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None  # combinations() yields at least the empty choice
    chosen_colors = [WUBRG[i] for i in best[2]]
    chosen_colors += [WUBRG[free[0]] if free else WUBRG[0]] * (len(choosers) - len(chosen_colors))
    commanders = list(group)
    for index, color in zip(choosers, chosen_colors, strict=True):
        commanders[index] = Commander(group[index].card, color, group[index].added)
    identity_mask = fixed_mask | mask_of(chosen_colors)
    return Option(tuple(commanders), colors_of(identity_mask), tally.counts[identity_mask],
                  tally.values[identity_mask])
