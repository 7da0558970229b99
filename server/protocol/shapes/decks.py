"""A seat's deck as the protocol sends it: the stored body and its legality report."""

from __future__ import annotations

from typing import Any, TypedDict


class ProblemJson(TypedDict):
    """One reason a deck is not legal: stable code, English card name, params, sentence."""

    code: str
    card: str | None
    message: str
    params: dict[str, Any]


class DeckReportJson(TypedDict):
    """A deck's legality report as the protocol sends it (`server.views.decks.report_json`)."""

    legal: bool
    size: int
    color_identity: list[str]
    problems: list[ProblemJson]


class DeckJson(TypedDict):
    """A seat's last submitted deck: the body as the phone sent it (a `DeckSubmit` dump,
    what the builder screen edits) and its report, in the reader's language
    (`server.views.decks`)."""

    deck: dict[str, Any]
    report: DeckReportJson
