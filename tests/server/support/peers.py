"""Requests from other addresses on the Wi-Fi than the test client's: `strict(address)`
gives a client whose every request comes from `address`, with the rate limits on and no
address exempt (unless a test names the laptop's, `rate_limit_exempt`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Receive, Scope, Send

from server.app import create_app
from server.core.settings import Settings

STRICT = {"rate_limit_exempt": "", "rate_create_burst": 3, "rate_create_per_minute": 1,
          "rate_join_burst": 4, "rate_join_per_minute": 1}


class Peer:
    """One address on the Wi-Fi: every request it sends says so (see `from_peer`)."""

    def __init__(self, http: TestClient, address: str) -> None:
        self.http, self.address = http, address

    def get(self, url: str, **kwargs: Any) -> Any:
        return self.http.get(url, headers=self._as_peer(kwargs), **kwargs)

    def post(self, url: str, **kwargs: Any) -> Any:
        return self.http.post(url, headers=self._as_peer(kwargs), **kwargs)

    def put(self, url: str, **kwargs: Any) -> Any:
        return self.http.put(url, headers=self._as_peer(kwargs), **kwargs)

    def _as_peer(self, kwargs: dict[str, Any]) -> dict[str, str]:
        return {**kwargs.pop("headers", {}), PEER_HEADER: self.address}


PEER_HEADER = "x-test-peer"


def from_peer(app: ASGIApp) -> ASGIApp:
    """The app as if each request came from the address in its test header."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            peer = dict(scope["headers"]).get(PEER_HEADER.encode())
            if peer is not None:
                scope = {**scope, "client": (peer.decode(), 40000)}
        await app(scope, receive, send)

    return wrapped


@pytest.fixture(name="strict")
def strict_peers(make_settings: Callable[..., Settings]) -> Iterator[Callable[..., Peer]]:
    """`strict(address, **settings)`: a client from `address`, with the limits on."""
    opened: list[TestClient] = []

    def client_from(address: str, **overrides: Any) -> Peer:
        if not opened:
            app = create_app(make_settings(**{**STRICT, **overrides}))
            opened.append(TestClient(from_peer(app)).__enter__())
        return Peer(opened[0], address)

    yield client_from
    for http in opened:
        http.__exit__(None, None, None)


