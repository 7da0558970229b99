"""Per-client rate limits on what a stranger could repeat to fill the night.

Why by peer address: on the store's Wi-Fi every phone has its own address, so one client
spamming `POST /api/pods` or joining every open lobby runs out of tokens while everyone
else is untouched. Creating (pods and events share one bucket) and joining (pod seats and
event places share another) are limited; picks and the host's commands are not (they
need a token). The host's laptop (loopback, `rate_limit_exempt`) is never limited, and a
refusal is 429 `rate_limited` with `Retry-After`, as `docs/protocol.md` promises.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from server.core.settings import Settings

MAX_TRACKED = 4096
"""Buckets kept at once; full buckets are forgotten first (they hold no information)."""


class TokenBucket:
    """`burst` actions at once, refilled at `rate` per second."""

    def __init__(self, burst: int, rate: float, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.capacity, self.rate, self.clock = float(burst), rate, clock
        self.tokens, self.stamp = float(burst), clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def take(self) -> bool:
        self._refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token (0 when one is there)."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate

    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.capacity


@dataclass(frozen=True)
class Limit:
    burst: int
    per_minute: float


class ClientLimits:
    """Token buckets by (action, client address)."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = {
            "create": Limit(settings.rate_create_burst, settings.rate_create_per_minute),
            "join": Limit(settings.rate_join_burst, settings.rate_join_per_minute),
        }
        self.exempt = frozenset(settings.rate_limit_exempt_addresses())
        self.clock = clock
        self._buckets: dict[tuple[str, str], TokenBucket] = {}

    def take(self, action: str, client: str) -> float | None:
        """`None` when `client` may `action` now; else the seconds to wait (Retry-After)."""
        if client in self.exempt:
            return None
        key = (action, client)
        bucket = self._buckets.get(key)
        if bucket is None:
            limit = self.limits[action]
            if len(self._buckets) >= MAX_TRACKED:
                self._forget_full()
            bucket = self._buckets[key] = TokenBucket(limit.burst, limit.per_minute / 60,
                                                      self.clock)
        if bucket.take():
            return None
        return max(1.0, math.ceil(bucket.wait()))

    def _forget_full(self) -> None:
        for key in [k for k, bucket in self._buckets.items() if bucket.full()]:
            del self._buckets[key]
        while len(self._buckets) >= MAX_TRACKED:  # all busy: drop the oldest
            del self._buckets[next(iter(self._buckets))]
