"""A cluster member follows only the pods it serves, and catches a pod up on first touch.

Rules: a notice of a pod this process has no socket of (and that no request touched) is
only noted, the pod's memory stays where it was; the first touch (a socket opening or a
request, `Cluster.touch`) brings it to the stored revision before it is served, and from
then on the pod is followed as notices come. A pod with a socket open is followed.

Two real runtimes in one test process over one PostgreSQL, as in `test_races.py`. They
share the process's notice origin, so each skips the other's NOTIFY as its own: the test
hands `b` the notice its listener would (`Follower.notice`, the listener's call).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from server.app import build_runtime
from server.cluster.node import Cluster
from server.core.settings import Settings
from server.db import cluster_repo
from server.db.migrate import upgrade_to_head
from server.realtime.live import LivePod
from server.runtime import Runtime
from server.services.night import drafting, lifecycle
from server.views.pod import seat_view
from tests.server.cluster.members import until


def member(url: str, data_dir: Path) -> Runtime:
    return build_runtime(Settings(db_url=url, data_dir=data_dir, cluster=True,
                                  public_url="http://prismatic.test"))


async def pick_once(rt: Runtime, pod: LivePod, name: str) -> None:
    """`name`'s seat takes the first cards of its pack (a pick of the process `rt`)."""
    player = next(p for p in pod.night.players if p.name == name)
    state = pod.night.state
    assert state is not None and player.seat is not None
    pack = state.current_pack(player.seat)
    assert pack is not None
    cards = list(pack.cards[: state.picks_needed(player.seat)])
    number = state.seats[player.seat].picks + 1
    assert await drafting.submit_pick(rt, pod, player, number, cards)


def run_members(postgres_url: str, tmp_path: Path,
                scenario: Callable[[Runtime, Runtime], Awaitable[None]]) -> None:
    a, b = member(postgres_url, tmp_path / "a"), member(postgres_url, tmp_path / "b")
    upgrade_to_head(a.engine)

    async def run() -> None:
        assert isinstance(a.mode, Cluster) and isinstance(b.mode, Cluster)
        await a.mode.start()
        await b.mode.start()
        try:
            await scenario(a, b)
        finally:
            for rt in (a, b):
                await rt.close_writer()
                assert isinstance(rt.mode, Cluster)
                await rt.mode.stop()

    try:
        asyncio.run(run())
    finally:
        for rt in (a, b):
            rt.engine.dispose()
            if rt.claim is not None:
                rt.claim.release()


def views(pod: LivePod) -> dict[str, dict[str, object]]:
    """Every seat's view by name, without the version (each process numbers its own)."""
    return {player.name: {k: v for k, v in seat_view(pod, player).items() if k != "version"}
            for player in pod.night.players}


async def started_pod(a: Runtime, b: Runtime) -> tuple[LivePod, LivePod]:
    """A pod of four people and four bots made and started on `a`, known to `b` (loaded,
    not touched: `b` serves nothing of it)."""
    created = await lifecycle.create_pod(a, "CMR", 8, 7, None, True)
    pod_a = created.pod
    for name in ("Ann", "Bob", "Cid", "Dee"):
        await lifecycle.join_pod(a, pod_a, name)
    await lifecycle.start_pod(a, pod_a)
    assert isinstance(b.mode, Cluster)
    pod_b = await b.mode.load(pod_a.id)
    assert pod_b is not None
    await until(lambda: pod_b.night.revision == pod_a.night.revision, "b loaded the start")
    return pod_a, pod_b


def test_a_pod_nobody_serves_here_waits_for_its_first_touch(postgres_url: str,
                                                               tmp_path: Path) -> None:
    async def scenario(a: Runtime, b: Runtime) -> None:
        assert isinstance(b.mode, Cluster)
        follower = b.mode.follower
        pod_a, pod_b = await started_pod(a, b)
        at_start, catch_ups = pod_b.night.revision, follower.catch_ups

        await pick_once(a, pod_a, "Ann")
        follower.notice(pod_a.id, pod_a.night.revision)
        await asyncio.sleep(0)  # a catch-up task would start now
        assert follower.notices_deferred == 1
        assert pod_b.night.revision == at_start  # noted, not caught up
        assert follower.catch_ups == catch_ups

        touched = await b.mode.touch(pod_a.id)  # a phone of the pod reaches b

        assert touched is pod_b
        assert pod_b.night.revision == pod_a.night.revision
        assert views(pod_b) == views(pod_a)

        await pick_once(a, pod_a, "Bob")  # touched: followed as notices come
        follower.notice(pod_a.id, pod_a.night.revision)
        await until(lambda: pod_b.night.revision == pod_a.night.revision,
                    "b followed the touched pod")

    run_members(postgres_url, tmp_path, scenario)


def test_a_pod_with_a_socket_open_here_is_followed(postgres_url: str, tmp_path: Path) -> None:
    async def scenario(a: Runtime, b: Runtime) -> None:
        assert isinstance(b.mode, Cluster)
        pod_a, pod_b = await started_pod(a, b)
        pod_b.connections.connected["host"] += 1  # the host screen's socket on b

        await pick_once(a, pod_a, "Cid")
        b.mode.follower.notice(pod_a.id, pod_a.night.revision)

        await until(lambda: pod_b.night.revision == pod_a.night.revision,
                    "b followed the pod it has a socket of")
        assert views(pod_b) == views(pod_a)

    run_members(postgres_url, tmp_path, scenario)


def test_a_pods_first_touch_listens_to_its_channel_then_catches_up(postgres_url: str,
                                                                    tmp_path: Path) -> None:
    """A drafting pod's picks are announced on its own channel: a process hears them only
    from its first touch of the pod on, and that touch listens before it reads the pod,
    so no commit falls between what it read and what it will hear."""
    async def scenario(a: Runtime, b: Runtime) -> None:
        assert isinstance(b.mode, Cluster)
        listener = b.mode.listener
        pod_a, pod_b = await started_pod(a, b)
        channel = cluster_repo.pod_channel(pod_a.id)
        assert channel not in listener.channels

        order: list[str] = []
        listen, catch_up = listener.listen, b.mode.follower.catch_up

        async def noted_listen(name: str) -> None:
            await listen(name)
            order.append(f"listened {name}")

        async def noted_catch_up(pod_id: str) -> None:
            order.append(f"caught up {pod_id}")
            await catch_up(pod_id)

        listener.listen = noted_listen
        b.mode.follower.catch_up = noted_catch_up
        await pick_once(a, pod_a, "Ann")  # b hears nothing of it: not its channel yet

        await asyncio.gather(b.mode.touch(pod_a.id), b.mode.touch(pod_a.id))

        assert order == [f"listened {channel}", f"caught up {pod_a.id}"]  # once for both
        assert channel in listener.channels
        assert pod_b.night.revision == pod_a.night.revision
        assert views(pod_b) == views(pod_a)
        await b.mode.touch(pod_a.id)  # touched again: nothing more to do
        assert order == [f"listened {channel}", f"caught up {pod_a.id}"]

    run_members(postgres_url, tmp_path, scenario)
