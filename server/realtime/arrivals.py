"""Which join pages a phone has opened: the host screen's sign that phones reach the laptop.

Why count page opens and not seats: a phone that opens the join page and then stops at a
name has proved the network works; a host whose phones never open it has a network
problem (guest Wi-Fi, mobile data, firewall), and the host screen then offers a checklist
(`frontend/templates/_join_help.html`). This laptop's own visits (loopback, or one of its
own addresses, as in the self-test) are not a phone's. Kept in memory, per process: it is
a hint for the next minute, not a record.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from server.edge import lan

REMEMBERED_PAGES = 4096
"""Join pages remembered at once (the oldest are forgotten): ids in the URL are anyone's."""


class JoinPageVisits:
    """Join pages (`("pod", id)`, `("event", id)`) that a phone has opened."""

    def __init__(self, own_addresses: Iterable[str]) -> None:
        self.own = frozenset(own_addresses)
        self._opened: dict[tuple[str, str], None] = {}

    @classmethod
    def of_this_laptop(cls) -> JoinPageVisits:
        return cls(lan.interface_addresses())

    def is_phone(self, client: str | None) -> bool:
        if client is None or client in self.own:
            return False
        try:
            return not ipaddress.ip_address(client).is_loopback
        except ValueError:  # a name, as from a test client: not this laptop's
            return True

    def note(self, kind: str, page_id: str, client: str | None) -> None:
        if not self.is_phone(client) or (kind, page_id) in self._opened:
            return
        if len(self._opened) >= REMEMBERED_PAGES:
            del self._opened[next(iter(self._opened))]
        self._opened[(kind, page_id)] = None

    def opened(self, kind: str, page_id: str) -> bool:
        return (kind, page_id) in self._opened
