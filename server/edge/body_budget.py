"""One budget for the bytes every request body being received holds, across all connections.

Why a total and not only a cap per body: each body is capped (64 KiB, a season file 4 MiB)
and must finish within the body timeout, but a stranger opening many connections from many
addresses could still make the server hold hundreds of megabytes of half-sent files at once.
A body reserves its bytes here before they are read (its `Content-Length`, or chunk by chunk
when it has none) and gives them back when its request ends. A large body (over the small
cap) may use only three quarters of the budget, so stalled uploads never take the room a
phone's deck or tap needs; past that it is refused at once (503 `uploads_busy`).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class BodyBudget:
    """Bytes reserved by bodies being received or handled; one per app (one process)."""

    total_bytes: int
    small_body_bytes: int
    """Bodies at most this large are a phone's requests; larger ones are files."""
    used_bytes: int = field(default=0, init=False)

    @property
    def large_body_room(self) -> int:
        """What large bodies may hold together: the rest is kept for phones' requests."""
        return self.total_bytes - self.total_bytes // 4

    def reserve(self, size: int, body_so_far: int = 0) -> bool:
        """Reserve `size` more bytes for a body that already holds `body_so_far`; False (and
        nothing reserved) when the budget cannot take them."""
        whole_body = body_so_far + size
        ceiling = self.total_bytes if whole_body <= self.small_body_bytes else self.large_body_room
        if self.used_bytes + size > ceiling:
            return False
        self.used_bytes += size
        return True

    def release(self, size: int) -> None:
        self.used_bytes = max(0, self.used_bytes - size)
