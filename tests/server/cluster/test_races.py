"""Two cluster members in one test process race picks and timer expiries on one pod.

Rule (a property over seeded random interleavings): whatever mix of phone picks (built
from each process's possibly stale view) and pick-timer expiries the two processes run
at once, every pick that was acknowledged is stored exactly once as that seat's pick of
that number, nothing else is stored for a human seat but acknowledged picks and timer
picks, and both processes end at the state the stored log replays to.

Why in one process: two real runtimes (each its own writer, listener and catch-ups) over
one PostgreSQL, driven directly through the services, give many interleavings a second;
the subprocess tests (`test_two_processes.py`) cover the sockets and SIGKILL.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from draft.replay import replay
from server.app import build_runtime
from server.cluster.node import Cluster
from server.core.errors import PodError, StaleError
from server.core.settings import Settings
from server.db.migrate import upgrade_to_head
from server.realtime.live import LivePod
from server.runtime import Runtime, utc_now
from server.services.night import drafting, lifecycle
from tests.server.services.test_restore import stored_bots, stored_log

SEEDS = 6
ROUNDS = 12
AT_ONCE = 6


class Clock:
    """One clock for both processes; a timer action moves it past every deadline."""

    def __init__(self) -> None:
        self.offset = timedelta()

    def now(self) -> datetime:
        return utc_now() + self.offset


def member(url: str, data_dir: Path, clock: Clock) -> Runtime:
    rt = build_runtime(Settings(db_url=url, data_dir=data_dir, cluster=True,
                                public_url="http://prismatic.test", min_pick_timer_seconds=1))
    rt.clock = clock.now
    return rt


async def one_night(a: Runtime, b: Runtime, clock: Clock, seed: int) -> tuple[int, int]:
    """One pod's random night; returns (picks acknowledged, picks refused)."""
    rng = random.Random(seed)
    created = await lifecycle.create_pod(a, "CMR", 8, seed, 60, True)
    pod_a = created.pod
    for name in ("Ann", "Bob", "Cid", "Dee"):
        await lifecycle.join_pod(a, pod_a, name)
    pod_b = await b.mode.load(pod_a.id) if isinstance(b.mode, Cluster) else None
    assert pod_b is not None
    await lifecycle.start_pod(b, pod_b)  # started on the other process
    assert isinstance(a.mode, Cluster) and isinstance(b.mode, Cluster)
    await a.mode.catch_up(pod_a.id)
    acked: list[tuple[str, int, tuple[int, ...]]] = []
    refused: list[str] = []

    async def phone(rt: Runtime, pod: LivePod, name: str) -> None:
        await asyncio.sleep(rng.uniform(0, 0.003))
        player = next(p for p in pod.night.players if p.name == name)
        state = pod.night.state
        if state is None or player.seat is None or not state.seats[player.seat].queue:
            return
        pack = state.current_pack(player.seat)
        assert pack is not None
        cards = rng.sample(pack.cards, state.picks_needed(player.seat))
        number = state.seats[player.seat].picks + 1
        try:
            if await drafting.submit_pick(rt, pod, player, number, cards):
                acked.append((player.id, number, tuple(sorted(cards))))
        except PodError as error:  # a stale view: refused, nothing stored (a lost race is
            # retried by the server, never answered "busy")
            assert error.code in ("stale_pick", "wrong_phase"), error.code
            refused.append(error.code)

    async def timer(rt: Runtime, pod: LivePod) -> None:
        await asyncio.sleep(rng.uniform(0, 0.003))
        clock.offset += timedelta(seconds=61)
        for player in drafting.due_players(pod, rt.now()):
            with contextlib.suppress(StaleError):  # the other process moved the pod first
                await drafting.expire_deadline(rt, pod, player)

    names = ("Ann", "Bob", "Cid", "Dee")
    for _ in range(ROUNDS):
        actions = []
        for _ in range(AT_ONCE):
            rt, pod = rng.choice(((a, pod_a), (b, pod_b)))
            if rng.random() < 0.2:
                actions.append(timer(rt, pod))
            else:
                actions.append(phone(rt, pod, rng.choice(names)))
        await asyncio.gather(*actions)
    await a.mode.catch_up(pod_a.id)
    await b.mode.catch_up(pod_a.id)
    check(a, pod_a, pod_b, acked)
    return len(acked), len(refused)


def check(rt: Runtime, pod_a: LivePod, pod_b: LivePod,
          acked: list[tuple[str, int, tuple[int, ...]]]) -> None:
    url = rt.engine.url.render_as_string(hide_password=False)
    players, log = stored_log(url, pod_a.id)
    state = replay(pod_a.config, pod_a.setup.seed, players, log,
                   bots=stored_bots(url, pod_a.id))
    for pod in (pod_a, pod_b):
        assert pod.night.state is not None
        assert [s.pool for s in pod.night.state.seats] == [s.pool for s in state.seats]
    seat_of = {seat.player: seat.index for seat in state.seats}
    by_seat: dict[int, list[tuple[int, ...]]] = {}
    for seat, cards in log:
        by_seat.setdefault(seat, []).append(tuple(sorted(cards)))
    for player_id, number, cards in acked:
        assert by_seat[seat_of[player_id]][number - 1] == cards  # stored once, as acked
    assert len({(p, n) for p, n, _ in acked}) == len(acked)  # never acknowledged twice


@pytest.mark.slow
def test_racing_picks_and_timers_on_two_processes_apply_each_pick_once(
    postgres_url: str, tmp_path: Path
) -> None:
    clock = Clock()
    a = member(postgres_url, tmp_path / "a", clock)
    b = member(postgres_url, tmp_path / "b", clock)
    upgrade_to_head(a.engine)
    totals = [0, 0]

    async def run() -> None:
        assert isinstance(a.mode, Cluster) and isinstance(b.mode, Cluster)
        await a.mode.start()
        await b.mode.start()
        try:
            for seed in range(SEEDS):
                acked, refused = await one_night(a, b, clock, seed)
                totals[0] += acked
                totals[1] += refused
        finally:
            for rt in (a, b):
                await rt.close_writer()
                assert isinstance(rt.mode, Cluster)
                await rt.mode.stop()

    asyncio.run(run())
    for rt in (a, b):
        rt.engine.dispose()
        if rt.claim is not None:
            rt.claim.release()
    assert isinstance(a.mode, Cluster) and isinstance(b.mode, Cluster)
    assert totals[0] >= SEEDS * ROUNDS  # the nights did draft
    assert totals[1] > 0  # and the processes did race (stale views were refused)
    assert a.mode.follower.catch_ups > 0 and b.mode.follower.catch_ups > 0
