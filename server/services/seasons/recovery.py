"""A season's recovery code: the key a host writes down, prints or photographs, and types
on any device to get back to the season's host page.

Why the host token is derived from the code, not stored beside it: the server keeps only
the token's hash (`season.host_token_hash`), so the code that derives that token is
checked against the same hash, in constant time, with nothing new stored, and every
device that already holds the token keeps it after a recovery. The code has 100 random
bits (20 symbols of 32): with the guesses' rate limit (`server.edge.rate_limits`, the
"join" bucket) nobody finds one.
"""

from __future__ import annotations

import hashlib
import secrets
from base64 import urlsafe_b64encode

from server.core.security import hash_token, token_matches

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U to misread; typed I and L read as 1, O as 0."""
LENGTH = 20
GROUP = 4
_READ_AS = str.maketrans({"I": "1", "L": "1", "O": "0"})


def new_code() -> str:
    """A fresh code, as the host sees it: `7K2M-QX4D-…` (five groups of four)."""
    symbols = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return "-".join(symbols[i:i + GROUP] for i in range(0, LENGTH, GROUP))


def normalized(code: str) -> str:
    """The code's symbols as typed on any phone: case, spaces, dashes and the look-alike
    letters do not matter; `""` when what was typed cannot be a code."""
    symbols = "".join(ch for ch in code.upper() if ch.isalnum()).translate(_READ_AS)
    if len(symbols) != LENGTH or any(ch not in ALPHABET for ch in symbols):
        return ""
    return symbols


def host_token_of(code: str) -> str:
    """The season's host token, derived from its code (`""` for no code at all)."""
    symbols = normalized(code)
    if not symbols:
        return ""
    digest = hashlib.sha256(f"prismatic-season-recovery:{symbols}".encode()).digest()
    return urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def code_opens(code: str, stored_hash: str) -> bool:
    """Whether `code` is the one that made the season's host token (constant time)."""
    token = host_token_of(code)
    return bool(token) and token_matches(hash_token(token), stored_hash)
