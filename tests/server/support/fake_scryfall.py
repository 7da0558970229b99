"""A local stand-in for Scryfall's API: paginated `/cards/search` and image endpoints.

Why built from the bundled facts (made from `../shared/data`): the pages look like the real
API's (object `list`, `has_more`, `next_page`, `total_cards`, card objects with
`oracle_text`), so the download code is exercised end to end, while the rules text is
synthetic (`Synthetic rules of NAME.` plus the pairing keywords the facts record) and lives
only here, in the tests. Nothing in the test suite contacts the real Scryfall.

Misbehaviour on demand, keyed by a request's path and query: `drop[key] = n` closes the
connection of the next `n` such requests without an answer (a dropped connection).
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from draft.cards import Card, load_set

SCRYFALL_RARITIES = {"common", "uncommon", "rare", "mythic", "special", "bonus"}
"""Scryfall's own rarities (it calls basic lands common; our facts say `land`)."""
JPEG = b"\xff\xd8\xff\xe0" + b"fake-scryfall-image" * 8 + b"\xff\xd9"


def synthetic_text(card: Card) -> str:
    """Made-up rules text that still carries the facts the importer reads from text."""
    lines = [f"Synthetic rules of {card.name}."]
    if card.can_be_commander and not (card.is_legendary and card.is_creature):
        lines.append(f"{card.name} can be your commander.")
    if card.partner_with:
        lines.append(f"Partner with {card.partner_with}")
    lines += [word for word in card.pairing if word != "Partner with"]
    if card.chooses_color:
        lines.append(f"{card.name} is the chosen color.")
    return "\n".join(lines)


def record(card: Card) -> dict[str, Any]:
    """The card as a Scryfall card object (English, one printing)."""
    data: dict[str, Any] = {
        "object": "card",
        "id": card.scryfall_id or f"00000000-0000-4000-8000-{card.set.lower()}{card.number:0>9}",
        "lang": "en",
        "name": card.name,
        "set": card.set.lower(),
        "collector_number": card.number,
        "rarity": card.rarity if card.rarity in SCRYFALL_RARITIES else "common",
        "cmc": card.mana_value,
        "type_line": card.type_line,
        "colors": list(card.colors),
        "color_identity": list(card.color_identity),
        "layout": card.layout,
    }
    if card.faces:
        data["card_faces"] = [
            {"object": "card_face", "name": face.name, "mana_cost": face.mana_cost,
             "type_line": face.type_line, "oracle_text": f"Synthetic rules of {face.name}."}
            for face in card.faces
        ]
        data["card_faces"][0]["oracle_text"] = synthetic_text(card)
    else:
        data["mana_cost"] = card.mana_cost
        data["oracle_text"] = synthetic_text(card)
    for key in ("power", "toughness", "loyalty"):
        if getattr(card, key) is not None:
            data[key] = getattr(card, key)
    return data


class FakeScryfall:
    """The API on 127.0.0.1; `base_url` is what `PRISMATIC_SCRYFALL_URL` should be."""

    def __init__(self, page_size: int = 175) -> None:
        self.page_size = page_size
        self.requests: Counter[str] = Counter()
        self.times: list[float] = []
        self.headers: list[dict[str, str]] = []
        self.drop: Counter[str] = Counter()
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                fake.answer(self)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_port}"

    def page_key(self, set_code: str, page: int) -> str:
        """The request key of a search page (for `drop` and `requests`)."""
        return f"search {set_code.lower()} {page}"

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        url = urlsplit(handler.path)
        query = parse_qs(url.query)
        parts = url.path.strip("/").split("/")
        if parts == ["cards", "search"]:
            set_code = query.get("q", [""])[0].removeprefix("e:")
            page = int(query.get("page", ["1"])[0])
            key = self.page_key(set_code, page)
        elif len(parts) == 3 and parts[0] == "cards":
            key = f"image {parts[1]} {parts[2]}"
        else:
            key = f"other {url.path}"
        with self.lock:
            self.requests[key] += 1
            self.times.append(time.monotonic())
            self.headers.append(dict(handler.headers))
            dropping = self.drop[key] > 0
            if dropping:
                self.drop[key] -= 1
        if dropping:
            handler.close_connection = True
            return
        if key.startswith("search"):
            self.send(handler, *self.search(set_code, page))
        elif key.startswith("image") and query.get("format") == ["image"]:
            self.send(handler, 200, JPEG, "image/jpeg")
        else:
            self.send(handler, 404, b'{"object":"error","details":"not found"}',
                      "application/json")

    def search(self, set_code: str, page: int) -> tuple[int, bytes, str]:
        try:
            cards = load_set(set_code).cards
        except Exception:
            body = {"object": "error", "status": 404, "details": "No cards found."}
            return 404, json.dumps(body).encode(), "application/json"
        start = (page - 1) * self.page_size
        chunk = cards[start : start + self.page_size]
        more = start + self.page_size < len(cards)
        body: dict[str, Any] = {"object": "list", "total_cards": len(cards), "has_more": more,
                                "data": [record(card) for card in chunk]}
        if more:
            query = urlencode({"q": f"e:{set_code}", "unique": "prints", "order": "set",
                               "page": page + 1})
            body["next_page"] = f"{self.base_url}/cards/search?{query}"
        return 200, json.dumps(body).encode(), "application/json"

    @staticmethod
    def send(handler: BaseHTTPRequestHandler, status: int, body: bytes, kind: str) -> None:
        handler.send_response(status)
        handler.send_header("Content-Type", kind)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)


@contextmanager
def fake_scryfall(page_size: int = 175) -> Iterator[FakeScryfall]:
    """A running `FakeScryfall`, shut down afterwards."""
    fake = FakeScryfall(page_size)
    thread = threading.Thread(target=fake.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        fake.server.shutdown()
        fake.server.server_close()
        thread.join()
