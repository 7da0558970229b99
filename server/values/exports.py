"""One seat's file to download, before it is written (`server.services.exports.exports`);
`server.views.exports` writes it in its format and names it in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass

from pods.deck import Deck
from pods.formats.draft_log import DraftLog


@dataclass(frozen=True)
class SeatExport:
    """What `what` holds for the seat: its deck, its pool or the cards its deck leaves
    out as a `Deck` (a pool's and the unused cards' are unnamed: their name is a sentence,
    the view's to say), or its draft log; `fmt` is the format it is written in."""

    player: str
    seat: int | None
    set_code: str
    what: str
    fmt: str
    content: Deck | DraftLog
