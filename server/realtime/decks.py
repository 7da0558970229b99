"""A seat's submitted deck as the live state holds it: the body the phone sent and the
check's verdict, as values; the views put the verdict's sentences in the reader's language
(`server.views.decks`).

Why the body stays as the phone sent it: it is what the builder screen edits and sends
again, and what an export rebuilds the deck from (`DeckSubmit`).

Why a verdict and not the `pods.legality.DeckReport` itself: the report names the
commanders as cards, which only the seat's pool can rebuild, and a restart or a process
following the pod reads the stored row before any pool exists. The verdict keeps what the
check decided (size, color identity, the problems as `pods` values); the commanders' names
come from the body and the pool (`server.services.tables.games.commanders_of`).

The row's JSON (`PlayerRow.deck_json`) keeps the shape it has always had,
`{"deck": body, "report": {"legal", "size", "color_identity", "problems"}}`, so rows
stored before this module load unchanged. A problem's stored `message` is the English
sentence of `pods`; readers get theirs rebuilt from `code` and `params`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pods.legality import DeckReport
from pods.problems import Problem


@dataclass(frozen=True)
class SubmittedDeck:
    """A seat's last submitted deck: its body (a `DeckSubmit` dump) and the check's verdict."""

    body: Mapping[str, Any]
    size: int
    color_identity: tuple[str, ...]
    problems: tuple[Problem, ...]

    @property
    def legal(self) -> bool:
        return not self.problems

    @classmethod
    def checked(cls, body: Mapping[str, Any], report: DeckReport) -> SubmittedDeck:
        """The deck `body` describes, with what `check_deck` found in it."""
        return cls(dict(body), report.size, tuple(report.color_identity), report.problems)


def deck_to_row(deck: SubmittedDeck) -> str:
    """The deck as `PlayerRow.deck_json` stores it (the shape every stored row has)."""
    return json.dumps({
        "deck": dict(deck.body),
        "report": {
            "legal": deck.legal,
            "size": deck.size,
            "color_identity": list(deck.color_identity),
            "problems": [{"code": p.code, "card": p.card, "message": p.message,
                          "params": p.params} for p in deck.problems],
        },
    })


def deck_from_row(text: str) -> SubmittedDeck:
    """A stored `deck_json` back as a value. Rows stored before this module hold each
    problem's sentence in the submitting phone's language; it is only a fallback (the
    views rebuild sentences from `code` and `params`), so they read the same."""
    stored = json.loads(text)
    report = stored["report"]
    problems = tuple(Problem(code=p["code"], card=p.get("card"), message=p.get("message", ""),
                             params=dict(p.get("params") or {}))
                     for p in report.get("problems") or [])
    return SubmittedDeck(stored["deck"], int(report["size"]),
                         tuple(report.get("color_identity") or ()), problems)
