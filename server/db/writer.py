"""Group commit: one writer thread commits every queued write of every pod, one
transaction per batch (`server.services.commit` is its only caller).

The contract each write keeps: `committed()` (swap the new state in, publish) runs on the
event loop only after its transaction committed, in submission order; if that transaction
fails, each of its writes gets `failed()` and `BusyError`, and nothing of it reaches
memory. Why one thread and batches, and refusable writes, row locks and guarded writes:
docs/architecture.md, "The writer".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from draft.errors import DraftError
from pods.errors import PodsError
from server.core.errors import BusyError, PodError
from server.db import cluster_repo, repo
from server.db.disk import refusal

log = logging.getLogger(__name__)

MAX_BATCH = 1024
"""Writes per transaction at most (a bound on one transaction's time, not a tuning knob);
`Settings.group_commit = False` makes it 1: one transaction per write, for comparison."""


PodPicks = tuple[str, Sequence[repo.PickRecord]]
"""(pod id, picks): a write's entries for one pod's pick log."""

BatchObserver = Callable[[float, float, int, int], None]
"""(wall-clock start, seconds, writes, writes queued meanwhile) of each committed batch."""

REFUSALS = (PodError, DraftError, PodsError)
"""The domain's refusals: raised by a refusable stage, they fail only its own write."""


@dataclass(frozen=True)
class Rows:
    """The rows a write needs locked before any stage of its batch runs."""

    pods: tuple[str, ...] = ()
    events: tuple[str, ...] = ()


NO_ROWS = Rows()
"""A write that needs no row locked but its own stage's."""

RowLocker = Callable[[Session, list[str], list[str]], None]
"""Locks (pod ids, event ids), each list sorted, pods first (`cluster_repo.lock_rows`)."""

Bump = Callable[[str, int, str], bool]
"""(pod id, expected revision, notice channel): moves the pod's row to the next revision
in the batch's transaction, taking its row lock, and announces it on the channel at
commit; false when the pod was at another revision (`cluster_repo.bump_revision`)."""


@dataclass(eq=False)
class Write:
    """One unit of work: `stage` adds its statements to the batch's session (no commit);
    `picks` are appended to the pick log together with every other write's picks of the
    same transaction, in one statement after all stages ran. A write with picks only
    (`stage=None`, most picks) lets a batch of such writes skip the ORM session."""

    stage: Callable[[Session], None] | None
    committed: Callable[[], None]
    failed: Callable[[], None]
    valid: Callable[[], bool] = lambda: True
    picks: PodPicks | None = None
    future: asyncio.Future[None] | None = field(default=None, repr=False)
    rows: Rows = NO_ROWS
    """The rows this write locks first (only where the writer has a `RowLocker`)."""
    refusable: bool = False
    """The stage runs in a savepoint and may refuse (`REFUSALS`) without failing the batch."""
    guard: Callable[[Bump], bool] | None = None
    """Runs first, on the writer thread, with the batch's `Bump`: false voids the write
    (nothing of it is written). A guarded write names its one pod in `rows`."""


class GroupWriter:
    """The single writer of the hot path; `submit` queues, the batch loop commits."""

    def __init__(self, session_factory: Callable[[], Session], max_batch: int = MAX_BATCH,
                 lock_rows: RowLocker | None = None,
                 disk_full: Callable[[bool], None] = lambda _full: None,
                 observe: BatchObserver | None = None) -> None:
        # Told of every transaction: when it started (wall clock), its seconds, its
        # writes and the writes queued meanwhile (`server.realtime.trace`).
        self._observe = observe
        # Told after every transaction whether the disk was full (the host's banner).
        self._disk_full = disk_full
        self._session_factory = session_factory
        self._bind: sa.Engine | None = None
        self._driver_log: repo.DriverPickLog | None = None
        self._driver_bump: cluster_repo.DriverBump | None = None
        # The driver connection the picks-only transactions use, kept by the writer
        # thread between batches (`_connection`): None until the first, and after a
        # failed one.
        self._held: Any = None
        self._max_batch = max_batch
        # Several processes: lock the batch's pod rows first, in one order, so two
        # processes' batches cannot deadlock on each other's rows (`server.cluster`).
        self._lock_rows = lock_rows
        self._queue: list[Write] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        # One batch at a time is with the writer thread (`_handed`), from `_start` until
        # its `_finish` ran on the loop; `_scheduled`: a `_start` is queued on the loop.
        self._scheduled = False
        self._in_flight = False
        self._handed: tuple[list[Write], float] | None = None
        self._stop = False
        self._ready = threading.Condition()
        self._thread: threading.Thread | None = None
        self._drained: asyncio.Future[None] | None = None
        self._closing = False
        self.batches = 0
        self.writes = 0

    def submit(self, write: Write) -> asyncio.Future[None]:
        """Queue a write; the future resolves after its transaction committed."""
        if self._closing:
            raise BusyError("the server is stopping; try again", "db_busy")
        loop = self._loop = asyncio.get_running_loop()
        write.future = loop.create_future()
        self._queue.append(write)
        self._schedule()
        return write.future

    async def close(self) -> None:
        """Commit what is queued, then stop the writer thread."""
        self._closing = True
        if self._in_flight or self._scheduled or self._queue:
            self._drained = asyncio.get_running_loop().create_future()
            await self._drained
        with self._ready:
            self._stop = True
            self._ready.notify()
        if self._thread is not None:
            self._thread.join()

    def _schedule(self) -> None:
        """Start a batch on the loop's next turn, unless one is with the thread (its
        `_finish` starts the next): every write submitted meanwhile joins that batch.

        Why a callback and a condition, not a task that awaits `run_in_executor`: a lone
        pick at table pace then costs one loop turn to start its batch and one thread
        hand-back to finish it, not a task wake-up, an executor's work queue and a
        future chained across threads on top (docs/performance.md, "One pick at table
        pace")."""
        if not self._scheduled and not self._in_flight and self._loop is not None:
            self._scheduled = True
            self._loop.call_soon(self._start)

    def _start(self) -> None:
        """On the loop: take a batch, fail the writes no longer valid, hand the rest to
        the writer thread."""
        self._scheduled = False
        batch, self._queue = self._queue[:self._max_batch], self._queue[self._max_batch:]
        live: list[Write] = []
        for write in batch:
            if write.valid():
                live.append(write)
            else:
                _fail(write, BusyError("an earlier pick of this pod was not stored; try again",
                                       "db_busy"))
        if not live:
            self._next()
            return
        self._in_flight = True
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name="db-writer", daemon=True)
            self._thread.start()
        with self._ready:
            self._handed = (live, time.time())
            self._ready.notify()

    def _serve(self) -> None:
        """The writer thread: commit each batch handed over, hand the outcome back to
        the loop."""
        while True:
            with self._ready:
                while self._handed is None and not self._stop:
                    self._ready.wait()
                if self._handed is None:
                    self._release()
                    return
                (live, started), self._handed = self._handed, None
            refused: dict[Write, Exception] = {}
            error: Exception | None = None
            try:
                refused = self._commit(live)
            except Exception as failure:  # any failure: the whole transaction rolled back
                error = failure
            loop = self._loop
            assert loop is not None  # set by the submit that made this batch
            try:
                loop.call_soon_threadsafe(self._finish, live, started, refused, error)
            except RuntimeError:  # the loop closed without `close()`: nobody is waiting
                self._release()
                return

    def _finish(self, live: list[Write], started: float, refused: dict[Write, Exception],
                error: Exception | None) -> None:
        """On the loop: acknowledge or fail the batch's writes, start the next batch."""
        self._in_flight = False
        try:
            self._settle(live, started, refused, error)
        finally:
            self._next()

    def _next(self) -> None:
        if self._queue:
            self._schedule()
        elif self._drained is not None and not self._drained.done() and not self._in_flight:
            self._drained.set_result(None)

    def _settle(self, live: list[Write], started: float, refused: dict[Write, Exception],
                error: Exception | None) -> None:
        if error is not None:
            log.warning("group commit of %d writes failed: %s", len(live), error)
            answer = refusal(error)  # db_busy, or disk_full when the disk is full
            self._disk_full(answer.code == "disk_full")
            for write in live:
                _fail(write, answer)
            return
        self._disk_full(False)
        if self._observe is not None:
            self._observe(started, time.time() - started, len(live), len(self._queue))
        self.batches += 1
        self.writes += len(live) - len(refused)
        for write in live:
            its_refusal = refused.get(write)
            if its_refusal is not None:  # its savepoint rolled back; the others committed
                _fail(write, its_refusal)
                continue
            try:
                write.committed()
            except Exception:  # a publish must not stop the other writes' acknowledgements
                log.exception("after-commit step failed")
            if write.future is not None and not write.future.done():
                write.future.set_result(None)

    def _commit(self, batch: list[Write]) -> dict[Write, Exception]:
        """On the writer thread: lock the rows the writes ask for, stage every write,
        append all their picks in one statement (a pick's row depends on nothing a later
        stage writes, and nothing staged reads the pick log), one commit. Returns the
        refusals of refusable writes (nothing of those was stored).

        Why one statement: SQLAlchemy spends ~0.2 ms of Python per executed statement,
        and at 50 pods a transaction holds dozens of picks."""
        if all(write.stage is None for write in batch) and (
                self._lock_rows is None or all(_guards_its_one_pod(write) for write in batch)):
            self._commit_picks(batch)
            return {}
        refused: dict[Write, Exception] = {}
        voided: set[Write] = set()
        with self._session_factory() as session:
            if self._lock_rows is not None:
                pods = sorted({pod for write in batch for pod in write.rows.pods})
                events = sorted({event for write in batch for event in write.rows.events})
                if (pods or events) and not _one_row_each_takes_itself(batch):
                    self._lock_rows(session, pods, events)

            def bump(pod_id: str, expected: int, channel: str) -> bool:
                return cluster_repo.bump_revision(session, pod_id, expected, channel)

            for write in batch:
                if write.refusable:
                    try:
                        if not _refusable(session, write, bump):
                            voided.add(write)
                    except REFUSALS as refusal:
                        refused[write] = refusal
                    continue
                if write.guard is not None and not write.guard(bump):
                    voided.add(write)
                    continue
                if write.stage is not None:
                    write.stage(session)
            logs = [write.picks for write in batch
                    if write.picks is not None and write not in refused and write not in voided]
            if logs:
                session.flush()  # rows the stages added (a new pod) before the picks' rows
                repo.append_pick_logs(session.connection(), logs)
            session.commit()
        return refused

    def _commit_picks(self, batch: list[Write]) -> None:
        """A transaction of picks alone, on the driver's connection (`DriverPickLog`):
        the guarded writes' bumps in pod id order (every batch's lock order), one
        executemany of the picks not voided, the commit; rolled back whole if any fails."""
        engine = self._engine()
        if self._driver_log is None:
            self._driver_log = repo.DriverPickLog(engine)
        connection = self._connection(engine)
        try:
            logs: list[PodPicks]
            if any(write.guard is not None for write in batch):
                logs = self._bump_in_order(connection, batch)
            else:
                logs = [write.picks for write in batch if write.picks is not None]
            self._driver_log.append(connection, logs)
            connection.commit()
        except BaseException:
            with contextlib.suppress(Exception):  # a dead connection: the pool drops it
                connection.rollback()
            self._release()
            raise

    def _connection(self, engine: sa.Engine) -> Any:
        """The writer thread's driver connection, borrowed from the pool once and kept
        between batches (each batch ends with its commit, so it holds no transaction and
        no lock while kept).

        Why kept: a one-pick transaction at table pace borrowed and returned a pool
        connection every pick, and the pool's checkout, its return and the rollback it
        resets with were more Python than the statement itself (docs/performance.md,
        issue #45). A failed batch gives it back (`_release`): a dead one is dropped by
        the pool, and the next batch borrows a fresh one."""
        if self._held is None:
            self._held = engine.raw_connection()
        return self._held

    def _release(self) -> None:
        """Give the kept connection back to the pool (after a failure, and when the
        writer thread stops, before the app disposes of the engine)."""
        held, self._held = self._held, None
        if held is not None:
            with contextlib.suppress(Exception):
                held.close()

    def _bump_in_order(self, connection: Any, batch: list[Write]) -> list[PodPicks]:
        """Run the guards, pods in id order (a pod's own writes in submission order: its
        revisions follow each other); the picks of the writes they let through."""
        if self._driver_bump is None:
            self._driver_bump = cluster_repo.DriverBump(self._engine())
        driver_bump = self._driver_bump
        cursor = connection.cursor()
        try:
            def bump(pod_id: str, expected: int, channel: str) -> bool:
                return driver_bump(cursor, pod_id, expected, channel)

            return [write.picks for write in sorted(batch, key=lambda w: w.rows.pods)
                    if (write.guard is None or write.guard(bump)) and write.picks is not None]
        finally:
            cursor.close()

    def _engine(self) -> sa.Engine:
        """The engine the sessions are bound to (asked once, on the writer thread)."""
        if self._bind is None:
            with self._session_factory() as session:
                bind = session.get_bind()
            self._bind = bind if isinstance(bind, sa.Engine) else bind.engine
        return self._bind


def _one_row_each_takes_itself(batch: list[Write]) -> bool:
    """Whether every write of the batch needs the same single pod row and nothing else
    (a pod's picks, most batches of a cluster member): each takes that row's lock with
    its own first statement (the revision bump, `server.cluster.revisions`), and a
    transaction that holds no lock while it waits for its one lock cannot close a
    deadlock cycle, so the ordered `SELECT … FOR UPDATE` would be a round trip for
    nothing (issue #33: 7 % of a two-process cluster's CPU)."""
    first = batch[0].rows
    return len(first.pods) == 1 and not first.events and all(
        write.rows == first for write in batch)


def _guards_its_one_pod(write: Write) -> bool:
    """A write of several processes the driver path may take: guarded, and needing no
    row but its pod's (which its guard's bump locks)."""
    return write.guard is not None and len(write.rows.pods) == 1 and not write.rows.events


def _refusable(session: Session, write: Write, bump: Bump) -> bool:
    """Run the write's guard and stage in a savepoint: an exception rolls back their
    statements alone (and expunges the rows the stage added) and propagates. False: the
    guard voided the write."""
    repo.begin_explicitly(session)
    with session.begin_nested():
        if write.guard is not None and not write.guard(bump):
            return False
        if write.stage is not None:
            write.stage(session)
    return True


def _fail(write: Write, error: Exception) -> None:
    try:
        write.failed()
    finally:
        if write.future is not None and not write.future.done():
            write.future.set_exception(error)
