"""Seat and host tokens: random, stored only as SHA-256 hashes, compared in constant time.

Why hashes: a copied database file cannot be used to act as a player or the host, and a
token is never written anywhere, logs included.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh 256-bit URL-safe token."""
    return secrets.token_urlsafe(32)


ID_ALPHABET = "23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
"""Letters and digits without look-alikes (0 O o, 1 l I) or punctuation: ids are read
off a screen and typed into a phone. Older ids (URL-safe base64) stay valid."""
ID_LENGTH = 11
"""11 of 56 symbols: about 64 bits, as many as the 8 random bytes of older ids."""


def new_id() -> str:
    """A short public id for pods and players (not a secret)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).hexdigest()


def token_matches(token_hash: str, stored_hash: str | None) -> bool:
    """True when `token_hash` equals the stored hash (constant-time)."""
    return stored_hash is not None and hmac.compare_digest(token_hash, stored_hash)


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, or None."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()
