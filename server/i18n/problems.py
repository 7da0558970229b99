"""Deck and import problems in the reader's language, rebuilt from `code` + `params`.

Why here and not in `pods/`: the cores stay stdlib-only and speak English by default; the
shell knows the seat's language. Each code maps to a sentence template whose English form
is the sentence `pods` writes, so English readers see exactly what the CLI prints. Card
names stay English: every deck format and the rules text use them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from gettext import NullTranslations
from typing import Any

from draft.cards import sort_colors
from pods.problems import Problem
from server.i18n.catalogs import translations
from server.protocol.shapes.decks import ProblemJson

Params = Mapping[str, Any]
Sentence = Callable[[NullTranslations, Params], str]


def color_word(tr: NullTranslations, color: str) -> str:
    """A color as a word in running text ("red"); unknown letters pass through."""
    words = {
        "W": tr.gettext("white"),
        "U": tr.gettext("blue"),
        "B": tr.gettext("black"),
        "R": tr.gettext("red"),
        "G": tr.gettext("green"),
    }
    return words.get(color, color)


def describe_colors(tr: NullTranslations, colors: Iterable[str]) -> str:
    """"colorless", "red", "white and blue", "white, blue and red" in the reader's language."""
    words = [color_word(tr, c) for c in sort_colors(list(colors))]
    if not words:
        return tr.gettext("colorless")
    if len(words) == 1:
        return words[0]
    return tr.gettext("%(list)s and %(last)s") % {"list": ", ".join(words[:-1]), "last": words[-1]}


def or_list(tr: NullTranslations, names: Iterable[str]) -> str:
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return tr.gettext("%(list)s or %(last)s") % {"list": ", ".join(names[:-1]), "last": names[-1]}


def _deck_size(tr: NullTranslations, p: Params) -> str:
    if p.get("rule") == "at-least":
        text = tr.ngettext(
            "Your deck has %(size)s card; it must have at least %(required)s.",
            "Your deck has %(size)s cards; it must have at least %(required)s.",
            p["size"],
        )
    else:
        text = tr.ngettext(
            "Your deck has %(size)s card; it must have exactly %(required)s.",
            "Your deck has %(size)s cards; it must have exactly %(required)s.",
            p["size"],
        )
    return text % p


def _too_many_commanders(tr: NullTranslations, p: Params) -> str:
    return tr.gettext("A deck has one or two commanders, not %(n)s.") % {
        "n": len(p.get("commanders", ()))
    }


def _too_many_added(tr: NullTranslations, p: Params) -> str:
    return tr.ngettext(
        "You may add at most %(allowed)s copy, not %(added)s.",
        "You may add at most %(allowed)s copies, not %(added)s.",
        p["allowed"],
    ) % p


def _outside_identity(tr: NullTranslations, p: Params) -> str:
    commander = describe_colors(tr, p["commander_colors"])
    card = describe_colors(tr, p["card_colors"])
    values = {"name": p["name"], "card_colors": card, "commander_colors": commander}
    if p.get("commanders", 1) > 1:
        text = tr.gettext("%(name)s is %(card_colors)s; your commanders are %(commander_colors)s.")
    else:
        text = tr.gettext("%(name)s is %(card_colors)s; your commander is %(commander_colors)s.")
    return text % values


def _unknown_card(tr: NullTranslations, p: Params) -> str:
    text = tr.gettext("No card is named %(name)s.") % {"name": repr(p["name"])}
    if p.get("suggestions"):
        names = or_list(tr, p["suggestions"])
        text += " " + tr.gettext("Did you mean %(names)s?") % {"names": names}
    return text


def _bad_count(tr: NullTranslations, p: Params) -> str:
    if "line" in p and "count" in p:
        return tr.gettext("Line %(line)s: %(count)s copies is not a count we accept.") % p
    if "line" in p:
        return tr.gettext("Line %(line)s: that copy count is not one we accept.") % p
    return tr.gettext("%(count)s copies is not a count we accept.") % p


def _added_not_allowed(tr: NullTranslations, p: Params) -> str:
    return tr.gettext(
        "%(name)s may be added as a commander only when the draft contained %(sets)s "
        "boosters (CR 903.13e); this draft contained %(draft_sets)s."
    ) % {"name": p["name"], "sets": or_list(tr, p["sets"]),
         "draft_sets": ", ".join(p["draft_sets"])}


def _unreadable_line(tr: NullTranslations, p: Params) -> str:
    return tr.gettext("Line %(line)s is not a card line we can read.") % p


SENTENCES: dict[str, Sentence] = {
    "deck_size": _deck_size,
    "no_commander": lambda tr, p: tr.gettext("Your deck has no commander."),
    "too_many_commanders": _too_many_commanders,
    "illegal_pair": lambda tr, p: tr.gettext(
        "%(first)s and %(second)s cannot be commanders together.") % p,
    "too_many_added": _too_many_added,
    "not_a_commander": lambda tr, p: tr.gettext(
        "%(name)s cannot be your commander: it is not a legendary creature.") % p,
    "cannot_be_added": lambda tr, p: tr.gettext(
        "%(name)s cannot be added to your pool; only a choose-a-color commander can.") % p,
    "color_not_chosen": lambda tr, p: tr.gettext("Choose a color for %(name)s.") % p,
    "color_not_allowed": lambda tr, p: tr.gettext("%(name)s does not choose a color.") % p,
    "bad_chosen_color": lambda tr, p: tr.gettext(
        "%(color)s is not a color you can choose for %(name)s.") % {**p, "color": repr(p["color"])},
    "bad_chosen_colors": lambda tr, p: tr.gettext(
        "The chosen colors %(colors)s do not fit the deck's choose-a-color commanders.") % {
        "colors": " ".join(p["colors"])},
    "added_not_allowed": _added_not_allowed,
    "added_copy_in_main": lambda tr, p: tr.gettext(
        "%(name)s added as a commander may not also be a main-deck card.") % p,
    "not_in_pool": lambda tr, p: tr.gettext("%(name)s is not in your pool.") % p,
    "too_many_copies": lambda tr, p: tr.ngettext(
        "Your deck has %(in_deck)s copy of %(name)s, but your pool has only %(in_pool)s.",
        "Your deck has %(in_deck)s copies of %(name)s, but your pool has only %(in_pool)s.",
        p["in_deck"]) % p,
    "outside_identity": _outside_identity,
    "unknown_card": _unknown_card,
    "bad_count": _bad_count,
    "unreadable_line": _unreadable_line,
}


def problem_message(problem: Problem, language: str) -> str:
    """The problem's sentence in `language`; the English `message` for a code we do not
    know (a newer core) or params that do not fit (never fail a deck check over words)."""
    sentence = SENTENCES.get(problem.code)
    if sentence is None:
        return problem.message
    try:
        return sentence(translations(language), problem.params)
    except (KeyError, TypeError, ValueError):
        return problem.message


def problem_json(problem: Problem, language: str) -> ProblemJson:
    """The protocol's problem object: stable code, English card name, params, sentence."""
    return {
        "code": problem.code,
        "card": problem.card,
        "message": problem_message(problem, language),
        "params": problem.params,
    }
