"""A seat's submitted deck as the protocol sends it: its body and its report, each
problem's sentence in the reader's language (`server.i18n.problems`).

Why here: the live state holds the deck as values (`server.realtime.decks`); the reader's
language is known only where a reply or a socket is, so the sentences are said here.
"""

from __future__ import annotations

from server.i18n.catalogs import DEFAULT_LANGUAGE
from server.i18n.problems import problem_json
from server.protocol.shapes.decks import DeckJson, DeckReportJson
from server.realtime.decks import SubmittedDeck


def report_json(deck: SubmittedDeck, language: str = DEFAULT_LANGUAGE) -> DeckReportJson:
    """The deck's report as the protocol sends it, each problem's `message` in `language`."""
    return {
        "legal": deck.legal,
        "size": deck.size,
        "color_identity": list(deck.color_identity),
        "problems": [problem_json(p, language) for p in deck.problems],
    }


def deck_json(deck: SubmittedDeck, language: str = DEFAULT_LANGUAGE) -> DeckJson:
    """`{"deck": body, "report": ...}`: what `PUT deck` answers and a seat's view holds."""
    return {"deck": dict(deck.body), "report": report_json(deck, language)}
