"""The one way a change reaches the database: staged, committed by the writer thread, swapped.

A command computes its change under the pod's lock, then hands `commit` (which waits) or
`queue` (which does not) a `stage`, its statements, run on the writer thread
(`server.db.writer`), and a `swap`, run on the loop only after the commit: it puts the
change into memory and publishes it. A failed commit raises `BusyError` (503 `db_busy`)
before `swap` ran, so nothing needs undoing. A `stage` reads only values computed before
queueing, never live pod fields. Why, and the one exception (the pick under a pod's row
lock): docs/architecture.md, "The writer".
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from server.db import Session
from server.db.writer import NO_ROWS, Rows, Write
from server.realtime.live import LivePod
from server.runtime import Runtime

T = TypeVar("T")

Stage = Callable[[Session], None]
"""Adds a change's statements to the writer's session (never commits)."""


def _nothing() -> None:
    return None


def queue(rt: Runtime, write: Write, pod: LivePod | None = None,
          new: bool = False) -> asyncio.Future[None]:
    """Queue a write without waiting (the pick pipeline); its `committed` runs on the loop
    after its transaction committed, `failed` if it did not. Call on the event loop.
    The `Write` says what is stored and what runs after (`server.db.writer`).

    `pod` names the pod the change is of: when several processes share the database, the
    write then follows the revision rule (`server.cluster.revisions`; `new`: it inserts
    the pod) and may fail with `StaleError`; its picks are then staged with it."""
    return rt.mode.submit(rt.writer, write, pod, new)


async def commit(rt: Runtime, stage: Stage, swap: Callable[[], T],
                 pod: LivePod | None = None, new: bool = False, rows: Rows = NO_ROWS,
                 refusable: bool = False) -> T:
    """Store one change through the writer, then `swap` it into memory; returns what
    `swap` returns. Raises `BusyError` (nothing changed) when the commit failed, or the
    refusal a `refusable` stage raised (nothing of this change stored).

    The caller holds whatever lock serializes the change (the pod's, or the events'), so
    nothing of the same pod interleaves between the commit and the swap."""
    await queue(rt, Write(stage=stage, committed=_nothing, failed=_nothing, rows=rows,
                          refusable=refusable), pod=pod, new=new)
    return swap()
