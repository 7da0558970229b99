"""Card data routes: the start page's text and image counts and download, and one card's
details for the zoom view where a screen knows only a name (the game board's commanders)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import anyio
from fastapi import APIRouter
from pydantic import BaseModel, Field

from draft.catalog import Catalog, build_catalog
from draft.errors import UnknownCardError
from pods.undercity import CARD_NAME, ENTRANCE, LAST_ROOM, MAP, room_effects
from server.cards.card_json import card_facts
from server.db import cards_store
from server.protocol.shapes.cards import CardDetails
from server.routes.deps import LaptopOrHost, LimitCreate, RuntimeDep
from server.runtime import Runtime
from server.services.cards.card_data import cards_status, start_download
from server.views.card_data import cards_status_view

router = APIRouter(prefix="/api/cards", tags=["cards"])


class DownloadRequest(BaseModel):
    sets: list[str] | None = Field(default=None, max_length=8)
    """Set codes to fetch; every set the draft knows when absent."""


@router.get("/status")
async def status(rt: RuntimeDep) -> Mapping[str, Any]:
    """Per set: printings, how many have rules text and a cached image; the download job."""
    return cards_status_view(await cards_status(rt))


@router.post("/download", status_code=202, dependencies=[LaptopOrHost, LimitCreate])
async def download(rt: RuntimeDep, body: DownloadRequest | None = None) -> dict[str, Any]:
    """Start the one-time download of rules text and images (409 while one runs).

    Only the laptop or a host (it spends the store's bandwidth and the laptop's disk), and
    rate-limited like creating pods: a host's phone cannot restart it in a loop."""
    return start_download(rt, body.sets if body else None)


@cache
def _bundled() -> Catalog:
    return build_catalog()


@router.get("/details")
async def details(name: str, rt: RuntimeDep) -> Mapping[str, Any]:
    """The card with this name as the zoom view shows it (404 `unknown_card`)."""
    card = _bundled().find(name[:200])
    if card is None:
        card = (await _imported(rt)).find(name[:200])
    if card is None:
        raise UnknownCardError(f"unknown card {name[:200]!r}")
    found: CardDetails = {**card_facts(card), **rt.media.extras(card)}
    return found


@router.get("/undercity")
async def undercity(rt: RuntimeDep) -> Mapping[str, Any]:
    """Undercity's map for the board: each room, the rooms it leads to, and its effect
    when the host's download has the card's rules text (else `null`: the name alone)."""
    effects = room_effects(rt.media.texts.get(CARD_NAME, ""))
    return {"entrance": ENTRANCE, "last": LAST_ROOM,
            "rooms": [{"name": room, "next": list(leads_to), "text": effects.get(room)}
                      for room, leads_to in MAP.items()]}


async def _imported(rt: Runtime) -> Catalog:
    """The imported cards as a catalog, built once per media reload in a worker thread:
    made-up names cost a lookup, not a database read on the event loop."""
    if rt.media.imported is None:
        cards = await anyio.to_thread.run_sync(cards_store.load_imported_cards, rt.engine)
        rt.media.imported = build_catalog(cards, codes=())
    return rt.media.imported
