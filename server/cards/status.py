"""What the start page says of the card data: per set, its printings and how many have
rules text and a cached image, the images mode and the download job.

Values, not wire JSON: the card-data service (`server.services.cards.card_data`) counts
them, and the view (`server.views.card_data`) shapes them for the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SetCounts:
    """One set the draft knows: its printings, and how many have rules text and an image."""

    code: str
    name: str
    cards: int
    texts: int
    images: int


@dataclass(frozen=True, slots=True)
class CardDataStatus:
    """Every set's counts, the images mode (`server.cards.media.ImageMode`), the download
    job (`server.cards.download_job.JobState` as a dict) and the command that downloads
    from the laptop's terminal."""

    sets: tuple[SetCounts, ...]
    images: str
    job: Mapping[str, Any]
    command: str
