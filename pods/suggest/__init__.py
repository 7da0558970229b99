"""A suggested Commander deck from a drafted pool: `suggest_decks(pool, rules)`.

Why in `pods`: it is a rule-bound, pure computation (the same pool and rules always give
the same decks), used by the builder's "Suggest a deck", the CLI's `deck suggest` and the
bench. It proposes up to three commander choices ranked by how much of the pool each can
play (`pods.suggest.options`), fills a 60-card deck for each (`pods.suggest.fill`), and
keeps only the decks the deck check (`pods.legality.check_deck`) finds legal, so a
suggestion is never one the player would be refused. The explanation is `Note`s (message
ids + params) for the shell to translate.

>>> from draft.cards import load_set
>>> from pods.legality import DeckRules
>>> pool = [c for c in load_set("CMR") if c.name in {"Sol Ring", "Fire Diamond"}]
>>> best = suggest_decks(pool, DeckRules.for_draft(["CMR"]))[0]
>>> [(c.card.name, c.chosen_color, c.added) for c in best.deck.commanders], best.deck.size
([('The Prismatic Piper', 'R', True)], 60)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from draft.bot_profiles import card_value
from draft.cards import Card
from pods.commander_choices import pair_rule
from pods.deck import Commander, Deck
from pods.draft_rules import grants_partner
from pods.legality import DeckReport, DeckRules, check_deck
from pods.suggest import notes
from pods.suggest.fill import Fill, curve_bucket, fill_deck
from pods.suggest.notes import Note
from pods.suggest.options import Option, commander_options

MAX_SUGGESTIONS = 3
MAX_LEFT_OUT = 5

__all__ = ["MAX_SUGGESTIONS", "Note", "Suggestion", "suggest_decks"]


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One suggested deck (commanders with chosen colors, main deck, the rest of the pool
    as the sideboard), how much of the pool its identity plays, the deck check's report
    and the notes that explain it."""

    deck: Deck
    identity: tuple[str, ...]
    playables: int
    report: DeckReport
    notes: tuple[Note, ...]


def suggest_decks(pool: Sequence[Card], rules: DeckRules, limit: int = MAX_SUGGESTIONS,
                  addable: Sequence[Card] = ()) -> tuple[Suggestion, ...]:
    """Up to `limit` legal suggestions for `pool` under `rules`, the best first.

    `addable`: choose-a-color cards a player may add when `rules` name no draft sets (a
    cube's own Piper); with known sets CR 903.13e decides.

    The best choice of each color identity comes first, so three suggestions offer three
    different decks when the pool allows; more choices of one identity fill the rest."""
    options = commander_options(pool, rules, addable)
    seen: set[tuple[str, ...]] = set()
    firsts = []
    for option in options:
        if option.identity not in seen:
            seen.add(option.identity)
            firsts.append(option)
    ordered = firsts + [o for o in options if o not in firsts]
    suggestions: list[Suggestion] = []
    for option in ordered:
        if len(suggestions) >= limit:
            break
        suggestion = _build(option, pool, rules)
        if suggestion.report.legal:
            suggestions.append(suggestion)
    return tuple(suggestions)


def _build(option: Option, pool: Sequence[Card], rules: DeckRules) -> Suggestion:
    fill = fill_deck(option.commanders, option.identity, pool)
    main = fill.main
    used = Counter(card for card in main if not card.is_basic_land)
    used.update(c.card for c in option.commanders if not c.added)
    sideboard = []
    for card in pool:
        if used[card] > 0:
            used[card] -= 1
        else:
            sideboard.append(card)
    names = " & ".join(c.card.name for c in option.commanders)
    deck = Deck(option.commanders, main, tuple(sideboard), names)
    report = check_deck(deck, pool, rules)
    explained = (*_notes(option, fill, rules), *_left_out(fill, option, pool))
    return Suggestion(deck, option.identity, option.playables, report, explained)


def _notes(option: Option, fill: Fill, rules: DeckRules) -> list[Note]:
    said = [
        Note(notes.SUMMARY, {
            "colors": list(option.identity),
            "playables": option.playables,
            "spells": len(fill.spells),
            "two_drops": sum(1 for c in fill.spells if curve_bucket(c) == 2),
            "lands": fill.lands,
            "basics": [[name, n] for name, n in fill.basics],
        }),
        Note(notes.COMMANDERS, {
            "names": [c.card.name for c in option.commanders],
            "rule": _rule(option.commanders, rules),
            "chosen_colors": [c.chosen_color for c in option.commanders if c.chosen_color],
        }),
    ]
    if fill.nonbasic_lands:
        names = list(dict.fromkeys(c.name for c in fill.nonbasic_lands))
        said.append(Note(notes.NONBASIC_LANDS, {"count": len(fill.nonbasic_lands),
                                                "names": names}))
    if fill.short:
        said.append(Note(notes.SHORT_OF_PLAYABLES, {"missing": fill.short}))
    return said


def _rule(commanders: tuple[Commander, ...], rules: DeckRules) -> str:
    if len(commanders) == 1:
        return "single"
    rule = pair_rule(commanders[0].card, commanders[1].card, grants_partner(rules.draft_sets))
    return rule.value if rule else "pair"


def _left_out(fill: Fill, option: Option, pool: Sequence[Card]) -> list[Note]:
    """The strongest cards the deck does not play: those the curve left out, and those
    outside the identity, best first."""
    allowed = set(option.identity)
    floor = min((card_value(c) for c in fill.spells), default=0.0)
    outside = [c for c in dict.fromkeys(pool) if not c.is_basic_land and not c.chooses_color
               and not set(c.color_identity) <= allowed and card_value(c) > floor]
    found = [(card, notes.LEFT_OUT_CURVE) for card in fill.left_for_curve]
    found += [(card, notes.LEFT_OUT_IDENTITY) for card in outside]
    found.sort(key=lambda item: (-card_value(item[0]), item[0].name, item[0].key))
    said = []
    for card, reason in found[:MAX_LEFT_OUT]:
        params: dict[str, object] = {"name": card.name, "value": round(card_value(card), 2)}
        if reason == notes.LEFT_OUT_CURVE:
            params["mana_value"] = int(card.mana_value)
        else:
            params["card_colors"] = list(card.color_identity)
            params["outside"] = [c for c in card.color_identity if c not in allowed]
        said.append(Note(reason, params))
    return said
