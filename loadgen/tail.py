"""Why picks were slow: each slow pick's window overlaid with what the server (and the
bench client) did meanwhile.

Why overlay windows: the latency is felt on the phone, its causes happen elsewhere. The
server's trace (`server.realtime.trace`, wall clock) holds its collector pauses, its event
loop's lag and its writer's batches; the bench client samples its own loop's lag the same
way (its phones share the two cores). A pick whose window saw a long pause of one of them
is put down to the largest one; a pick that opened a round (every seat of the pod got a new
pack at once) is counted apart, since that is the burst issue #33 suspects.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CAUSES = ("collector", "server loop lag", "writer batch", "client loop lag", "none found")
"""What a slow pick is put down to: the largest overlap, if it covers a third of the pick."""

LAG_TICK_S = 0.005
LAG_FLOOR_S = 0.002


@dataclass(frozen=True)
class PickSample:
    """One acknowledged pick as the phone saw it."""

    sent: float  # wall clock (time.time) when the phone sent it
    latency: float  # seconds to the first view past it
    new_round: bool  # that view opened a round: new packs for every seat at once


@dataclass(frozen=True)
class Span:
    start: float
    duration: float
    writes: int = 0
    queued: int = 0

    @property
    def end(self) -> float:
        return self.start + self.duration


class Spans:
    """Events of one kind sorted by start, for overlap queries."""

    def __init__(self, spans: Sequence[Span]) -> None:
        self.spans = sorted(spans, key=lambda s: s.start)
        self.starts = [s.start for s in self.spans]
        self.longest = max((s.duration for s in self.spans), default=0.0)

    def overlapping(self, start: float, end: float) -> list[Span]:
        first = bisect.bisect_left(self.starts, start - self.longest)
        last = bisect.bisect_right(self.starts, end)
        return [s for s in self.spans[first:last] if s.end > start]


def overlap(span: Span, start: float, end: float) -> float:
    return max(0.0, min(span.end, end) - max(span.start, start))


def read_trace(path: Path | None) -> dict[str, list[Span]]:
    """The server's trace file by kind (`gc`, `lag`, `batch`); lines being written skipped.
    Empty without one (a server not spawned by this bench, or one that does not trace)."""
    kinds: dict[str, list[Span]] = {"gc": [], "lag": [], "batch": []}
    if path is None or not path.exists():
        return kinds
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        kind, start, duration, *details = event
        if kind == "batch":
            kinds["batch"].append(Span(start, duration, details[0], details[1]))
        elif kind in kinds:
            kinds[kind].append(Span(start, duration))
    return kinds


class LagSampler:
    """The bench client's own loop lag (as `server.realtime.trace` samples the server's)."""

    def __init__(self) -> None:
        self.spans: list[Span] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._sample())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _sample(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(LAG_TICK_S)
            late = time.monotonic() - asked - LAG_TICK_S
            if late > LAG_FLOOR_S:
                self.spans.append(Span(time.time() - late, late))


@dataclass
class Window:
    """What overlapped one pick's window."""

    gc: float
    server_lag: float
    client_lag: float
    batch_s: float
    batch_writes: int
    queued: int

    def cause(self, latency: float) -> str:
        shares = {"collector": self.gc, "server loop lag": self.server_lag,
                  "writer batch": self.batch_s, "client loop lag": self.client_lag}
        name, longest = max(shares.items(), key=lambda item: item[1])
        return name if longest >= latency / 3 else "none found"


def window(sample: PickSample, server: dict[str, Spans], client: Spans) -> Window:
    start, end = sample.sent, sample.sent + sample.latency
    batches = server["batch"].overlapping(start, end)
    return Window(
        gc=sum(overlap(s, start, end) for s in server["gc"].overlapping(start, end)),
        server_lag=max((overlap(s, start, end) for s in server["lag"].overlapping(start, end)),
                       default=0.0),
        client_lag=max((overlap(s, start, end) for s in client.overlapping(start, end)),
                       default=0.0),
        batch_s=max((overlap(s, start, end) for s in batches), default=0.0),
        batch_writes=max((s.writes for s in batches), default=0),
        queued=max((s.queued for s in batches), default=0),
    )


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 2) if values else 0.0


def split(samples: Sequence[PickSample], server_events: dict[str, list[Span]],
          client_lag: Sequence[Span], slow_s: float) -> dict[str, Any]:
    """Picks at or over `slow_s` against all picks: their share opening a round, the
    writer's batches and queue, the collector, both loops' lag, and the cause of each."""
    server = {kind: Spans(spans) for kind, spans in server_events.items()}
    client = Spans(client_lag)
    rows: dict[str, Any] = {}
    for name, chosen in (("all", samples), ("slow", [s for s in samples
                                                      if s.latency >= slow_s])):
        windows = [window(s, server, client) for s in chosen]
        causes = Counter(w.cause(s.latency) for s, w in zip(chosen, windows, strict=True))
        rows[name] = {
            "picks": len(chosen),
            "new_round_pct": round(100 * sum(s.new_round for s in chosen) / len(chosen), 1)
            if chosen else 0.0,
            "batch_writes_p50": _median([w.batch_writes for w in windows]),
            "batch_writes_max": max((w.batch_writes for w in windows), default=0),
            "queued_p50": _median([w.queued for w in windows]),
            "queued_max": max((w.queued for w in windows), default=0),
            "batch_ms_p50": _median([1000 * w.batch_s for w in windows]),
            "gc_pct": round(100 * sum(w.gc > 0 for w in windows) / len(windows), 1)
            if windows else 0.0,
            "gc_ms_max": round(1000 * max((w.gc for w in windows), default=0.0), 1),
            "server_lag_ms_p50": _median([1000 * w.server_lag for w in windows]),
            "server_lag_ms_max": round(1000 * max((w.server_lag for w in windows),
                                                  default=0.0), 1),
            "client_lag_ms_p50": _median([1000 * w.client_lag for w in windows]),
            "causes": {cause: causes[cause] for cause in CAUSES if causes[cause]},
        }
    rows["slow_ms"] = round(1000 * slow_s, 1)
    rows["server_gc_s"] = round(sum(s.duration for s in server_events["gc"]), 3)
    rows["server_batches"] = len(server_events["batch"])
    return rows


def table(split_figures: dict[str, Any]) -> str:
    """The split as a Markdown table (docs/performance.md takes it as is)."""
    labels = (("picks", "picks"), ("opened a round, %", "new_round_pct"),
              ("writer batch writes p50 / max", ("batch_writes_p50", "batch_writes_max")),
              ("writes queued meanwhile p50 / max", ("queued_p50", "queued_max")),
              ("batch overlap ms p50", "batch_ms_p50"),
              ("collector ran, % / max ms", ("gc_pct", "gc_ms_max")),
              ("server loop lag ms p50 / max", ("server_lag_ms_p50", "server_lag_ms_max")),
              ("client loop lag ms p50", "client_lag_ms_p50"))
    slow = split_figures["slow_ms"]
    lines = [f"| | all picks | picks ≥ {slow:g} ms |", "|---|---|---|"]
    for label, key in labels:
        cells = []
        for row in ("all", "slow"):
            figures = split_figures[row]
            if isinstance(key, tuple):
                cells.append(" / ".join(f"{figures[k]:g}" for k in key))
            else:
                cells.append(f"{figures[key]:g}")
        lines.append(f"| {label} | {cells[0]} | {cells[1]} |")
    causes = [", ".join(f"{c} {n}" for c, n in split_figures[row]["causes"].items())
              for row in ("all", "slow")]
    lines.append(f"| put down to | {causes[0]} | {causes[1]} |")
    return "\n".join(lines)
