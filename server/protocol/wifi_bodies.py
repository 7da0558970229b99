"""The body of `PUT /api/laptop/wifi`: the store's Wi-Fi for the TV's second QR code
(checked again by `server.services.events.store_wifi.checked`: 422 `bad_wifi`)."""

from __future__ import annotations

from pydantic import Field

from server.protocol.bodies import Body


class WifiBody(Body):
    name: str = Field(max_length=64)
    password: str = Field("", max_length=128)
    """Empty: an open network."""
