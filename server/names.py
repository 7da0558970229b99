"""Player names: what a name may be, and when two names are the same.

Why here and not only in the request schema: the rules need stable error codes a phone can
translate (`reserved_name`), and pods and events must apply the same ones.
"""

from __future__ import annotations

import re
import unicodedata

from server.errors import InvalidError

_BOT_NAME = re.compile(r"^bot\s*\d+$")
"""What `lifecycle._bot_names` gives the seats bots fill: "Bot 1", "Bot 2", …"""


def check_not_reserved(name: str) -> None:
    """Refuse names a bot seat would get, so nobody can pass for a bot (or a bot for them)."""
    folded = " ".join(unicodedata.normalize("NFKC", name).casefold().split())
    if _BOT_NAME.match(folded):
        raise InvalidError(f"{name!r} is what the server calls its bots; pick another name",
                           "reserved_name")
