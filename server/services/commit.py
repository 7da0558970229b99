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

Every mode writes this way: a night's joins when several processes share the database
(`server.cluster.joins`, a refusable write under the event's row lock) and the start
page's card download (`server.services.cards.card_data`) too. The one exception is the pick
under the pod's row lock (`server.cluster.locked`, a pick that lost races to other
processes a few times): it commits in a transaction of its own
(`cluster_repo.commit_locked`). Why it cannot be a stage: between taking the row lock and
committing, it catches the pod up (applies the other processes' rows to the live pod and
publishes them) and computes the pick on that state, and both happen on the event loop,
which owns the live pods. A stage runs on the writer thread, so it would either touch
live pods off the loop, or block the one writer thread, and every pod's writes queued
behind it, on round trips to the loop while holding the row lock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from server.db import Session
from server.db.writer import NO_ROWS, PodPicks, Rows, Write
from server.realtime.live import LivePod
from server.runtime import Runtime

T = TypeVar("T")

Stage = Callable[[Session], None]
"""Adds a change's statements to the writer's session (never commits)."""


def _nothing() -> None:
    return None


def _always() -> bool:
    return True


def queue(rt: Runtime, stage: Stage | None, committed: Callable[[], None],
          failed: Callable[[], None] = _nothing,
          valid: Callable[[], bool] = _always, pod: LivePod | None = None,
          new: bool = False, picks: PodPicks | None = None, rows: Rows = NO_ROWS,
          refusable: bool = False) -> asyncio.Future[None]:
    """Queue a change without waiting (the pick pipeline); `committed` runs on the loop
    after its transaction committed, `failed` if it did not. Call on the event loop.
    `picks` go to the pod's pick log with the transaction's other picks (one statement);
    `stage` may then be `None` (nothing else to write).

    `pod` names the pod the change is of: when several processes share the database, the
    write then follows the revision rule (`server.cluster.revisions`; `new`: it inserts
    the pod) and may fail with `StaleError`; its picks are then staged with it.

    `rows`: rows the transaction locks before any stage (several processes). `refusable`:
    the stage may raise a refusal (`ConflictError`…) on what it reads in the transaction;
    that refusal then reaches this caller alone (`server.db.writer`)."""
    write = Write(stage=stage, committed=committed, failed=failed, valid=valid, picks=picks,
                  rows=rows, refusable=refusable)
    return rt.mode.submit(rt.writer, write, pod, new)


async def commit(rt: Runtime, stage: Stage, swap: Callable[[], T],
                 pod: LivePod | None = None, new: bool = False, rows: Rows = NO_ROWS,
                 refusable: bool = False) -> T:
    """Store one change through the writer, then `swap` it into memory; returns what
    `swap` returns. Raises `BusyError` (nothing changed) when the commit failed, or the
    refusal a `refusable` stage raised (nothing of this change stored).

    The caller holds whatever lock serializes the change (the pod's, or the events'), so
    nothing of the same pod interleaves between the commit and the swap."""
    await queue(rt, stage, _nothing, pod=pod, new=new, rows=rows, refusable=refusable)
    return swap()
