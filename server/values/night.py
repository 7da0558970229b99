"""A night bigger than one pod as loaded (`server.services.events.events.load_night`)."""

from __future__ import annotations

from dataclasses import dataclass

from server.db.tables import EventPlayerRow, EventRow


@dataclass(frozen=True)
class Night:
    """An event as loaded: its row, its players in join order, its pods in order, and the
    set each round of its pods opens (read once with it, from the row's `packs`)."""

    row: EventRow
    players: list[EventPlayerRow]
    pod_ids: list[str]
    line_up: list[str]
