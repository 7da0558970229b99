"""The start page's card-data status (`server.cards.status`) as the page reads it."""

from __future__ import annotations

from server.cards.status import CardDataStatus
from server.protocol.shapes.cards import CardsStatus


def cards_status_view(status: CardDataStatus) -> CardsStatus:
    """Per set its counts, the images mode, the download job and the terminal's command."""
    return {"sets": [{"set": s.code, "name": s.name, "cards": s.cards, "texts": s.texts,
                      "images": s.images} for s in status.sets],
            "images": status.images, "job": dict(status.job), "command": status.command}
