"""Card data routes: the start page's text and image counts and download, and one card's
details for the zoom view where a screen knows only a name (the game board's commanders)."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from draft.catalog import Catalog, build_catalog
from draft.errors import UnknownCardError
from server.db import cards_store
from server.deps import RuntimeDep
from server.services.card_data import cards_status, start_download
from server.views.pod import card_facts

router = APIRouter(prefix="/api/cards", tags=["cards"])


class DownloadRequest(BaseModel):
    sets: list[str] | None = Field(default=None, max_length=8)
    """Set codes to fetch; every set the draft knows when absent."""


@router.get("/status")
async def status(rt: RuntimeDep) -> dict[str, Any]:
    """Per set: printings, how many have rules text and a cached image; the download job.

    On the event loop (not the thread pool): it may refresh the media and the pods' card
    caches, which only the loop touches."""
    return cards_status(rt)


@router.post("/download", status_code=202)
async def download(rt: RuntimeDep, body: DownloadRequest | None = None) -> dict[str, Any]:
    """Start the one-time download of rules text and images (409 while one runs)."""
    return start_download(rt, body.sets if body else None)


@cache
def _bundled() -> Catalog:
    return build_catalog()


@router.get("/details")
async def details(name: str, rt: RuntimeDep) -> dict[str, Any]:
    """The card with this name as the zoom view shows it (404 `unknown_card`)."""
    card = _bundled().find(name[:200])
    if card is None:
        card = build_catalog(cards_store.load_imported_cards(rt.engine), codes=()).find(name)
    if card is None:
        raise UnknownCardError(f"unknown card {name[:200]!r}")
    return {**card_facts(card), **rt.media.extras(card)}
