"""Deck legality: `check_deck(deck, pool, rules) -> DeckReport` listing every problem.

Why a report and not an exception: a player fixing a deck wants all the reasons at once,
each with a stable `code` (for tests and the UI), the card concerned, an English sentence,
and the sentence's parameters (`params`) so the server can say it in another language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from draft.cards import WUBRG, Card, sort_colors
from pods.basics import is_basic
from pods.commanders import can_be_commander, can_be_second_commander, is_legal_pair
from pods.deck import Commander, Deck
from pods.draft_rules import ADDED_COMMANDER_SETS, grants_partner, may_add, normalize_sets
from pods.identity import describe_colors
from pods.problems import Problem

DECK_SIZE = 60
MAX_ADDED_COPIES = 2


class SizeRule(Enum):
    """At least 60, no maximum (CR 903.13f(1), the default) or exactly 60 (a house rule).

    The first set's release notes said "exactly 60"; some groups keep that, so it stays
    a pod option and a CLI flag.
    """

    EXACT = "exact"
    AT_LEAST = "at-least"


@dataclass(frozen=True, slots=True)
class DeckRules:
    """The pod's deck settings, and the sets whose boosters its draft contained.

    `draft_sets` decides CR 903.13e (which choose-a-color card may be added as a commander)
    and 903.13f(3) (CMM's partner grant); see `pods.draft_rules`. Empty means "not known"
    (a cube, or a deck checked without its draft): any choose-a-color card may be added
    and no partner is granted.
    """

    size: int = DECK_SIZE
    size_rule: SizeRule = SizeRule.AT_LEAST
    max_added_copies: int = MAX_ADDED_COPIES
    draft_sets: frozenset[str] = frozenset()

    @classmethod
    def for_draft(
        cls, sets: Iterable[str], size_rule: SizeRule = SizeRule.AT_LEAST
    ) -> DeckRules:
        """The rules after a draft that contained boosters of `sets`."""
        return cls(size_rule=size_rule, draft_sets=normalize_sets(sets))


@dataclass(frozen=True, slots=True)
class DeckReport:
    """The outcome of a deck check."""

    size: int
    commanders: tuple[Commander, ...]
    color_identity: tuple[str, ...]
    problems: tuple[Problem, ...]

    @property
    def legal(self) -> bool:
        return not self.problems


def combined_identity(commanders: tuple[Commander, ...]) -> tuple[str, ...]:
    """The union of the commanders' identities, WUBRG-ordered."""
    return sort_colors({c for commander in commanders for c in commander.identity})


def check_deck(deck: Deck, pool: Sequence[Card], rules: DeckRules | None = None) -> DeckReport:
    """Every problem with `deck` built from `pool` under `rules` (default: at least 60)."""
    rules = rules or DeckRules()
    identity = combined_identity(deck.commanders)
    problems = [
        *_size_problems(deck, rules),
        *_commander_problems(deck.commanders, rules),
        *_pool_problems(deck, pool),
        *_identity_problems(deck, identity),
    ]
    return DeckReport(deck.size, deck.commanders, identity, tuple(problems))


def _size_problems(deck: Deck, rules: DeckRules) -> list[Problem]:
    if rules.size_rule is SizeRule.EXACT and deck.size != rules.size:
        rule = "exactly"
    elif rules.size_rule is SizeRule.AT_LEAST and deck.size < rules.size:
        rule = "at least"
    else:
        return []
    params: dict[str, Any] = {
        "size": deck.size,
        "required": rules.size,
        "rule": rules.size_rule.value,
    }
    cards = "card" if deck.size == 1 else "cards"
    message = f"Your deck has {deck.size} {cards}; it must have {rule} {rules.size}."
    return [Problem("deck_size", None, message, params)]


def _commander_problems(commanders: tuple[Commander, ...], rules: DeckRules) -> list[Problem]:
    problems: list[Problem] = []
    if not commanders:
        return [Problem("no_commander", None, "Your deck has no commander.", {})]
    if len(commanders) > 2:
        names = [c.card.name for c in commanders]
        message = f"A deck has one or two commanders, not {len(commanders)}."
        problems.append(Problem("too_many_commanders", None, message, {"commanders": names}))
    granted = grants_partner(rules.draft_sets)
    if len(commanders) == 2:
        first, second = commanders[0].card, commanders[1].card
        if not is_legal_pair(first, second, granted):
            message = f"{first.name} and {second.name} cannot be commanders together."
            params: dict[str, Any] = {"first": first.name, "second": second.name}
            problems.append(Problem("illegal_pair", first.name, message, params))
    in_legal_pair = len(commanders) == 2 and is_legal_pair(
        commanders[0].card, commanders[1].card, granted
    )
    added = [c for c in commanders if c.added]
    if len(added) > rules.max_added_copies:
        message = f"You may add at most {rules.max_added_copies} copies, not {len(added)}."
        counts: dict[str, Any] = {"added": len(added), "allowed": rules.max_added_copies}
        problems.append(Problem("too_many_added", added[0].card.name, message, counts))
    for commander in commanders:
        problems.extend(_one_commander_problems(commander, in_legal_pair))
        problems.extend(_added_by_draft_problems(commander, rules.draft_sets))
    return problems


def _added_by_draft_problems(commander: Commander, draft_sets: frozenset[str]) -> list[Problem]:
    """CR 903.13e: only the boosters the draft contained allow adding a given card."""
    card = commander.card
    if not (commander.added and card.chooses_color and draft_sets):
        return []
    if may_add(card.name, draft_sets):
        return []
    allowing = list(ADDED_COMMANDER_SETS.get(card.name, ()))
    wanted = " or ".join([", ".join(allowing[:-1]), allowing[-1]] if allowing[1:] else allowing)
    message = (
        f"{card.name} may be added as a commander only when the draft contained {wanted} "
        f"boosters (CR 903.13e); this draft contained {', '.join(sorted(draft_sets))}."
    )
    params: dict[str, Any] = {
        "name": card.name, "sets": allowing, "draft_sets": sorted(draft_sets), "rule": "903.13e",
    }
    return [Problem("added_not_allowed", card.name, message, params)]


def _one_commander_problems(commander: Commander, in_legal_pair: bool) -> list[Problem]:
    card, name = commander.card, commander.card.name
    problems: list[Problem] = []
    if not can_be_commander(card) and not (in_legal_pair and can_be_second_commander(card)):
        message = f"{name} cannot be your commander: it is not a legendary creature."
        problems.append(Problem("not_a_commander", name, message, {"name": name}))
    if commander.added and not card.chooses_color:
        message = f"{name} cannot be added to your pool; only a choose-a-color commander can."
        problems.append(Problem("cannot_be_added", name, message, {"name": name}))
    if card.chooses_color and commander.chosen_color is None:
        message = f"Choose a color for {name}."
        problems.append(Problem("color_not_chosen", name, message, {"name": name}))
    elif commander.chosen_color is not None and not card.chooses_color:
        message = f"{name} does not choose a color."
        problems.append(Problem("color_not_allowed", name, message, {"name": name}))
    elif commander.chosen_color is not None and commander.chosen_color not in WUBRG:
        message = f"{commander.chosen_color!r} is not a color you can choose for {name}."
        params = {"name": name, "color": commander.chosen_color}
        problems.append(Problem("bad_chosen_color", name, message, params))
    return problems


def _pool_problems(deck: Deck, pool: Sequence[Card]) -> list[Problem]:
    """Non-basic cards (and commanders drawn from the pool) never exceed the pool's copies."""
    available = Counter(card for card in pool)
    used = Counter(card for card in deck.main if not is_basic(card))
    used.update(c.card for c in deck.commanders if not c.added)
    added = {c.card for c in deck.commanders if c.added}
    problems: list[Problem] = []
    for card, count in used.items():
        have = _pool_count(available, card)
        if count <= have:
            continue
        name = card.name
        params: dict[str, Any] = {"name": name, "in_deck": count, "in_pool": have}
        if card in added:
            message = f"{name} added as a commander may not also be a main-deck card."
            problems.append(Problem("added_copy_in_main", name, message, params))
        elif have == 0:
            message = f"{name} is not in your pool."
            problems.append(Problem("not_in_pool", name, message, params))
        else:
            message = f"Your deck has {count} copies of {name}, but your pool has only {have}."
            problems.append(Problem("too_many_copies", name, message, params))
    return problems


def _pool_count(available: Counter[Card], card: Card) -> int:
    """Copies of the card in the pool; another printing of the same name counts too."""
    if card in available:
        return available[card]
    return sum(n for pooled, n in available.items() if pooled.name == card.name)


def _identity_problems(deck: Deck, identity: tuple[str, ...]) -> list[Problem]:
    if not deck.commanders:
        return []
    allowed = set(identity)
    plural = "commanders are" if len(deck.commanders) > 1 else "commander is"
    problems: list[Problem] = []
    seen: set[Card] = set()
    for card in deck.main:
        outside = [c for c in card.color_identity if c not in allowed]
        if not outside or card in seen:
            continue
        seen.add(card)
        message = (
            f"{card.name} is {describe_colors(card.color_identity)}; "
            f"your {plural} {describe_colors(identity)}."
        )
        params = {
            "name": card.name,
            "card_colors": list(card.color_identity),
            "commander_colors": list(identity),
            "outside": outside,
            "commanders": len(deck.commanders),
        }
        problems.append(Problem("outside_identity", card.name, message, params))
    return problems


__all__ = ["DeckReport", "DeckRules", "Problem", "SizeRule", "check_deck", "combined_identity"]
