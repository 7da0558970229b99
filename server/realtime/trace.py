"""What the server was doing while a pick was slow: collector pauses, event-loop lag and the
writer's batches, as timed events in a JSON-lines file (`PRISMATIC_TRACE_PATH`, off by
default; `prismatic bench --trace` turns it on for the server it spawns).

Why a file of timed events and not a per-pick record: the causes the bench must tell apart
(issue #33: a pack change, the writer's batch size and queue depth, collector pauses, the
loop's run queue) happen on the server, the latency is felt on the phone. The bench knows
each pick's send and answer times (wall clock, same machine) and overlays these events on
each slow pick's window (`loadgen.tail`). Recording costs a few appends per batch and one
timer per `LAG_TICK_S`; nothing is recorded unless the setting is on.

Every line is `[kind, wall-clock start (s), duration (s), *details]`:
- `["gc", start, duration, generation]`: one collection (`gc.callbacks`);
- `["lag", start, duration]`: the loop woke this late from a `LAG_TICK_S` sleep (only
  when later than `LAG_FLOOR_S`): time its callbacks waited behind others or the collector;
- `["batch", start, duration, writes, queued]`: one group commit, its writes and how many
  writes queued while it committed (what the next transaction will carry).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import time
from pathlib import Path
from typing import IO, Any

LAG_TICK_S = 0.005
LAG_FLOOR_S = 0.002
FLUSH_EVERY_S = 0.5


class Trace:
    """One serving process's trace; `start()` on the running loop, `stop()` at shutdown."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._events: list[list[Any]] = []
        self._gc_started = 0.0
        self._file: IO[str] | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._file = self.path.open("a", encoding="utf-8")
        gc.callbacks.append(self._on_gc)
        self._task = asyncio.get_running_loop().create_task(self._sample(), name="trace")

    async def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_gc)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.flush()
        if self._file is not None:
            self._file.close()
            self._file = None

    def batch(self, started: float, duration: float, writes: int, queued: int) -> None:
        """A group commit (`GroupWriter`'s observer): wall-clock start and its seconds."""
        self._events.append(["batch", round(started, 6), round(duration, 6), writes, queued])

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.time()
        elif self._gc_started:
            self._events.append(["gc", round(self._gc_started, 6),
                                 round(time.time() - self._gc_started, 6),
                                 info.get("generation", -1)])

    async def _sample(self) -> None:
        """Loop lag every `LAG_TICK_S`; the events go to the file every `FLUSH_EVERY_S` (the
        bench reads the file while the server runs)."""
        flushed = time.monotonic()
        while True:
            asked = time.monotonic()
            await asyncio.sleep(LAG_TICK_S)
            woke = time.monotonic()
            late = woke - asked - LAG_TICK_S
            if late > LAG_FLOOR_S:
                self._events.append(["lag", round(time.time() - late, 6), round(late, 6)])
            if woke - flushed > FLUSH_EVERY_S:
                self.flush()
                flushed = woke

    def flush(self) -> None:
        if self._file is None or not self._events:
            return
        events, self._events = self._events, []
        self._file.write("".join(json.dumps(event) + "\n" for event in events))
        self._file.flush()

