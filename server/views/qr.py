"""QR codes drawn on the laptop (no Internet): an SVG for a route, a `data:` URL for a
link or a Wi-Fi password that no route may carry in its path."""

from __future__ import annotations

import base64
import io
from functools import lru_cache

import segno


def qr_svg(data: str) -> bytes:
    """A scalable SVG (viewBox, no fixed size) with a quiet zone, dark on white."""
    buffer = io.BytesIO()
    segno.make(data, error="m").save(
        buffer,
        kind="svg",
        border=4,
        omitsize=True,
        xmldecl=False,
        dark="#000",
        light="#fff",
        title="QR code",
    )
    return buffer.getvalue()


@lru_cache(maxsize=64)
def qr_data_uri(data: str) -> str:
    """`data` as a QR code in a `data:` URL (the policy allows `data:` images): for a link
    with a token in it, which no QR route may take in its path or query."""
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(data)).decode("ascii")
