"""JSON text with every non-ASCII character written as a `\\u` escape.

Why: a Python str holding one character past Latin-1 (a card's "—", a name in Cyrillic)
is stored two or four bytes per character, and every WebSocket frame is encoded to UTF-8
on its way out (uvicorn's `send`). For a seat view of ~45 cards that encoding was ~6 % of
a table-pace pick's instructions (callgrind, issue #45, docs/performance.md), and joining
such strings copies twice the bytes. An ASCII str is encoded by a plain copy. The JSON
value is the same: every JSON parser reads `\\u2014` as "—" (astral characters as a
surrogate pair, as JSON spells them)."""

from __future__ import annotations

import re

_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def ascii_json(text: str) -> str:
    """`text`, JSON from a serializer, as ASCII. Only JSON text: outside a string
    literal a non-ASCII character is not JSON, and a `\\u` escape would not mean it."""
    return text if text.isascii() else _NON_ASCII.sub(_escape, text)
