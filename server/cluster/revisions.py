"""The write rule of several processes: a pod changes only at the revision memory holds.

Why a revision check inside the writer's transaction: every process may serve every pod,
so two processes may compute a change of one pod from the same state. Each write first
runs `UPDATE pod SET revision = revision + 1 WHERE id = … AND revision = <expected>`,
which takes the pod's row lock and succeeds only when nobody else changed the pod since
this process last caught up. A write that finds another revision adds nothing to the
transaction (its change is dropped, never half stored) and fails with `StaleError`; the
pod is caught up (`server.cluster.follow`) and the caller retries or says "try again".

Why a chain: picks are pipelined (`server.services.night.drafting`), so a pod may have several
writes queued, each building on the previous one; a write whose predecessor was stale is
stale too, even if the revision it expects happens to be the stored one by then.

The same statement sends `NOTIFY <channel>, '<pod id>:<revision>:<origin>'` (the pod's
own channel or the shared one, `server.cluster.channels`), which PostgreSQL delivers only
when the transaction commits: the processes that follow the pod then catch up.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from server.cluster.channels import notice_channel
from server.core.errors import StaleError
from server.db import Session
from server.db.cluster_repo import bump_revision
from server.db.writer import Bump, GroupWriter, Rows, Write
from server.realtime.live import LivePod


@dataclass(eq=False)
class Link:
    """One queued write of a pod; `stale` is set on the writer thread."""

    after: Link | None
    stale: bool = False


@dataclass(eq=False)
class Chain:
    """A pod's queued writes: the revision the newest leads to, and that write's link."""

    tip: int
    last: Link | None = None
    pending: int = 0


@dataclass(eq=False)
class Revisions:
    """The chains of this process's pods, and who to tell when a pod fell behind."""

    behind: Callable[[str], None]
    """Called (on the loop) with the id of a pod a write found stale: catch it up."""
    chains: dict[str, Chain] = field(default_factory=dict)

    def submit(self, writer: GroupWriter, pod: LivePod, write: Write,
               new: bool = False) -> asyncio.Future[None]:
        """Queue `write` of `pod` under the revision rule. `new`: its stage inserts the
        pod row (and there are no picks yet). The write locks the pod's own row besides
        its `rows`; a refusable write's refusal rolls back the bump with the rest."""
        channel = notice_channel(pod)
        chain = self.chains.get(pod.id)
        if chain is None or chain.pending == 0:
            chain = self.chains[pod.id] = Chain(tip=pod.night.revision)
        expected = chain.tip
        link = Link(after=chain.last)
        chain.tip, chain.last = expected + 1, link
        chain.pending += 1

        def guard(bump: Bump) -> bool:
            """Move the pod from `expected`, unless this write is stale: false voids it."""
            stale_before = link.after is not None and link.after.stale
            if stale_before or not bump(pod.id, expected, channel):
                link.stale = True
            return not link.stale

        def inserted(session: Session) -> None:
            """The new pod's stage, then its first revision (its row exists only now)."""
            assert write.stage is not None and write.picks is None
            write.stage(session)
            session.flush()
            if not bump_revision(session, pod.id, expected, channel):
                raise RuntimeError(f"new pod {pod.id} was not stored at revision 0")

        def settle() -> None:
            chain.pending -= 1

        def restart_if_last() -> None:
            """A failed write ends the chain only when nothing was queued on top of it:
            a later write was built on this one's state and must stay linked to it, so
            that it hears `StaleError` too (cut loose, it started a new chain at memory's
            revision and, voided by the pipeline, was told `db_busy`)."""
            if chain.last is link:
                chain.tip, chain.last = pod.night.revision, None

        def stale() -> None:
            if queued.future is not None and not queued.future.done():
                queued.future.set_exception(StaleError(
                    "another server changed this pod first; try again", "db_busy"))
            self.behind(pod.id)

        def on_committed() -> None:
            settle()
            if link.stale:
                restart_if_last()
                write.failed()
                stale()
                return
            pod.night.revision = max(pod.night.revision, expected + 1)
            write.committed()

        def on_failed() -> None:
            settle()
            restart_if_last()
            write.failed()
            if link.after is not None and link.after.stale:  # voided by a stale write
                link.stale = True  # and so is every write queued on top of this one
                stale()

        locked = Rows(pods=(*write.rows.pods, pod.id), events=write.rows.events)
        queued = replace(write, stage=inserted if new else write.stage,
                         committed=on_committed, failed=on_failed, rows=locked,
                         guard=None if new else guard)
        return writer.submit(queued)

