"""Checking a deck read from pasted text without a cascade of problems.

Why: a pasted line that matches no card (a typo) is the one thing to fix, but the deck
read without it is short, and lacks a commander (and its colors) if the line was one.
Reporting "59 cards", "no commander" or "Plains is white" beside "no card named Alharu,
Solem Ritualist" sends a player after several problems that are one. So a deck problem
that the unread lines fully explain is left out; every other problem stays.
"""

from __future__ import annotations

from collections.abc import Sequence

from draft.cards import Card
from pods.formats.names import DeckRead
from pods.legality import DeckRules, SizeRule, check_deck
from pods.problems import Problem

UNREAD = "unknown_card"


def check_pasted(read: DeckRead, pool: Sequence[Card], rules: DeckRules) -> list[Problem]:
    """The read's problems, then the deck's, minus those the unread lines explain."""
    unread = [p for p in read.problems if p.code == UNREAD]
    missing = {"commander": 0, "main": 0}
    for problem in unread:
        section = problem.params.get("section")
        if section in missing:
            missing[section] += int(problem.params.get("count") or 1)
    report = check_deck(read.deck, pool, rules)
    kept = [p for p in report.problems if not _explained(p, read, missing, rules)]
    return [*read.problems, *kept]


def _explained(problem: Problem, read: DeckRead, missing: dict[str, int],
               rules: DeckRules) -> bool:
    if problem.code in ("no_commander", "outside_identity"):
        # An unread commander may be the one whose colors the card needs.
        return missing["commander"] > 0
    if problem.code == "deck_size":
        unread = missing["commander"] + missing["main"]
        if not unread:
            return False
        size = read.deck.size + unread
        if rules.size_rule is SizeRule.EXACT:
            return read.deck.size < rules.size and size == rules.size
        return size >= rules.size
    return False
