"""What the phone's card JSON gets beyond the bundled facts: rules text and a local image.

Why a runtime object: rules text exists only if the host imported it, and images only if the
host fetched them (`prismatic images fetch`); both are read once when the server starts (and
on `reload`), so drawing a card never touches the database or waits on the Internet. A card
whose image is not cached keeps its remote `image_url`, and the phone shows its text card
whenever an image does not load.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from draft.cards import Card
from server import cards_store
from server.db.tables import CardRow
from server.images import local_image_url


class CardMedia:
    """Rules text by card name and the image cache folder, with a per-card memo."""

    def __init__(self, texts: dict[str, str] | None = None, data_dir: Path | None = None) -> None:
        self.texts = texts or {}
        self.data_dir = data_dir
        self.remote_images = True
        """`False`: a card with no cached image gets no `image_url` (no foreign host)."""
        self._memo: dict[str, dict[str, Any]] = {}

    def reload(self, engine: sa.Engine, data_dir: Path | None, remote_images: bool = True) -> None:
        """Read the imported rules text again and forget which images were found."""
        self.data_dir = data_dir
        self.remote_images = remote_images
        self.texts = load_texts(engine)
        self._memo = {}

    def extras(self, card: Card) -> dict[str, Any]:
        """`text` when known and a local `image_url` when cached (nothing otherwise)."""
        found = self._memo.get(card.key)
        if found is None:
            found = {}
            text = self.texts.get(card.name)
            if text:
                found["text"] = text
            if self.data_dir is not None:
                local = local_image_url(card, self.data_dir)
                if local:
                    found["image_url"] = local
            if "image_url" not in found and not self.remote_images:
                found["image_url"] = None
            self._memo[card.key] = found
        return found


def load_texts(engine: sa.Engine) -> dict[str, str]:
    """Imported rules text by name; empty before the card table exists."""
    if not sa.inspect(engine).has_table(CardRow.__tablename__):
        return {}
    with Session(engine) as session:
        return cards_store.load_rules_text(session)
