"""Scryfall's API, politely: one set's card pages, saved to disk page by page.

Why pages on disk: the host downloads once, while online, and may lose the connection half
way (a café Wi-Fi, a laptop lid). Each page of `/cards/search` is written to
`DATA_DIR/scryfall/{set}/page-NNN.json` (as `.part`, then renamed), so a rerun reads the
pages it has and asks only for the rest. Why a pacer: Scryfall asks for 50-100 ms between
requests (at most 10 a second), a User-Agent and an Accept header; every request made here
and by the image fetcher waits its turn on one shared `Pacer`.

Nothing here runs during a draft: phones never wait on the Internet.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

if TYPE_CHECKING:  # the download's client: imported where a download runs, not at start
    import httpx

USER_AGENT = "Prismatic/0.1 (Commander Draft night server; one-time card download)"
ACCEPT_JSON = "application/json;q=0.9,*/*;q=0.8"
RETRY_STATUS = {408, 425, 429, 500, 502, 503, 504}
PageProgress = Callable[[int, int], None]
"""`progress(cards_so_far, total_cards)` after each page."""


class ScryfallError(Exception):
    """The API answered something unusable, or could not be reached (after the retries)."""


class ScryfallUnreachable(ScryfallError):
    """No usable answer after every retry: no Internet, or the API is down or throttling."""


class Pacer:
    """At most one request start per `interval` seconds, across threads."""

    def __init__(
        self,
        interval: float,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.interval = interval
        self.clock = clock
        self.sleep = sleep
        self._next = 0.0
        self._lock = threading.Lock()

    def wait(self) -> None:
        """Block until this caller may send its request."""
        with self._lock:
            now = self.clock()
            if now < self._next:
                self.sleep(self._next - now)
                # A busy machine wakes sleepers late: count the interval from when
                # this request really leaves, so the next one never comes sooner.
                now = max(self.clock(), self._next)
            self._next = now + self.interval


def search_url(base_url: str, set_code: str) -> str:
    """The first page of every printing in a set, in collector-number order."""
    query = urlencode({"q": f"e:{set_code.lower()}", "unique": "prints", "order": "set"})
    return f"{base_url.rstrip('/')}/cards/search?{query}"


def image_url_template(base_url: str) -> str:
    """The API's image redirect for a printing (`{set}`, `{number}` filled by the fetcher)."""
    return base_url.rstrip("/") + "/cards/{set}/{number}?format=image&version=normal"


def pages_dir(data_dir: Path, set_code: str) -> Path:
    return data_dir / "scryfall" / set_code.lower()


@dataclass
class PagesReport:
    """Every record of the set, and how many pages came from the network and the disk."""

    records: list[dict[str, Any]] = field(default_factory=list)
    downloaded: int = 0
    cached: int = 0


@dataclass(frozen=True)
class Api:
    """How patiently to talk to the API."""

    base_url: str
    pacer: Pacer
    retries: int = 4
    timeout: float = 20.0
    backoff: float = 1.0
    sleep: Callable[[float], None] = time.sleep

    def client(self) -> httpx.Client:
        import httpx

        return httpx.Client(timeout=self.timeout, follow_redirects=True,
                            headers={"User-Agent": USER_AGENT, "Accept": ACCEPT_JSON})

    def get_json(self, client: httpx.Client, url: str) -> dict[str, Any]:
        """One JSON object, retried with exponential backoff on network errors, 429 and 5xx."""
        import httpx

        error = "not tried"
        for attempt in range(self.retries + 1):
            if attempt:
                self.sleep(self.backoff * 2 ** (attempt - 1))
            self.pacer.wait()
            try:
                response = client.get(url)
            except httpx.HTTPError as exc:
                error = exc.__class__.__name__
                continue
            if response.status_code in RETRY_STATUS:
                error = f"HTTP {response.status_code}"
                continue
            try:
                body = response.json()
            except ValueError:
                error = "the answer is not JSON"
                continue
            if response.status_code != 200 or not isinstance(body, dict):
                detail = body.get("details") if isinstance(body, dict) else None
                raise ScryfallError(f"HTTP {response.status_code}: {detail or 'no details'}")
            return body
        raise ScryfallUnreachable(f"{error} after {self.retries + 1} tries ({url})")

    def fetch_set_pages(
        self, set_code: str, data_dir: Path, progress: PageProgress | None = None
    ) -> PagesReport:
        """Every page of the set's search, from disk where saved, else from the API."""
        folder = pages_dir(data_dir, set_code)
        folder.mkdir(parents=True, exist_ok=True)
        report = PagesReport()
        url: str | None = search_url(self.base_url, set_code)
        number = 1
        with self.client() as client:
            while url is not None:
                path = folder / f"page-{number:03d}.json"
                page = _read_page(path)
                if page is None:
                    page = self.get_json(client, url)
                    _check_page(page)
                    _write_page(path, page)
                    report.downloaded += 1
                else:
                    report.cached += 1
                report.records.extend(page["data"])
                if progress is not None:
                    progress(len(report.records), int(page.get("total_cards") or 0))
                url = str(page["next_page"]) if page.get("has_more") else None
                number += 1
        return report


def _check_page(page: dict[str, Any]) -> None:
    if page.get("object") != "list" or not isinstance(page.get("data"), list):
        raise ScryfallError("the API answered something that is not a list of cards")
    if page.get("has_more") and not isinstance(page.get("next_page"), str):
        raise ScryfallError("a page says it has more but names no next page")


def _read_page(path: Path) -> dict[str, Any] | None:
    """A saved page, or `None` when absent or unreadable (it is then fetched again)."""
    try:
        page = json.loads(path.read_text(encoding="utf-8"))
        _check_page(page)
    except (OSError, ValueError, ScryfallError, AttributeError):
        return None
    return page if isinstance(page, dict) else None


def _write_page(path: Path, page: dict[str, Any]) -> None:
    partial = path.with_name(path.name + ".part")
    partial.write_text(json.dumps(page, ensure_ascii=False), encoding="utf-8")
    os.replace(partial, path)
