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
