"""The store's screen link: its token, derived from the night's host token, stored hashed.

Why derived and not drawn at random: only hashes are stored, so a random token would be
shown once, when the night is created, and lost if the host closed that tab. Derived with
HMAC from the host token (which the host screen sends with every request), the server can
give the host the same screen link whenever it is asked, while the database still holds
only a hash. The screen token opens nothing but the read-only screen, and it cannot be
turned back into the host token.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from functools import lru_cache

from server.core.security import hash_token

PURPOSE = b"prismatic:store-screen:v1"
"""What the derived token is for: another purpose derives another, unrelated token."""

SCREEN_PATH = "/screen"


def screen_token(host_token: str) -> str:
    """The night's screen token: 256 bits, URL-safe, the same for the same host token."""
    digest = hmac.new(host_token.encode("utf-8", "surrogateescape"), PURPOSE,
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def screen_hash(host_token: str) -> str:
    """What the event row stores for its screen link."""
    return hash_token(screen_token(host_token))


@lru_cache(maxsize=256)
def screen_url(base_url: str, host_token: str) -> str:
    """The link the TV opens: the token rides in the fragment, which browsers never send
    to a server, so no access log or Referer ever carries it."""
    return f"{base_url}{SCREEN_PATH}#screen_token={screen_token(host_token)}"


SEASON_PURPOSE = b"prismatic:season-screen:v1"


def season_screen_token(host_token_hash: str) -> str:
    """A season's screen token, derived from its host token's stored hash.

    Why from the hash and not the token, as a night's: the season's screen link names
    its season in the path (`/seasons/{id}/screen`), so the server never looks the token
    up; it derives it again from the season's row and compares. No column is added,
    the host page shows the link whenever it is asked, and the token still cannot be
    turned back into the host token (nor its hash)."""
    digest = hmac.new(host_token_hash.encode("ascii"), SEASON_PURPOSE, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def season_screen_url(base_url: str, season_id: str, host_token_hash: str) -> str:
    """The link a TV opens once for the whole season (its token in the fragment)."""
    return (f"{base_url}/seasons/{season_id}/screen"
            f"#screen_token={season_screen_token(host_token_hash)}")


def opens_season_screen(token: str, host_token_hash: str) -> bool:
    """Whether `token` is the season's screen token (compared in constant time)."""
    return bool(token) and hmac.compare_digest(token.encode("utf-8", "surrogateescape"),
                                               season_screen_token(host_token_hash).encode())
