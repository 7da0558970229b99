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
sentence of `pods`; readers get theirs rebuilt from `code` and `params`. It may also hold
`"refs"`: the names phones gave their last submits (`DeckSubmit.ref`), each with the
digest of the deck it named, so a resend is applied once (`SubmittedDeck.answered`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
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
    refs: Mapping[str, str] = field(default_factory=dict)
    """The last `REFS_KEPT` submits' refs → the digest of the deck each one named."""

    @property
    def legal(self) -> bool:
        return not self.problems

    @classmethod
    def checked(cls, body: Mapping[str, Any], report: DeckReport) -> SubmittedDeck:
        """The deck `body` describes, with what `check_deck` found in it."""
        return cls(dict(body), report.size, tuple(report.color_identity), report.problems)


REFS_KEPT = 32
"""Submits remembered per seat: far more than a phone's queue holds when it comes back."""


def digest(body: Mapping[str, Any]) -> str:
    """A deck body's fingerprint: the same deck, however its keys are ordered."""
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:32]


def answered(deck: SubmittedDeck | None, ref: str | None, body: Mapping[str, Any]) -> bool:
    """Whether the submit `ref` names was already stored (True: answer with the deck as it
    is now, store nothing, so a late resend never brings an older deck back). The same
    `ref` naming another deck raises `ValueError`: answering it would hide a lost edit."""
    if deck is None or ref is None or ref not in deck.refs:
        return False
    if deck.refs[ref] != digest(body):
        raise ValueError(f"ref {ref!r} already names another deck")
    return True


def with_ref(deck: SubmittedDeck, previous: SubmittedDeck | None,
             ref: str | None) -> SubmittedDeck:
    """`deck` remembering the refs of `previous` and its own (the oldest forgotten)."""
    refs = dict(previous.refs) if previous is not None else {}
    if ref is not None:
        refs[ref] = digest(deck.body)
    kept = dict(list(refs.items())[-REFS_KEPT:])
    return SubmittedDeck(deck.body, deck.size, deck.color_identity, deck.problems, kept)


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
        **({"refs": dict(deck.refs)} if deck.refs else {}),
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
                         tuple(report.get("color_identity") or ()), problems,
                         {str(k): str(v) for k, v in (stored.get("refs") or {}).items()})
