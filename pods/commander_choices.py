"""Which cards of a pool may lead its deck, and which two may lead together (domain §3).

Why a module of its own: the deck builder shows these choices before the player has
picked anything, so it needs every eligible card and every legal pair at once, each pair
with the rule that allows it, in words the phone translates. The rules themselves stay
in `pods.commanders`; this module only enumerates them over a pool.

The Commander Masters grant (CR 903.13f(3)) depends on the boosters the draft contained,
not on the cards: the caller says whether it applies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from draft.cards import Card
from pods.commanders import (
    FRIENDS_FOREVER,
    PARTNER,
    can_be_commander,
    can_be_second_commander,
    is_legal_pair,
    partners_with,
)


class PairRule(Enum):
    """Why two commanders may share a deck (the phone names the rule)."""

    PARTNER = "partner"
    PARTNER_WITH = "partner_with"
    FRIENDS_FOREVER = "friends_forever"
    BACKGROUND = "background"
    GRANTED_PARTNER = "granted_partner"


@dataclass(frozen=True, slots=True)
class Pair:
    """Two pool cards (by their ids) that may lead a deck together, and why."""

    first: int
    second: int
    rule: PairRule


@dataclass(frozen=True, slots=True)
class CommanderChoices:
    """The pool's commander candidates, in pool order, and every legal pair of them."""

    eligible: tuple[int, ...]
    pairs: tuple[Pair, ...]


def pair_rule(first: Card, second: Card, granted: bool = False) -> PairRule | None:
    """The rule that lets `first` and `second` lead together, or `None`.

    `granted`: the draft contained boosters with the CR 903.13f(3) partner grant (see
    `pods.draft_rules.grants_partner`); `pods.commanders.is_legal_pair` decides, so the
    builder never offers a pair the deck check refuses.
    """
    if not is_legal_pair(first, second, granted):
        return None
    if not is_legal_pair(first, second):
        return PairRule.GRANTED_PARTNER
    if partners_with(first) or partners_with(second):
        return PairRule.PARTNER_WITH
    if PARTNER in first.pairing and PARTNER in second.pairing:
        return PairRule.PARTNER
    if FRIENDS_FOREVER in first.pairing and FRIENDS_FOREVER in second.pairing:
        return PairRule.FRIENDS_FOREVER
    return PairRule.BACKGROUND


def commander_choices(pool: Sequence[tuple[int, Card]], granted: bool = False) -> CommanderChoices:
    """Every card of `pool` (`(id, card)` pairs) that may lead a deck, alone or as the
    second of a pair (a Background), and every legal pair among them."""
    candidates = [(cid, card) for cid, card in pool
                  if can_be_commander(card) or can_be_second_commander(card)]
    pairs = []
    for index, (first_id, first) in enumerate(candidates):
        for second_id, second in candidates[index + 1:]:
            rule = pair_rule(first, second, granted)
            if rule is not None:
                pairs.append(Pair(first_id, second_id, rule))
    alone_or_paired = {cid for cid, card in candidates if can_be_commander(card)}
    alone_or_paired |= {cid for pair in pairs for cid in (pair.first, pair.second)}
    return CommanderChoices(tuple(cid for cid, _ in candidates if cid in alone_or_paired),
                            tuple(pairs))
