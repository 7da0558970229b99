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


def new_id() -> str:
    """A short public id for pods and players (not a secret)."""
    return secrets.token_urlsafe(8)


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
