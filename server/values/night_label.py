"""What names a night's recap and its files (`server.services.exports.night_label`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class NightLabel:
    season: str | None
    """The season's name, when the night counts for one."""
    held: date
    pod_number: int | None = None
    """The pod's place in its night, from 1 (`Pod 2`); `None` for a whole night's file or
    a pod made on its own."""
