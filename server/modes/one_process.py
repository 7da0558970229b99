"""The only server process (SQLite, or PostgreSQL without `--cluster`): its memory is the
truth, so nothing is caught up, retried, locked or announced."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import TypeVar

from server.db import Session
from server.db.tables import EventPlayerRow
from server.db.writer import GroupWriter, RowLocker, Write
from server.modes.mode import Join, JoinCheck
from server.realtime.live import LivePlayer, LivePod, Registry

T = TypeVar("T")


class OneProcess:
    """`server.modes.mode.Mode` for one process."""

    keeps_time_left = True
    sole_writer = True  # the database is locked to this process (`server.db.server_lock`)
    acks_picks_in_views = True

    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    @property
    def lock_rows(self) -> RowLocker | None:
        return None  # no other writer to wait for

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None

    def submit(self, writer: GroupWriter, write: Write, pod: LivePod | None,
               new: bool) -> asyncio.Future[None]:
        return writer.submit(write)

    async def touch(self, pod_id: str) -> LivePod | None:
        return self.registry.find(pod_id)

    async def retried(self, pod_id: str, command: Callable[[], Awaitable[T]]) -> T:
        return await command()

    async def pick(self, pod: LivePod, player: LivePlayer, pick_number: int,
                   cards: Sequence[int], attempt: Callable[[], Awaitable[bool]]) -> bool:
        return await attempt()

    async def join_night(self, event_id: str, row: EventPlayerRow, check: JoinCheck,
                         join: Join) -> None:
        await join()  # checked already, under the event lock, against the whole truth

    def claim_open_night(self, session: Session, event_id: str) -> bool:
        return True  # checked already, under the event lock

    def announce_pods(self, session: Session, pod_ids: Iterable[str]) -> None:
        return None

    def move_pods(self, session: Session, revisions: Iterable[tuple[str, int]]) -> bool:
        return True

    def moved(self, pod: LivePod, by: int = 1) -> None:
        return None

    async def leads(self) -> bool:
        return True

    async def follow_timed(self) -> None:
        return None
