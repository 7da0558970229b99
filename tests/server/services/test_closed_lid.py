"""A closed lid: time the server did not run never counts against a player.

Rule: a laptop that sleeps (here: the server process stopped with SIGSTOP, as a suspended
laptop stops it) for longer than the pick timer auto-picks for nobody once it wakes; every
running deadline moves later by the time it slept, and the phones hear that the timers
were paused.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable

import pytest

from tests.server.support.builders import join, me, new_pod, start
from tests.server.support.live import LiveServer

TIMER = 4
"""The pod's pick timer (seconds); the laptop sleeps longer than that."""

SLEEP = TIMER + 2.0


def test_a_sleeping_laptop_auto_picks_for_nobody(
    live_server: Callable[..., LiveServer],
) -> None:
    server = live_server(PRISMATIC_TIMER_TICK_SECONDS="0.1")
    with server.client() as client:
        pod = new_pod(client, seats=8, pick_timer_seconds=TIMER)
        ann = join(client, pod, "Ann")
        start(client, pod)
        before = me(client, ann)
        assert before["pick"] == 1 and before.get("timers_paused") is None
        assert server.process is not None
        server.process.send_signal(signal.SIGSTOP)
        time.sleep(SLEEP)
        server.process.send_signal(signal.SIGCONT)
        time.sleep(0.5)  # several timer ticks after waking
        after = me(client, ann)
        assert after["pick"] == 1, "the sleeping laptop's time counted against Ann"
        assert after["pool"] == []
        assert after["timers_paused"] is not None
        assert after["timers_paused"]["seconds"] >= TIMER
        host = client.get(pod.url("/host"), headers=pod.host).json()
        assert host["timers_paused"] == after["timers_paused"]
        # Her own time still runs out: the pause moved the deadline, it did not stop it.
        limit = time.monotonic() + TIMER + 5
        while me(client, ann)["pick"] == 1 and time.monotonic() < limit:
            time.sleep(0.1)
        assert me(client, ann)["pick"] == 2


KILL_TIMER = 8
"""The pick timer of the kill test: after a second of it runs, the seat has 7 s left once
the server is back, so a restart on a loaded machine (seconds) still finds her picking."""


@pytest.mark.slow
def test_after_a_kill_each_seat_gets_back_the_time_it_had_left(
    live_server: Callable[..., LiveServer],
) -> None:
    server = live_server(PRISMATIC_TIMER_TICK_SECONDS="0.1", PRISMATIC_TIMER_SAVE_SECONDS="0.2")
    with server.client() as client:
        pod = new_pod(client, seats=8, pick_timer_seconds=KILL_TIMER)
        ann = join(client, pod, "Ann")
        start(client, pod)
        time.sleep(1)  # a second of her time runs, and is stored
        server.kill()
        time.sleep(KILL_TIMER + 1)  # down for longer than her whole timer
        server.start()
        view = me(client, ann)
        assert view["pick"] == 1 and view["pool"] == [], "the time it was down counted"
        limit = time.monotonic() + KILL_TIMER + 5
        while me(client, ann)["pick"] == 1 and time.monotonic() < limit:
            time.sleep(0.1)
        assert me(client, ann)["pick"] == 2
