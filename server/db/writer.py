"""Group commit for picks: the picks of many pods share one transaction and one fsync.

Why: with `synchronous=FULL` a commit costs a disk flush (about a millisecond), and a
flush on the event loop stalls every phone. Each pod still holds its own lock until its
pick is durable, so nothing is acknowledged early; but while one batch is being flushed
in a worker thread, picks from other pods queue up and go out together in the next one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

Stage = Callable[[Session], None]
"""Writes one pod's change into the session (never commits)."""


class GroupWriter:
    """A single writer task; `await write(stage)` returns once the change is committed."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._pending: list[tuple[Stage, asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.batches = 0

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def write(self, stage: Stage) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((stage, future))
        self._wake.set()
        await future

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if batch:
                await self._flush(batch)

    async def _flush(self, batch: list[tuple[Stage, asyncio.Future[None]]]) -> None:
        try:
            await asyncio.to_thread(self._commit, [stage for stage, _ in batch])
        except Exception as error:
            if len(batch) == 1:
                _settle(batch[0][1], error=error)
                return
            # One bad change must not fail the others: retry each on its own.
            for stage, future in batch:
                try:
                    await asyncio.to_thread(self._commit, [stage])
                except Exception as error:
                    _settle(future, error=error)
                else:
                    _settle(future)
            return
        self.batches += 1
        for _, future in batch:
            _settle(future)

    def _commit(self, stages: list[Stage]) -> None:
        with Session(self.engine) as session:
            for stage in stages:
                stage(session)
            session.commit()


def _settle(future: asyncio.Future[None], error: Any = None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    elif isinstance(error, BaseException):
        future.set_exception(error)
    else:
        future.set_exception(RuntimeError("the pick could not be stored"))
