"""The store's Wi-Fi, for a second QR code on the TV's join page: a phone that scans it
joins the network, then scans the join code.

Why kept on the laptop only: the name and password are the store's, not a night's. They
are written to a file in the server's data folder (readable by its owner only), changed
only from the laptop (`/api/laptop/wifi`), and sent to nothing but the store's screen,
which draws them as a QR code: no phone's view, no host view and no export carries them.

The QR code's text is the format phones read (`WIFI:T:WPA;S:<name>;P:<password>;;`); a
`\\`, `;`, `,`, `:` or `"` in the name or the password is escaped with a backslash, or a
phone would read a cut name or password.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from pods.store_wifi import StoreWifi, escape, qr_text
from server.core.errors import InvalidError

__all__ = ["FILE_NAME", "StoreWifi", "checked", "escape", "qr_text", "read", "save"]

FILE_NAME = "store_wifi.json"


def checked(name: str, password: str) -> StoreWifi:
    """The Wi-Fi as the host typed it, or 422 `bad_wifi`: a name of 1 to 32 bytes, a WPA
    password of 8 to 63 characters (or none, for an open network), nothing unprintable."""
    if not 1 <= len(name.encode("utf-8")) <= 32:
        raise InvalidError("the Wi-Fi name is 1 to 32 bytes", "bad_wifi")
    if password and not 8 <= len(password) <= 63:
        raise InvalidError("a Wi-Fi password is 8 to 63 characters, or none", "bad_wifi")
    if any(not char.isprintable() for char in name + password):
        raise InvalidError("the Wi-Fi name and password are printable text", "bad_wifi")
    return StoreWifi(name, password)


def read(data_dir: Path) -> StoreWifi | None:
    """The store's Wi-Fi as saved, or None (never set, cleared, or an unreadable file)."""
    try:
        saved = json.loads((data_dir / FILE_NAME).read_text("utf-8"))
        return checked(str(saved["name"]), str(saved["password"]))
    except (OSError, ValueError, KeyError, TypeError, InvalidError):
        return None


def save(data_dir: Path, wifi: StoreWifi | None) -> None:
    """Keep `wifi` (None: forget it), readable by the server's user only."""
    path = data_dir / FILE_NAME
    if wifi is None:
        path.unlink(missing_ok=True)
        return
    data_dir.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".tmp")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump({"name": wifi.name, "password": wifi.password}, file, ensure_ascii=False)
    partial.replace(path)
