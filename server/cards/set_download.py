"""One set's rules text and images, downloaded once from Scryfall and kept on this laptop.

Why one function for the command line and the start page's button: both must do exactly the
same polite, resumable download into the same places (the `card` table that
`prismatic cards import` fills, and `DATA_DIR/images`), so a night prepared either way looks
the same to the phones. The text comes first (it is small and makes every card readable),
the images second.

Why the caller passes `store`: a running server stores the cards through its one writer
(`server.services.cards.card_data`), like every other change; the command line, which runs
without a server, in a transaction of its own (`cards_store.store_alone`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from draft.cards import load_set
from draft.imports import CardFileError, ImportedCards, parse_card_file
from server.cards.images import Fetcher, FetchReport
from server.cards.scryfall import Api, Pacer, ScryfallError, image_url_template
from server.core.settings import Settings

Progress = Callable[[str, int, int], None]
"""`progress(phase, done, total)`, phase `text` (cards) or `images` (files)."""

Store = Callable[[ImportedCards], int]
"""Stores the imported cards in the `card` table, whole or not at all; returns how many."""


@dataclass
class SetDownload:
    """What one set's download did."""

    set: str
    cards: int = 0
    texts: int = 0
    pages_downloaded: int = 0
    pages_cached: int = 0
    images: FetchReport | None = None


def api_for(settings: Settings, retries: int | None = None, timeout: float = 20.0) -> Api:
    """The API client the settings describe (base URL, pause between requests, retries)."""
    return Api(base_url=settings.scryfall_url, pacer=Pacer(settings.scryfall_delay_seconds),
               retries=settings.scryfall_retries if retries is None else retries,
               timeout=timeout)


def download_set(
    settings: Settings,
    store: Store,
    set_code: str,
    api: Api,
    images: bool = True,
    progress: Progress | None = None,
) -> SetDownload:
    """Fetch and store the set's cards with their rules text, then cache its images.

    Raises `ScryfallError` when the API cannot be reached after the retries (the pages
    saved so far stay, so a rerun resumes) or answers cards the importer refuses."""
    code = load_set(set_code).code
    result = SetDownload(set=code)
    pages = api.fetch_set_pages(
        code, settings.data_dir,
        progress=None if progress is None else lambda done, total: progress("text", done, total),
    )
    result.pages_downloaded, result.pages_cached = pages.downloaded, pages.cached
    try:
        imported = parse_card_file(pages.records)
    except CardFileError as error:
        raise ScryfallError(f"the downloaded {code} cards were refused: {error}") from None
    result.cards = store(imported)
    result.texts = len(imported.rules_text)
    if images:
        result.images = fetch_images(settings, code, api, progress)
    return result


def fetch_images(
    settings: Settings, set_code: str, api: Api, progress: Progress | None = None
) -> FetchReport:
    """Cache every printing the set's packs can hold (those already on disk are skipped)."""
    cards = load_set(set_code).cards
    fetcher = Fetcher(base_url=image_url_template(api.base_url), retries=api.retries,
                      timeout=api.timeout, backoff=api.backoff, sleep=api.sleep, pacer=api.pacer)
    done = 0

    def step(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress("images", done, len(cards))

    return fetcher.fetch(cards, settings.data_dir, progress=step)
