"""A suggested deck's notes in the reader's language, rebuilt from `id` + `params`.

Why here: `pods.suggest` stays untranslated (docs/i18n.md); the CLI and the builder's
"Suggest a deck" both say its notes through this one module, so a phone and a terminal
read the same sentence. Card names and color letters ("B/R") stay as Magic prints them.
"""

from __future__ import annotations

from collections.abc import Callable
from gettext import NullTranslations

from pods.suggest.notes import (
    COMMANDERS,
    LEFT_OUT_CURVE,
    LEFT_OUT_IDENTITY,
    NONBASIC_LANDS,
    SHORT_OF_PLAYABLES,
    SUMMARY,
    Note,
)
from server.i18n.catalogs import translations
from server.i18n.problems import Params, describe_colors

Sentence = Callable[[NullTranslations, Params], str]


def _summary(tr: NullTranslations, p: Params) -> str:
    parts = [
        "/".join(p["colors"]) or tr.gettext("colorless"),
        tr.ngettext("%(n)s playable", "%(n)s playables", p["playables"]) % {"n": p["playables"]},
        tr.ngettext("%(n)s two-drop", "%(n)s two-drops", p["two_drops"]) % {"n": p["two_drops"]},
        tr.ngettext("%(n)s land", "%(n)s lands", p["lands"]) % {"n": p["lands"]},
    ]
    basics = ", ".join(f"{n} {name}" for name, n in p["basics"])
    return f"{parts[0]}: " + "; ".join(parts[1:]) + (f": {basics}" if basics else "")


def _rule(tr: NullTranslations, rule: str) -> str:
    words = {
        "single": tr.gettext("a legend alone"),
        "partner": tr.gettext("Partner"),
        "partner_with": tr.gettext("Partner with"),
        "friends_forever": tr.gettext("Friends forever"),
        "background": tr.gettext("Choose a Background"),
        "granted_partner": tr.gettext("the Commander Masters partner rule"),
    }
    return words.get(rule, rule)


def _commanders(tr: NullTranslations, p: Params) -> str:
    text = tr.ngettext("Commander: %(names)s (%(rule)s).", "Commanders: %(names)s (%(rule)s).",
                       len(p["names"])) % {"names": " & ".join(p["names"]),
                                           "rule": _rule(tr, p["rule"])}
    if p["chosen_colors"]:
        colors = ", ".join(describe_colors(tr, [c]) for c in p["chosen_colors"])
        text += " " + tr.gettext(
            "Chosen color: %(colors)s, the one that plays the most of the pool.") % {
            "colors": colors}
    return text


def _nonbasic_lands(tr: NullTranslations, p: Params) -> str:
    return tr.ngettext("%(count)s non-basic land of your colors: %(names)s.",
                       "%(count)s non-basic lands of your colors: %(names)s.",
                       p["count"]) % {"count": p["count"], "names": ", ".join(p["names"])}


def _short(tr: NullTranslations, p: Params) -> str:
    return tr.ngettext(
        "The pool is %(missing)s playable short in these colors: a basic land takes the slot.",
        "The pool is %(missing)s playables short in these colors: basic lands take the slots.",
        p["missing"]) % p


def _left_out_curve(tr: NullTranslations, p: Params) -> str:
    return tr.gettext("Left out: %(name)s — the curve already holds enough cards of mana "
                      "value %(mana_value)s.") % p


def _left_out_identity(tr: NullTranslations, p: Params) -> str:
    return tr.gettext("Left out: %(name)s — it is %(colors)s, outside your commanders' "
                      "colors.") % {"name": p["name"],
                                    "colors": describe_colors(tr, p["card_colors"])}


SENTENCES: dict[str, Sentence] = {
    SUMMARY: _summary,
    COMMANDERS: _commanders,
    NONBASIC_LANDS: _nonbasic_lands,
    SHORT_OF_PLAYABLES: _short,
    LEFT_OUT_CURVE: _left_out_curve,
    LEFT_OUT_IDENTITY: _left_out_identity,
}


def note_message(note: Note, language: str) -> str:
    """The note's sentence in `language`; its id for one this shell does not know."""
    sentence = SENTENCES.get(note.id)
    if sentence is None:
        return note.id
    return sentence(translations(language), note.params)
