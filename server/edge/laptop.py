"""Which requests come from the host's own laptop: the addresses `rate_limit_exempt` names
(loopback by default).

Why an address is authority here: the laptop runs the server, and its browser opens pages
from loopback, so no token can be shown on a list of every night (host tokens are stored
only as hashes). A phone on the Wi-Fi cannot send from the laptop's loopback address; the
Origin check (`server.edge.hosts`) still stops another site's page in the laptop's own
browser from posting.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection

from server.core.settings import Settings


def client_address(connection: HTTPConnection) -> str:
    """The peer's address as the server sees it ("" when the server cannot tell)."""
    return connection.client.host if connection.client else ""


def is_laptop(address: str, settings: Settings) -> bool:
    """Whether `address` is the host's laptop (`rate_limit_exempt`)."""
    return address in settings.rate_limit_exempt_addresses()
