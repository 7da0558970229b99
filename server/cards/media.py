"""What the phone's card JSON gets beyond the bundled facts: rules text and an image URL.

Why a runtime object: rules text exists only if the host imported or fetched it, and images
only if the host cached them; both are read when the server starts and again after a
download (`reload`), so drawing a card never touches the database or waits on the Internet.

Why an images mode: a phone on a Wi-Fi without Internet that is told a Scryfall URL fires a
request that cannot succeed (hundreds a night). So a card gets its cached `/images/...` URL,
and a remote URL only in mode `remote`: the host chose it (`--images remote`), or the server
verified at start-up that it reaches the image host (`--images auto`, see
`probe_image_host`). Mode `off` sends no image at all; every phone shows its text card.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from draft.cards import Card
from draft.catalog import Catalog
from server.cards.images import local_image_url
from server.cards.scryfall import USER_AGENT, image_url_template
from server.db import Engine
from server.db.cards_store import load_texts
from server.protocol.shapes.cards import CardExtras

ImageMode = Literal["off", "local", "remote"]


def remote_image_url(card: Card) -> str:
    """Scryfall's image of the printing (its CDN when the Scryfall id is known)."""
    if card.scryfall_id:
        sid = card.scryfall_id
        return f"https://cards.scryfall.io/normal/front/{sid[0]}/{sid[1]}/{sid}.jpg"
    return f"https://api.scryfall.com/cards/{card.set.lower()}/{card.number}?format=image"


def probe_image_host(scryfall_url: str, timeout: float) -> bool:
    """Whether one card image loads from the API now (its redirect reaches the CDN too)."""
    import httpx  # the probe's client: imported when the probe runs, not at start

    url = image_url_template(scryfall_url).format(set="cmr", number="1")
    try:
        with httpx.Client(timeout=timeout, follow_redirects=True,
                          headers={"User-Agent": USER_AGENT, "Accept": "image/*"}) as client:
            response = client.get(url)
    except httpx.HTTPError:
        return False
    return response.status_code == 200 and response.headers.get(
        "content-type", "").startswith("image/")


class CardMedia:
    """Rules text by card name, the image cache folder and the images mode, with a memo."""

    def __init__(self, texts: dict[str, str] | None = None, data_dir: Path | None = None,
                 images: ImageMode = "local") -> None:
        self.texts = texts or {}
        self.data_dir = data_dir
        self.images: ImageMode = images
        self.signature: tuple[int, int] = (0, 0)
        """What `server.services.cards.card_data.media_signature` was at the last reload."""
        self._memo: dict[str, CardExtras] = {}
        self.imported: Catalog | None = None
        """The imported cards by name, for the zoom route; built on first use after a reload."""

    def set_images(self, mode: ImageMode) -> None:
        self.images = mode
        self._memo = {}

    def reload(self, engine: Engine, data_dir: Path | None) -> None:
        """Read the imported rules text again and forget which images were found."""
        self.use(load_texts(engine), data_dir)

    def use(self, texts: dict[str, str], data_dir: Path | None) -> None:
        """Take rules text read elsewhere (off the event loop) and forget which images
        were found."""
        self.data_dir = data_dir
        self.texts = texts
        self._memo = {}
        self.imported = None

    def extras(self, card: Card) -> CardExtras:
        """`text` when known; `image_url` when cached, or remote in mode `remote`."""
        found = self._memo.get(card.key)
        if found is None:
            found = {}
            text = self.texts.get(card.name)
            if text:
                found["text"] = text
            local = None
            if self.data_dir is not None and self.images != "off":
                local = local_image_url(card, self.data_dir)
            if local:
                found["image_url"] = local
            elif self.images == "remote":
                found["image_url"] = remote_image_url(card)
            self._memo[card.key] = found
        return found
