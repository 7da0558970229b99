"""Card text and images at run time: the images mode, the start page's counts and download.

Why here: the phones' card JSON is cached per runtime (`rt.cards`), so whatever changes
what a card carries (a finished download, the start-up probe's verdict) must reload the
media and forget that cache in one place, `use_media`; the next view of every pod then
carries the new text and images, with no restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from dataclasses import dataclass
from typing import Any, cast

from draft.cards import bundled_set_codes, load_set
from draft.imports import ImportedCards
from server.cards.images import image_path
from server.cards.media import ImageMode, probe_image_host
from server.cards.scryfall import ScryfallError, ScryfallUnreachable
from server.cards.set_download import api_for, download_set
from server.cards.status import CardDataStatus, SetCounts
from server.core.errors import ConflictError
from server.db import Session, cards_store
from server.runtime import Runtime
from server.services.commit import commit

log = logging.getLogger(__name__)
CLI_COMMAND = "prismatic cards fetch --all --images"


def refresh_media(rt: Runtime) -> None:
    """Read rules text and cached images again; every pod's next view carries them.
    Blocking: at start-up only; the loop reads with `read_media` and swaps with `use_media`."""
    use_media(rt, read_media(rt))


@dataclass(frozen=True)
class MediaRead:
    """What a media refresh reads (the database and the image folder), off the loop."""

    texts: dict[str, str]
    signature: tuple[int, int]


def read_media(rt: Runtime) -> MediaRead:
    """Blocking: the stored rules text and the media signature (run in a worker thread)."""
    return MediaRead(cards_store.load_texts(rt.engine), media_signature(rt))


def use_media(rt: Runtime, read: MediaRead) -> None:
    """On the loop: swap in what `read_media` found and forget the card JSON built from
    the old media."""
    rt.media.use(read.texts, rt.settings.data_dir)
    rt.media.signature = read.signature
    rt.cards.clear()


def initial_image_mode(setting: str) -> ImageMode:
    """The mode until the probe answers: `auto` starts as `local` (nothing leaves the LAN)."""
    return "local" if setting == "auto" else cast(ImageMode, setting)


async def settle_image_mode(rt: Runtime) -> None:
    """In mode `auto`, switch phones to remote images once the image host answered."""
    if rt.settings.images != "auto":
        return
    reachable = await asyncio.to_thread(
        probe_image_host, rt.settings.scryfall_url, rt.settings.image_probe_timeout_seconds)
    log.info("image host %s: remote images %s", rt.settings.scryfall_url,
             "on" if reachable else "off (phones load only images cached here)")
    if reachable:
        rt.media.set_images("remote")
        refresh_media(rt)


def set_statuses(rt: Runtime) -> tuple[SetCounts, ...]:
    """Per set the draft knows: printings, how many have rules text and a cached image."""
    statuses: list[SetCounts] = []
    for code in bundled_set_codes():
        card_set = load_set(code)
        cards = card_set.cards
        statuses.append(SetCounts(
            code=card_set.code,
            name=card_set.name,
            cards=len(cards),
            texts=sum(1 for card in cards if card.name in rt.media.texts),
            images=sum(1 for card in cards
                       if image_path(rt.settings.data_dir, card.set, card.number).is_file()),
        ))
    return tuple(statuses)


def media_signature(rt: Runtime) -> tuple[int, int]:
    """Stored printings and the image folders' change times: what a download outside this
    process (`prismatic cards fetch` while the server runs) changes."""
    count = cards_store.count_stored(rt.engine)
    folder = rt.settings.data_dir / "images"
    stamps = sum(entry.stat().st_mtime_ns for entry in folder.iterdir()) if folder.is_dir() else 0
    return count, stamps


async def cards_status(rt: Runtime) -> CardDataStatus:
    """The start page's view; picks up a download made by the command line meanwhile.
    The database and the image folder are read in worker threads; the media are swapped
    on the loop (the pods' card caches are the loop's).

    The job is read first, before any await: a download that ends meanwhile swaps its
    media in before it says "done", so a page told "done" always gets the new counts."""
    job = rt.downloads.snapshot()
    signature = await asyncio.to_thread(media_signature, rt)
    if signature != rt.media.signature and job["state"] != "running":
        use_media(rt, await asyncio.to_thread(read_media, rt))
    return CardDataStatus(sets=await asyncio.to_thread(set_statuses, rt),
                          images=rt.media.images, job=job, command=CLI_COMMAND)


OFFLINE_HINT = ("card text: no Internet, so phones show only each card's name, cost and "
                "type; once online, run `prismatic cards fetch --all` or press "
                "'Get card text and images' on the start page")


async def fetch_text_on_start(rt: Runtime) -> None:
    """At start-up with no rules text stored: the one-time download of every set's text,
    in the background, so a host who read only the quick start does not draft blind.

    Why a probe first: offline, the download's retries take a quarter of a minute to say
    so; the probe says it in a second, and the start page shows the one line to run once
    online. Images are not fetched (they are many megabytes; the start page offers them).
    The download stays the host's own: it runs only on their laptop's first start with
    no text, and `card_text_on_start` (`PRISMATIC_CARD_TEXT_ON_START=0`) turns it off."""
    settings = rt.settings
    if not settings.card_text_on_start or rt.media.texts:
        return
    reachable = await asyncio.to_thread(
        probe_image_host, settings.scryfall_url, settings.image_probe_timeout_seconds)
    if not reachable:
        log.warning(OFFLINE_HINT)
        if rt.downloads.begin(list(bundled_set_codes())):
            rt.downloads.finish("offline", "no Internet at start-up")
        return
    log.info("card text: none stored yet; downloading the rules text of every set in the "
             "background (images are offered on the start page)")
    with contextlib.suppress(ConflictError):  # the host pressed the button first
        start_download(rt, images=False)


def start_download(rt: Runtime, codes: list[str] | None = None,
                   images: bool = True) -> dict[str, Any]:
    """Start the download of `codes` (every known set by default) in a worker thread."""
    sets = [load_set(code).code for code in codes] if codes else list(bundled_set_codes())
    if not rt.downloads.begin(sets):
        raise ConflictError("a card download is already running", code="download_running")
    loop = asyncio.get_running_loop()
    thread = threading.Thread(target=_run_download, args=(rt, sets, loop, images),
                              name="card-download", daemon=True)
    thread.start()
    return rt.downloads.snapshot()


def _run_download(rt: Runtime, sets: list[str], loop: asyncio.AbstractEventLoop,
                  images: bool = True) -> None:
    job = rt.downloads
    api = api_for(rt.settings)
    error: tuple[str, str] | None = None
    for code in sets:
        def progress(phase: str, done: int, total: int, code: str = code) -> None:
            job.progress(code, phase, done, total)

        try:
            result = download_set(rt.settings, lambda cards: _store(rt, loop, cards), code,
                                  api, images=images, progress=progress)
        except ScryfallError as problem:
            kind = "offline" if isinstance(problem, ScryfallUnreachable) else "refused"
            error = (kind, str(problem))
            if kind == "offline":
                log.warning(OFFLINE_HINT)
            else:
                log.warning("card download of %s: %s", code, problem)
            break
        except Exception as problem:  # a database error must not kill the thread silently
            log.exception("card download of %s failed", code)
            error = ("refused", f"{problem.__class__.__name__}: {problem}")
            break
        failed = len(result.images.failed) if result.images else 0
        job.note(f"{code}: {result.texts}/{result.cards} {failed}")
        log.info("card text: %s, %d of %d cards have rules text", code, result.texts,
                 result.cards)
        if failed:  # the text is stored; pressing again fetches only the missing images
            error = ("offline", f"{code}: {failed} images could not be downloaded")
            break
    media = None
    try:
        media = read_media(rt)
    except Exception:  # the job must still end; the status page reads the media again
        log.exception("reading the card media after the download failed")
    loop.call_soon_threadsafe(_finish, rt, error, media)


def _store(rt: Runtime, loop: asyncio.AbstractEventLoop, imported: ImportedCards) -> int:
    """On the download thread: the cards through the server's writer, like every change
    of a running server (one transaction, off the loop); waits for its commit."""

    def stage(session: Session) -> None:
        cards_store.store_imported(session, imported)

    async def stored() -> int:
        return await commit(rt, stage, lambda: len(imported.cards))

    return asyncio.run_coroutine_threadsafe(stored(), loop).result()


def _finish(rt: Runtime, error: tuple[str, str] | None, media: MediaRead | None) -> None:
    """On the loop: pick up what was stored, then tell the page the job ended."""
    if media is not None:
        use_media(rt, media)
    if error:
        rt.downloads.finish(*error)
    else:
        rt.downloads.finish()
