"""File names for downloads: the player's own name, and an HTTP header every browser reads.

Why two names in the header (RFC 6266): `filename*=UTF-8''…` carries a Russian or Italian
name exactly, and browsers that ignore it fall back to `filename="…"`, which must be plain
ASCII (the header itself is Latin-1). The fallback transliterates Cyrillic and drops
accents, so "Дмитрий" downloads as `Dmitrij-deck.cod` there instead of a generic name.
"""

from __future__ import annotations

import unicodedata
from datetime import date
from urllib.parse import quote

_CYRILLIC = dict(zip(
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "j", "k", "l", "m", "n", "o", "p",
     "r", "s", "t", "u", "f", "h", "c", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"],
    strict=True,
))
MAX_STEM = 40
MAX_FILE_STEM = 120
"""A whole file name's stem (a name plus what the file is): a 40-letter Cyrillic name
spelled in Latin letters still keeps its `-deck` or `_2026-12-04_pod-2_recap`."""


def safe_stem(name: str, fallback: str = "player", limit: int = MAX_STEM) -> str:
    """`name` fit for a file name on any system: letters (any script), digits, `-`, `_`."""
    kept = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name.strip())
    while "--" in kept:
        kept = kept.replace("--", "-")
    return kept.strip("-")[:limit] or fallback


def ascii_stem(name: str, fallback: str = "player", limit: int = MAX_STEM) -> str:
    """`safe_stem` in plain ASCII: Cyrillic transliterated, accents dropped."""
    spelled = "".join(_transliterate(ch) for ch in name)
    plain = unicodedata.normalize("NFKD", spelled).encode("ascii", "ignore").decode()
    return safe_stem(plain, fallback, limit)


def night_file_name(season: str | None, held: date, pod_number: int | None, kind: str,
                    extension: str) -> str:
    """`Friday-League_2026-12-04_pod-2_recap.html`: a night's file named by its season (when
    it has one), the day it was held and its pod (for one pod's file), so a host keeping a
    season's files tells them apart by name; `_` parts the pieces, which keep their `-`."""
    parts = [safe_stem(season, "")] if season else []
    parts.append(held.isoformat())
    if pod_number is not None:
        parts.append(f"pod-{pod_number}")
    parts.append(kind)
    return "_".join(part for part in parts if part) + f".{extension}"


def _transliterate(ch: str) -> str:
    latin = _CYRILLIC.get(ch.lower())
    if latin is None:
        return ch
    return latin.capitalize() if ch.isupper() else latin


def ascii_filename(filename: str) -> str:
    """`Дмитрий-deck.cod` as `Dmitrij-deck.cod`: for old browsers and zip entries."""
    stem, dot, ext = filename.rpartition(".")
    if not dot:
        stem, ext = filename, ""
    return ascii_stem(stem, limit=MAX_FILE_STEM) + (f".{ascii_stem(ext, 'txt')}" if ext else "")


def content_disposition(filename: str) -> str:
    """`attachment; filename="ascii"; filename*=UTF-8''exact` for a name from `safe_stem`
    plus an extension (RFC 6266 §4.3, RFC 8187)."""
    fallback = ascii_filename(filename)
    if fallback == filename:
        return f'attachment; filename="{fallback}"'
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename, safe='')}"
