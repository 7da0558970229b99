"""Who may be a commander, and which two commanders may share a deck (domain doc §3).

Why a separate module: pairing rules grow with every Commander set (Partner, Partner
with, Friends forever, Choose a Background, Doctor's companion...), and each rule should
be one readable line that tests can name.
"""

from __future__ import annotations

from draft.cards import Card

PARTNER = "Partner"
PARTNER_WITH = "Partner with"
FRIENDS_FOREVER = "Friends forever"
CHOOSE_A_BACKGROUND = "Choose a Background"


def can_be_commander(card: Card) -> bool:
    """A legendary creature, or a card whose text says it can be your commander."""
    return card.can_be_commander or (card.is_legendary and card.is_creature)


def can_be_second_commander(card: Card) -> bool:
    """A Background may command only beside a "Choose a Background" commander."""
    return card.is_background and card.is_legendary


def partners_with(card: Card) -> str | None:
    """The name in "Partner with NAME", if the card has it."""
    if card.partner_with:
        return card.partner_with
    return None


def is_legal_pair(first: Card, second: Card, partner_grant: bool = False) -> bool:
    """True when the two cards may be commanders together.

    `partner_grant`: the draft contained Commander Masters boosters, so every card that can
    command by itself with at most one color counts as having partner (CR 903.13f(3)).
    """
    if partner_grant and _partner_by_grant(first) and _partner_by_grant(second):
        return True
    named_first, named_second = partners_with(first), partners_with(second)
    if named_first or named_second:
        return named_first == second.name and named_second == first.name
    if _has(first, PARTNER) and _has(second, PARTNER):
        return True
    if _has(first, FRIENDS_FOREVER) and _has(second, FRIENDS_FOREVER):
        return True
    return _background_pair(first, second) or _background_pair(second, first)


def has_granted_partner(card: Card) -> bool:
    """CR 903.13f(3): a card that can command by itself, with one or fewer colors."""
    return can_be_commander(card) and len(card.color_identity) <= 1


def _partner_by_grant(card: Card) -> bool:
    return has_granted_partner(card) or _has(card, PARTNER)


def _background_pair(chooser: Card, background: Card) -> bool:
    return _has(chooser, CHOOSE_A_BACKGROUND) and can_be_second_commander(background)


def _has(card: Card, keyword: str) -> bool:
    return keyword in card.pairing


def commander_reasons(card: Card, mono_partner_grant: bool = False) -> tuple[str, ...]:
    """Why the card may lead a deck, as stable codes the phone translates (empty: it may not).

    `legendary_creature` or `says_so` make it a commander; `background` lets it command
    only beside a `choose_background` commander; `partner`, `partner_with`,
    `friends_forever`, `choose_background` and `mono_partner` (the CMM grant, when the draft
    had CMM boosters) say whom it may share the command zone with."""
    reasons: list[str] = []
    if card.is_legendary and card.is_creature:
        reasons.append("legendary_creature")
    elif card.can_be_commander:
        reasons.append("says_so")
    if can_be_second_commander(card):
        reasons.append("background")
    if not reasons:
        return ()
    reasons += [code for keyword, code in (
        (PARTNER, "partner"), (PARTNER_WITH, "partner_with"),
        (FRIENDS_FOREVER, "friends_forever"), (CHOOSE_A_BACKGROUND, "choose_background"),
    ) if _has(card, keyword)]
    if mono_partner_grant and has_granted_partner(card) and not _has(card, PARTNER):
        reasons.append("mono_partner")
    return tuple(reasons)
