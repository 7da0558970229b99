"""Filling a 60-card deck for one commander choice: spells, non-basic lands, basics.

Why this method (docs/building.md has the whole of it):
- spells by value (the bots' `card_value`, i.e. each card's bundled `pick_value`) under a
  curve target, so the deck is both strong and castable; leftover slots go by value;
- the land count from Frank Karsten's 60-card guideline, 19.59 + 1.90 × the spells'
  average mana value, kept within 23–26;
- non-basic lands whose identity fits (colored ones first, at most two colorless ones and
  only in a deck of two colors or more: without rules text we cannot tell a Command Tower
  from a Rogue's Passage);
- basics split by the colored mana symbols of the spells and commanders (largest
  remainder), so a deck heavy in black gets more Swamps.
Exactly 60 cards: that satisfies both "at least 60" and the "exactly 60" house rule.
Every sort ends on the card's name and key, so the same pool always gives the same deck.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from draft.bot_profiles import card_value
from draft.cards import Card
from pods.basics import BASIC_LANDS
from pods.deck import Commander
from pods.legality import DECK_SIZE

CURVE_SHARE = {1: 0.06, 2: 0.20, 3: 0.22, 4: 0.20, 5: 0.15, 6: 0.17}
"""Share of the spells per mana value (1 holds 0 and 1, 6 holds 6 and more)."""
MIN_LANDS, MAX_LANDS = 23, 26
MAX_COLORLESS_LANDS = 2
BASIC_OF = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
_SYMBOL = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True, slots=True)
class Fill:
    """The main deck for one commander choice, and what it left out of the identity."""

    spells: tuple[Card, ...]
    nonbasic_lands: tuple[Card, ...]
    basics: tuple[tuple[str, int], ...]
    short: int
    """Spell slots the identity could not fill (given to basic lands instead)."""
    left_for_curve: tuple[Card, ...]

    @property
    def main(self) -> tuple[Card, ...]:
        basics = tuple(BASIC_LANDS[name] for name, n in self.basics for _ in range(n))
        return self.spells + self.nonbasic_lands + basics

    @property
    def lands(self) -> int:
        return len(self.nonbasic_lands) + sum(n for _, n in self.basics)


def curve_bucket(card: Card) -> int:
    return min(max(int(card.mana_value), 1), 6)


def fill_deck(commanders: Sequence[Commander], identity: Sequence[str],
              pool: Sequence[Card]) -> Fill:
    """The main deck (exactly 60 with the commanders) from the pool inside `identity`."""
    allowed = set(identity)
    available = _after_commanders(pool, commanders)
    inside = [c for c in available if set(c.color_identity) <= allowed and not c.is_basic_land]
    spells = sorted((c for c in inside if not c.is_land and not c.chooses_color), key=_by_value)
    lands_pool = sorted((c for c in inside if c.is_land), key=_by_value)
    slots = DECK_SIZE - len(commanders)
    first = _choose_spells(spells, slots - land_count(()))
    lands = land_count(first)
    chosen = _choose_spells(spells, slots - lands)
    short = max(0, slots - lands - len(chosen))
    lands += short
    nonbasic = _nonbasic_lands(lands_pool, allowed, lands)
    basics = split_basics(chosen, commanders, identity, lands - len(nonbasic))
    taken, have = Counter(chosen), Counter(spells)
    floor = min((card_value(c) for c in chosen), default=0.0)
    left = [c for c in have if taken[c] < have[c] and card_value(c) > floor]
    return Fill(tuple(chosen), tuple(nonbasic), basics, short, tuple(left))


def _after_commanders(pool: Sequence[Card], commanders: Sequence[Commander]) -> list[Card]:
    """The pool minus the copies drawn from it as commanders (added ones are not in it)."""
    left = list(pool)
    for commander in commanders:
        if not commander.added and commander.card in left:
            left.remove(commander.card)
    return left


def _by_value(card: Card) -> tuple[float, float, str, str]:
    return (-card_value(card), card.mana_value, card.name, card.key)


def land_count(spells: Sequence[Card]) -> int:
    """Karsten's 60-card guideline from the spells' average mana value, within 23–26."""
    if not spells:
        return MIN_LANDS + 1
    average = sum(c.mana_value for c in spells) / len(spells)
    return min(MAX_LANDS, max(MIN_LANDS, round(19.59 + 1.90 * average)))


def curve_targets(slots: int) -> dict[int, int]:
    """Spell slots per mana-value bucket (largest remainder, summing to `slots`)."""
    exact = {mv: share * slots for mv, share in CURVE_SHARE.items()}
    targets = {mv: int(x) for mv, x in exact.items()}
    rest = slots - sum(targets.values())
    for mv in sorted(exact, key=lambda mv: (targets[mv] - exact[mv], mv))[:rest]:
        targets[mv] += 1
    return targets


def _choose_spells(spells: Sequence[Card], slots: int) -> list[Card]:
    """Best by value within each bucket's target, then the best of the rest."""
    if slots <= 0:
        return []
    targets = curve_targets(slots)
    taken: list[int] = []
    per_bucket: Counter[int] = Counter()
    for index, card in enumerate(spells):
        bucket = curve_bucket(card)
        if per_bucket[bucket] < targets[bucket]:
            per_bucket[bucket] += 1
            taken.append(index)
    chosen = set(taken)
    for index in range(len(spells)):
        if len(taken) >= slots:
            break
        if index not in chosen:
            taken.append(index)
    return [spells[i] for i in sorted(taken[:slots])]


def _nonbasic_lands(lands: Sequence[Card], allowed: set[str], total: int) -> list[Card]:
    """Colored lands of the identity first, then at most two colorless ones, leaving a
    basic for each color."""
    room = max(0, total - len(allowed))
    colored = [c for c in lands if c.color_identity]
    colorless = [c for c in lands if not c.color_identity][:MAX_COLORLESS_LANDS]
    if len(allowed) < 2:
        colorless = []
    return (colored + colorless)[:room]


def color_weights(cards: Sequence[Card], identity: Sequence[str]) -> dict[str, float]:
    """Colored mana symbols per color of the identity; a hybrid symbol splits its weight."""
    weights = dict.fromkeys(identity, 0.0)
    for card in cards:
        costs = [card.mana_cost, *(face.mana_cost for face in card.faces)]
        for symbol in _SYMBOL.findall(" ".join(costs)):
            colors = [c for c in symbol.upper().split("/") if c in weights]
            for color in colors:
                weights[color] += 1.0 / len(colors)
    return weights


def split_basics(spells: Sequence[Card], commanders: Sequence[Commander],
                 identity: Sequence[str], count: int) -> tuple[tuple[str, int], ...]:
    """`count` basics split by color weight (largest remainder, one each color that has
    weight when there is room); Wastes for a colorless identity."""
    if count <= 0:
        return ()
    if not identity:
        return (("Wastes", count),)
    weights = color_weights([*spells, *(c.card for c in commanders)], identity)
    if not any(weights.values()):
        weights = dict.fromkeys(identity, 1.0)
    total = sum(weights.values())
    exact = {c: count * w / total for c, w in weights.items()}
    shares = {c: int(x) for c, x in exact.items()}
    rest = count - sum(shares.values())
    for color in sorted(exact, key=lambda c: (shares[c] - exact[c], "WUBRG".index(c)))[:rest]:
        shares[color] += 1
    _at_least_one_each(shares, weights)
    return tuple((BASIC_OF[c], n) for c, n in sorted(shares.items(), key=lambda x: (-x[1],
                 "WUBRG".index(x[0]))) if n)


def _at_least_one_each(shares: dict[str, int], weights: dict[str, float]) -> None:
    """A color the spells need gets a basic, taken from the largest share."""
    for color in [c for c, w in weights.items() if w and not shares[c]]:
        donor = max(shares, key=lambda c: (shares[c], -"WUBRG".index(c)))
        if shares[donor] > 1:
            shares[donor] -= 1
            shares[color] += 1
