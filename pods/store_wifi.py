"""The store's Wi-Fi as a QR code's text (`WIFI:T:WPA;S:<name>;P:<password>;;`), the format
phones read: a value and its text, with no file or server behind them (the file and the
checks are `server.services.events.store_wifi`'s).

Why the escaping: a `\\`, `;`, `,`, `:` or `"` in the name or the password is escaped with
a backslash, or a phone would read a cut name or password.
"""

from __future__ import annotations

from dataclasses import dataclass

SPECIAL = '\\;,:"'


@dataclass(frozen=True)
class StoreWifi:
    name: str
    password: str
    """Empty: an open network."""


def escape(value: str) -> str:
    """`value` with every character the Wi-Fi QR format gives a meaning escaped."""
    return "".join(f"\\{char}" if char in SPECIAL else char for char in value)


def qr_text(wifi: StoreWifi) -> str:
    """What the Wi-Fi QR code holds: a WPA network, or an open one without a password."""
    if not wifi.password:
        return f"WIFI:T:nopass;S:{escape(wifi.name)};;"
    return f"WIFI:T:WPA;S:{escape(wifi.name)};P:{escape(wifi.password)};;"


