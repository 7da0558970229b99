"""A router reboot: every phone's socket cut at once mid-draft, and how long until each
phone has its current view again.

Why abort the transports: a rebooting router sends no close frame; the phones see their
connections die, and the server sees them die later or not at all. Aborting every
client transport in one loop turn cuts them all on the same beat. The phones then come
back as the phone page does (`frontend/static/js/live.js`): after a jittered delay
around `FIRST_RETRY_S`, so they do not all knock on the same beat either.

A phone is back when the first view of its new connection arrives (the server sends
its snapshot at once): that is the moment its screen shows the current pack again.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection

from loadgen.stats import summary_ms

FIRST_RETRY_S = 0.5
"""The phone page's first reconnect delay (`MIN_DELAY` in live.js), jittered ×0.5–1.5."""


def retry_delay(rng: random.Random, attempt: int) -> float:
    """The phone page's backoff: doubling from `FIRST_RETRY_S`, capped at 15 s, each
    delay jittered between half and one and a half of itself."""
    return float(min(FIRST_RETRY_S * 2 ** attempt, 15.0) * rng.uniform(0.5, 1.5))


@dataclass(eq=False)
class Drop:
    """Cuts every registered socket `after` seconds into the draft; keeps the figures."""

    after: float
    sockets: set[ClientConnection] = field(default_factory=set)
    cut_at: float | None = None
    """perf_counter of the cut (None before it)."""
    cut: int = 0
    back: list[float] = field(default_factory=list)
    """Seconds from the cut to each cut phone's first view on its new connection."""
    in_flight: int = 0
    """Picks sent and not acknowledged when the cut came (each phone re-reads its view)."""
    lost: int = 0
    """Acknowledged picks a phone's first view after the cut did not show (must be 0)."""

    async def run(self) -> None:
        await asyncio.sleep(self.after)
        self.cut_at = time.perf_counter()
        cut = list(self.sockets)
        self.cut = len(cut)
        for ws in cut:
            ws.transport.abort()

    def was_cut(self, ws: ClientConnection) -> bool:
        return self.cut_at is not None and ws in self.sockets

    def figures(self) -> dict[str, object]:
        return {"after_s": self.after, "phones_cut": self.cut, "phones_back": len(self.back),
                "back_ms": summary_ms(self.back), "picks_in_flight": self.in_flight,
                "picks_lost": self.lost}
