"""How a moment is spelled in every reply: UTC, to the second (`2026-12-05T19:00:00Z`).

Apart from the pod's views so the small views that read a moment (the round clock) need
not import them."""

from __future__ import annotations

from datetime import UTC, datetime


def iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
