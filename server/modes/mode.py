"""The interface of a server mode: submit, catch up, join, form, fire the timers.

Why a protocol in a module of its own: the runtime holds the mode, and the cluster's
implementation takes the runtime (and services that take it). This module imports
nothing that imports the runtime, so `Runtime.mode` is typed without an import circle.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Protocol, TypeVar

from server.db import Session
from server.db.tables import EventPlayerRow
from server.db.writer import GroupWriter, RowLocker, Write
from server.realtime.live import LivePlayer, LivePod

T = TypeVar("T")

JoinCheck = Callable[[str, list[EventPlayerRow]], None]
"""Raises the refusal for a night in this phase holding these players, if any."""

Join = Callable[[], Awaitable[None]]
"""Stores a night's join as one process would (`server.services.events.events`)."""


class Mode(Protocol):
    """What the server does differently when it is one process or one of several."""

    keeps_time_left: bool
    """Whether this process's memory of the pick timers is the truth: it stores each
    seat's time left at shutdown and gives it back after a restart. Among several
    processes the others' timers ran meanwhile, so nothing is given back."""

    sole_writer: bool
    """Whether this process makes every write of its database, so that a value read from it
    stays true while this process commits nothing (`server.db.commits`). Among several
    processes another may have committed meanwhile: read again."""

    acks_picks_in_views: bool
    """Whether a socket's pick may be queued and acknowledged in the next view (the
    pipeline); among several processes a pick may lose a race and is retried
    (`pick`), so its ack comes alone once it landed."""

    @property
    def lock_rows(self) -> RowLocker | None:
        """The writer's first statement of a batch, locking the rows its writes name."""
        ...

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    def submit(self, writer: GroupWriter, write: Write, pod: LivePod | None,
               new: bool) -> asyncio.Future[None]:
        """Queue `write`, a change of `pod` if named (`new`: it inserts the pod's row)."""
        ...

    async def touch(self, pod_id: str) -> LivePod | None:
        """The live pod a request or a socket is about to serve, as stored now."""
        ...

    async def retried(self, pod_id: str, command: Callable[[], Awaitable[T]]) -> T:
        """Run a command of the pod, again on the caught-up pod if it lost a race."""
        ...

    async def pick(self, pod: LivePod, player: LivePlayer, pick_number: int,
                   cards: Sequence[int], attempt: Callable[[], Awaitable[bool]]) -> bool:
        """Make a seat's pick by `attempt` until it lands (whether one was applied)."""
        ...

    async def join_night(self, event_id: str, row: EventPlayerRow, check: JoinCheck,
                         join: Join) -> None:
        """Store a night's next player: `join` when this process's check is final."""
        ...

    def claim_open_night(self, session: Session, event_id: str) -> bool:
        """In the transaction forming a night's pods: whether the night is still open."""
        ...

    def announce_pods(self, session: Session, pod_ids: Iterable[str]) -> None:
        """In the transaction that stores new pods: let the other processes hear of them."""
        ...

    def move_pods(self, session: Session, revisions: Iterable[tuple[str, int]]) -> bool:
        """In a transaction that changes other pods than the write's own (a night's
        round): move each from the revision this process holds; false if one moved."""
        ...

    def moved(self, pod: LivePod, by: int = 1) -> None:
        """After such a write committed: `pod`'s memory is at its next revision."""
        ...

    async def leads(self) -> bool:
        """Whether this process runs the night's clocks now (the pick timers, expiry)."""
        ...

    async def follow_timed(self) -> None:
        """Leading: catch up the pods whose timers this process fires."""
        ...
