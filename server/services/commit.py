"""The one way a change reaches the database: staged, committed by the writer thread, swapped.

Why one helper: every command (host, joining, building, events, games, picks) is the same
step: compute the change under the pod's lock, hand the writer (`server.db.writer`) a
`stage` that adds its statements to a transaction, and only after that transaction
committed run `swap`, which puts the change into memory and publishes it. The commit never
runs on the event loop (it would stall every socket), and a failed commit raises
`BusyError` (503 `db_busy`) before `swap` ran, so a failure changes nothing and nothing
needs undoing by hand.

`stage` runs on the writer thread: it must only read values the caller computed before
queueing (never live pod fields, which the loop may change meanwhile).

Every mode writes this way, with one exception: the pick under the pod's row lock when
several processes share the database (`server.cluster.locked`); docs/architecture.md
says why it cannot be a stage.
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
