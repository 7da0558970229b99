"""One process's membership of a cluster: its listener, its timer lease, its catch-ups.

Why optional: a single process (SQLite, or PostgreSQL without `--cluster`) keeps its
memory authoritative and pays none of this; `Runtime.cluster` is `None` there.
"""

from __future__ import annotations

import asyncio
import contextlib

from server.cluster.follow import Follower
from server.cluster.lease import TimerLease
from server.cluster.listen import conninfo, listen
from server.cluster.revisions import Revisions
from server.runtime import Runtime


class Cluster:
    def __init__(self, rt: Runtime) -> None:
        self.rt = rt
        dsn = conninfo(rt.engine)
        self.follower = Follower(rt)
        self.revisions = Revisions(behind=self.follower.behind)
        self.lease = TimerLease(dsn)
        self.connected = asyncio.Event()
        self._dsn = dsn
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen for the other processes' commits (after the pods were restored)."""
        self._task = asyncio.get_running_loop().create_task(
            listen(self._dsn, self.follower, self.connected), name="cluster-listener")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.lease.close()

    async def catch_up(self, pod_id: str) -> None:
        """Bring one pod to its stored revision now (a write of it found it stale)."""
        await self.follower.catch_up(pod_id)
