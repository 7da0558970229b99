"""Card images cached on the host's disk, so phones see pictures on a Wi-Fi with no Internet.

Why download once and serve ourselves: draft nights often have no Internet, but the host can
fetch a set's images the evening before. Files live at `DATA_DIR/images/{set}/{number}.jpg`
(set code in lower case); the server serves them and points a card's `image_url` there only
when the file exists, so a missing image costs the phone nothing (it keeps its text card).

Fetching is resumable and polite: a file that exists is complete (each download is written
to a `.part` name and renamed), a few downloads run at once but each request waits its turn
on a `Pacer` (Scryfall asks for 50-100 ms between requests), each request has a timeout, and
a failed request is retried with exponential backoff (also on HTTP 429 and 5xx).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from draft.cards import Card
from server.cards.scryfall import Pacer

if TYPE_CHECKING:  # the download's client: imported where a download runs, not at start
    import httpx

DEFAULT_BASE_URL = "https://api.scryfall.com/cards/{set}/{number}?format=image&version=normal"
USER_AGENT = "Prismatic/0.1 (Commander Draft night server; one-time image cache)"
JPEG_MAGIC = b"\xff\xd8"
RETRY_STATUS = {408, 425, 429, 500, 502, 503, 504}


def image_path(data_dir: Path, set_code: str, number: str) -> Path:
    """Where a printing's image is cached."""
    return data_dir / "images" / set_code.lower() / f"{number}.jpg"


def local_image_url(card: Card, data_dir: Path) -> str | None:
    """The server's own URL for the card's image, or `None` when it is not cached."""
    if image_path(data_dir, card.set, card.number).is_file():
        return f"/images/{card.set.lower()}/{card.number}.jpg"
    return None


class _Streak:
    """How many cards in a row (across the download threads) found the host unreachable."""

    def __init__(self) -> None:
        self.count = 0
        self._lock = threading.Lock()

    def record(self, unreachable: bool) -> None:
        with self._lock:
            self.count = self.count + 1 if unreachable else 0


@dataclass
class FetchReport:
    """What a fetch did: counts, and one line per card that could not be fetched."""

    downloaded: int = 0
    skipped: int = 0
    failed: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Fetcher:
    """Download settings: where from, how many at once, how patiently."""

    base_url: str = DEFAULT_BASE_URL
    concurrency: int = 4
    retries: int = 3
    timeout: float = 20.0
    backoff: float = 1.0
    sleep: Callable[[float], None] = time.sleep
    pacer: Pacer | None = None
    """Shared spacing of request starts (`None`: no spacing, for a host of your own)."""
    give_up_after: int = 8
    """Cards in a row that found the host unreachable before the rest are not even tried:
    a lost connection must not cost hundreds of cards times the whole backoff."""

    def url_for(self, card: Card) -> str:
        return self.base_url.format(set=card.set.lower(), number=card.number)

    def fetch(
        self,
        cards: Iterable[Card],
        data_dir: Path,
        progress: Callable[[int], None] | None = None,
    ) -> FetchReport:
        """Download every missing image; never raises for one card's failure."""
        import httpx

        report = FetchReport()
        todo: list[Card] = []
        for card in cards:
            if image_path(data_dir, card.set, card.number).is_file():
                report.skipped += 1
                if progress:
                    progress(1)
            else:
                todo.append(card)
        limits = httpx.Limits(max_connections=self.concurrency)
        headers = {"User-Agent": USER_AGENT, "Accept": "image/jpeg"}
        with (
            httpx.Client(timeout=self.timeout, limits=limits, headers=headers,
                         follow_redirects=True) as client,
            ThreadPoolExecutor(max_workers=self.concurrency) as pool,
        ):
            streak = _Streak()
            for card, error in pool.map(
                lambda c: (c, self._guarded(client, c, data_dir, streak)), todo
            ):
                if error is None:
                    report.downloaded += 1
                else:
                    report.failed.append(f"{card.set} {card.number} {card.name}: {error}")
                if progress:
                    progress(1)
        return report

    def _guarded(self, client: httpx.Client, card: Card, data_dir: Path,
                 streak: _Streak) -> str | None:
        """`_one`, unless the host has stopped answering (then not tried at all)."""
        if streak.count >= self.give_up_after:
            return "not tried: the image host stopped answering"
        error = self._one(client, card, data_dir)
        streak.record(error is not None and error.endswith(" tries"))
        return error

    def _one(self, client: httpx.Client, card: Card, data_dir: Path) -> str | None:
        """Fetch one image with retries; the error text, or `None` on success."""
        import httpx

        target = image_path(data_dir, card.set, card.number)
        target.parent.mkdir(parents=True, exist_ok=True)
        error = "not tried"
        for attempt in range(self.retries + 1):
            if attempt:
                self.sleep(self.backoff * 2 ** (attempt - 1))
            if self.pacer is not None:
                self.pacer.wait()
            try:
                response = client.get(self.url_for(card))
            except httpx.HTTPError as exc:
                error = f"{exc.__class__.__name__}"
                continue
            if response.status_code in RETRY_STATUS:
                error = f"HTTP {response.status_code}"
                continue
            if response.status_code != 200:
                return f"HTTP {response.status_code}"
            if not response.content.startswith(JPEG_MAGIC):
                return "the response is not a JPEG image"
            partial = target.with_name(target.name + ".part")
            partial.write_bytes(response.content)
            os.replace(partial, target)
            return None
        return f"{error} after {self.retries + 1} tries"
