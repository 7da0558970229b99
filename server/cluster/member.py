"""What the rest of the server sees of this process's part in a cluster: a `Member` (the
`Cluster` of `server.cluster.node`) and its `Claim` on the database
(`server.cluster.mode.DatabaseClaim`).

Why protocols: the runtime holds the cluster, and the cluster's modules take the runtime
(and services that take it). Typing `Runtime.cluster` as the node itself closed an import
circle, runtime → cluster.node → runtime (tests/test_imports.py finds any circle, imports
for the type checker included). This module imports nothing that imports the runtime.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol, TypeVar

from server.cluster.lease import TimerLease
from server.cluster.revisions import Revisions
from server.db.tables import EventPlayerRow
from server.db.writer import RowLocker
from server.realtime.live import LivePlayer, LivePod

T = TypeVar("T")

JoinCheck = Callable[[str, list[EventPlayerRow]], None]
"""Raises the refusal for a night in this phase holding these players, if any."""


class Member(Protocol):
    """This process among several over one PostgreSQL (`--cluster`)."""

    @property
    def revisions(self) -> Revisions: ...

    @property
    def lease(self) -> TimerLease: ...

    @property
    def lock_rows(self) -> RowLocker: ...

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    async def load(self, pod_id: str) -> LivePod | None: ...

    async def touch(self, pod_id: str) -> LivePod | None: ...

    async def follow_timed(self) -> None: ...

    async def locked_pick(self, pod: LivePod, player: LivePlayer, pick_number: int,
                          cards: Sequence[int]) -> bool: ...

    async def catch_up(self, pod_id: str) -> None: ...

    async def join_night(self, event_id: str, row: EventPlayerRow, check: JoinCheck) -> None:
        ...

    async def retried(self, pod_id: str, command: Callable[[], Awaitable[T]]) -> T: ...


class Claim(Protocol):
    """A claim on the database, released at shutdown."""

    def release(self) -> None: ...
