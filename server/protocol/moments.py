"""How a season's moments are spelled in its file and its views: UTC, to the second, with
its offset (`2026-12-04T19:00:00+00:00`). A moment without its zone (SQLite gives them
back so) was stored as UTC."""

from __future__ import annotations

from datetime import UTC, datetime


def iso_utc(moment: datetime) -> str:
    utc = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return utc.isoformat(timespec="seconds")
