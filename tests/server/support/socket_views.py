"""A socket's seat views as a phone assembles them (what `frontend/static/js/live.js` does).

Why: an `update` carries only the pool cards added since the view that connection sent
before (`pool_added`, protocol.md); a test that reads pools from a socket must append them
like a phone, and checks on the way that the pool comes out at `pool_count` cards.
"""

from __future__ import annotations

from typing import Any


class PoolGap(AssertionError):
    """An update's added cards cannot be appended: the phone must ask for a snapshot."""


class SocketViews:
    """The views of one connection, each with its whole pool."""

    def __init__(self) -> None:
        self.pool: list[dict[str, Any]] | None = None

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        """The whole view of a `snapshot` or `update` message of this connection."""
        view = dict(message["view"])
        if "pool_added" in view:
            if self.pool is None:
                raise PoolGap("an update with pool_added before any pool on this socket")
            view["pool"] = self.pool + view.pop("pool_added")
        if "pool_count" in view and len(view["pool"]) != view["pool_count"]:
            raise PoolGap(f"pool of {len(view['pool'])} cards, pool_count {view['pool_count']}")
        self.pool = view.get("pool")
        return view


def acks_in(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The acknowledgements a message carries, each as an `ack` frame: the message itself
    when it is one, else the picks acknowledged inside a view (`acks`, protocol.md)."""
    if message["type"] == "ack":
        return [message]
    return [{"type": "ack", "ref": ref} for ref in message.get("acks") or ()]
