"""Which content encoding a client gets, and the encoders themselves.

Why here and not per route: the static files are encoded once (`server.routes.static_assets`)
and every other answer by `server.edge.compression`; both must read `Accept-Encoding` the same
way and offer the same codings: brotli (about a fifth smaller than gzip on our modules),
and gzip for any client without it.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterable

import brotli

MIN_BYTES = 1024
"""A body smaller than this goes as it is: its headers would weigh more than the saving."""

COMPRESSIBLE_TYPES = ("text/", "application/json", "application/javascript",
                      "image/svg+xml", "application/xml")
"""Text compresses; zips, PNGs and fonts are compressed already."""

OFFERED = ("br", "gzip")
"""The codings we offer, best first. Browsers ask for brotli over HTTPS only: on the table's
plain HTTP a phone gets gzip; a tool or a proxy in front with TLS gets brotli."""


def compressible(content_type: str) -> bool:
    return content_type.split(";", 1)[0].strip().lower().startswith(COMPRESSIBLE_TYPES)


def accepted(accept_encoding: str) -> dict[str, float]:
    """`gzip, br;q=0.5, *;q=0` → {"gzip": 1.0, "br": 0.5, "*": 0.0}; a malformed q is 0."""
    codings: dict[str, float] = {}
    for part in accept_encoding.split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        if not name:
            continue
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        codings[name] = quality
    return codings


def choose(accept_encoding: str, available: Iterable[str] = OFFERED) -> str | None:
    """The best coding of `available` that the client accepts (q > 0), else None (identity)."""
    codings = accepted(accept_encoding)
    best: tuple[float, str] | None = None
    for name in available:
        quality = codings.get(name, codings.get("*", 0.0))
        if quality > 0 and (best is None or quality > best[0]):
            best = (quality, name)
    return best[1] if best else None


def encode(body: bytes, coding: str, *, once: bool) -> bytes:
    """`body` in `coding`. `once`: a file encoded at start takes the slow best settings; an
    answer encoded per request takes fast ones (its CPU is the server's, on every phone)."""
    if coding == "br":
        return bytes(brotli.compress(body, quality=11 if once else 4))
    if coding == "gzip":
        return gzip.compress(body, compresslevel=9 if once else 6, mtime=0)
    raise ValueError(f"unknown coding {coding!r}")
