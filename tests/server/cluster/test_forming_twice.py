"""Two cluster members form one night's pods at the same moment.

Rule: the database settles it as one process would: the second host hears 409
`pods_formed` (never 503 "try again": trying again cannot help), the night has the first
member's pods only, and a pick the second member committed in the same transaction as
its refused forming is stored and live all the same: a refusal fails its own write only.

Why two runtimes in one test process (as `test_races.py`): the race needs the second
member to have read the night as still open, and its forming to share a writer batch with
a pick. Its writer is held busy with a write of its own until both are queued, and the
first member forms the night meanwhile; then the batch runs. No timing decides anything.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from sqlmodel import Session

from pods.forming import PodPolicy
from server.app import build_runtime
from server.cluster.node import Cluster
from server.core.errors import ConflictError
from server.core.settings import Settings
from server.db import event_repo
from server.db.migrate import upgrade_to_head
from server.db.writer import Write
from server.runtime import Runtime
from server.services.events import events
from server.services.night import drafting, lifecycle
from tests.server.cluster.members import SEED, until
from tests.server.services.test_restore import stored_log


def member(url: str, data_dir: Path) -> Runtime:
    return build_runtime(Settings(db_url=url, data_dir=data_dir, cluster=True,
                                  public_url="http://prismatic.test"))


@asynccontextmanager
async def started(*members: Runtime) -> AsyncIterator[None]:
    for rt in members:
        assert isinstance(rt.mode, Cluster)
        await rt.mode.start()
    try:
        yield
    finally:
        for rt in members:
            await rt.close_writer()
            assert isinstance(rt.mode, Cluster)
            await rt.mode.stop()


@pytest.mark.slow
def test_forming_a_night_twice_is_pods_formed_and_a_pick_in_the_same_batch_commits(
    postgres_url: str, tmp_path: Path
) -> None:
    a, b = member(postgres_url, tmp_path / "a"), member(postgres_url, tmp_path / "b")
    upgrade_to_head(a.engine)
    outcome: dict[str, object] = {}

    async def run() -> None:
        night, _token = await events.create_event(a, "CMR", SEED, None)
        for name in ("Ann", "Bob", "Cid", "Dee"):
            await events.join_event(a, night.id, name)
        pod = (await lifecycle.create_pod(b, "CMR", 2, SEED, None, True)).pod
        ann, _seat = await lifecycle.join_pod(b, pod, "Ann")
        await lifecycle.start_pod(b, pod)
        assert pod.night.state is not None and ann.seat is not None
        pack = pod.night.state.current_pack(ann.seat)
        assert pack is not None
        cards = pack.cards[: pod.night.state.picks_needed(ann.seat)]

        queued: list[Write] = []
        submit = b.writer.submit

        def counted(write: Write) -> asyncio.Future[None]:
            queued.append(write)
            return submit(write)

        b.writer.submit = counted  # type: ignore[method-assign]
        entered, release = threading.Event(), threading.Event()

        def busy(_session: Session) -> None:
            entered.set()
            release.wait(30)

        holding = b.writer.submit(Write(stage=busy, committed=lambda: None,
                                        failed=lambda: None))
        await until(entered.is_set, "b's writer held busy")
        second = asyncio.ensure_future(events.form_pods(b, night.id, PodPolicy.BALANCED))
        pick = asyncio.ensure_future(drafting.submit_pick(b, pod, ann, 1, cards))
        await until(lambda: len(queued) == 3,  # b read the night open and queued both
                    "b queued its forming and the pick")
        first = await events.form_pods(a, night.id, PodPolicy.BALANCED)
        release.set()
        await holding
        outcome["second"] = (await asyncio.gather(second, return_exceptions=True))[0]
        outcome["picked"] = await pick
        outcome["pool"] = sorted(pod.night.state.seats[ann.seat].pool)
        outcome["first"] = sorted(p.id for p in first)
        outcome["pod"], outcome["seat"], outcome["cards"] = pod.id, ann.seat, sorted(cards)
        outcome["night"] = night.id

    async def main() -> None:
        async with started(a, b):
            await run()

    asyncio.run(main())
    refusal = outcome["second"]
    assert isinstance(refusal, ConflictError), refusal
    assert (refusal.status, refusal.code) == (409, "pods_formed")
    assert outcome["picked"] is True
    assert outcome["pool"] == outcome["cards"]
    _players, log = stored_log(postgres_url, str(outcome["pod"]))
    assert [sorted(cards) for seat, cards in log if seat == outcome["seat"]] == [
        outcome["cards"]]
    with Session(a.engine) as session:
        formed = event_repo.list_event_pod_ids(session, str(outcome["night"]))
    for rt in (a, b):
        rt.engine.dispose()
        if rt.claim is not None:
            rt.claim.release()
    assert sorted(formed) == outcome["first"]
