"""Clocks that jump: a stepped wall clock moves no pick timer; a jump of the steady clock
(the server did not run) is given back to every running deadline; a restart gives each
seat the time it had left.

The clocks are injected (`SteadyClock(wall=..., steady=...)`), so each rule is checked
without waiting for the jump it describes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from server.app import build_runtime, create_app
from server.core.settings import Settings
from server.realtime.clock import SteadyClock, steady_seconds, wall_now
from server.runtime import Runtime
from tests.server.services.test_timers import wait_for
from tests.server.support.builders import SeatHandle, join, me, new_pod, start


class Clocks:
    """A wall clock and a steady clock a test can move (both start at the real ones).

    A `stopped` steady clock moves only when the test moves it: a loaded machine's own
    stall between two timer ticks (seconds, under a whole suite) is then no gap the
    server could notice beside the one the test makes."""

    def __init__(self, *, stopped: bool = False) -> None:
        self.wall_offset = timedelta(0)
        self.steady_offset = 0.0
        self.stopped_at = steady_seconds() if stopped else None

    def wall(self) -> datetime:
        return wall_now() + self.wall_offset

    def steady(self) -> float:
        now = steady_seconds() if self.stopped_at is None else self.stopped_at
        return now + self.steady_offset


@contextmanager
def app_with(settings: Settings, clocks: Clocks) -> Iterator[TestClient]:
    runtime = build_runtime(settings)
    runtime.clock = SteadyClock(wall=clocks.wall, steady=clocks.steady)
    with TestClient(create_app(settings, runtime)) as client:
        yield client


def moment(iso: str) -> datetime:
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


def seconds_left(view: dict[str, Any], now: datetime) -> float:
    return (moment(view["deadline"]) - now).total_seconds()


def slept(view: dict[str, Any]) -> int:
    """How long the last sleep the view notes was (0: none)."""
    note = view["timers_paused"]
    return int(note["seconds"]) if note else 0


def exact_deadline(client: TestClient, seat: SeatHandle) -> datetime:
    """The seat's deadline as the server holds it (views round it to whole seconds, so
    two of them differ by up to a second more or less than the deadline moved)."""
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    pod = rt.registry.get(seat.pod_id)
    deadline = pod.player(seat.player_id).deadline
    assert deadline is not None
    return deadline


def ann_drafting(client: TestClient, timer: int) -> SeatHandle:
    """Ann and a bot in a started pod with a `timer`-second pick timer."""
    pod = new_pod(client, seats=2, pick_timer_seconds=timer)
    ann = join(client, pod, "Ann")
    start(client, pod)
    return ann


def test_the_server_clock_ignores_a_wall_clock_step() -> None:
    clocks = Clocks()
    clock = SteadyClock(wall=clocks.wall, steady=clocks.steady)
    before = clock()
    clocks.wall_offset = timedelta(hours=1)
    assert clock() - before < timedelta(seconds=1)
    clocks.wall_offset = -timedelta(hours=1)
    assert clock() - before < timedelta(seconds=1)
    clocks.steady_offset = 30
    assert clock() - before >= timedelta(seconds=30)


def test_a_wall_clock_step_forward_fires_no_timer(
    make_settings: Callable[..., Settings],
) -> None:
    clocks = Clocks()
    with app_with(make_settings(), clocks) as client:
        ann = ann_drafting(client, 6)
        clocks.wall_offset = timedelta(hours=1)  # NTP, or the host fixing the time
        time.sleep(1)
        view = me(client, ann)
        assert view["pick"] == 1 and view["timers_paused"] is None
        # ...and a step back freezes none: her time still runs out.
        clocks.wall_offset = -timedelta(hours=1)
        assert wait_for(lambda: me(client, ann)["pick"] > 1, timeout=15)


def test_time_the_server_did_not_run_is_given_back(
    make_settings: Callable[..., Settings],
) -> None:
    clocks = Clocks(stopped=True)
    settings = make_settings()
    with app_with(settings, clocks) as client:
        ann = ann_drafting(client, 20)
        before = exact_deadline(client, ann)
        clocks.steady_offset = 30  # the laptop slept 30 s between two timer ticks
        assert wait_for(lambda: slept(me(client, ann)) > 0)
        view = me(client, ann)
        assert view["pick"] == 1
        assert slept(view) == 30
        # All of it, less at most the one tick the loop would have waited anyway.
        moved = exact_deadline(client, ann) - before
        assert 30 - settings.timer_tick_seconds <= moved.total_seconds() <= 30


def test_a_restart_gives_each_seat_the_time_it_had_left(
    make_settings: Callable[..., Settings],
) -> None:
    settings = make_settings()
    clocks = Clocks()
    with app_with(settings, clocks) as client:
        ann = ann_drafting(client, 20)
        left = seconds_left(me(client, ann), clocks.wall())
    later = Clocks()
    later.wall_offset = timedelta(hours=1)  # the laptop was off for an hour
    with app_with(settings, later) as client:
        view = me(client, ann)
        assert view["pick"] == 1 and view["pool"] == []
        assert abs(seconds_left(view, later.wall()) - left) <= 2
        assert datetime.now(UTC) < moment(view["deadline"]) - timedelta(minutes=50)


def test_a_restart_before_the_timers_first_save_still_gives_the_time_back(
    make_settings: Callable[..., Settings],
) -> None:
    """The draft's start stores when the timers began, so a server stopped before its
    timer loop ever saved (here: a tick far longer than the test) is no exception."""
    settings = make_settings(timer_tick_seconds=3600)
    with app_with(settings, Clocks()) as client:
        ann = ann_drafting(client, 20)
    later = Clocks()
    later.wall_offset = timedelta(hours=1)
    with app_with(settings, later) as client:
        view = me(client, ann)
        assert view["pick"] == 1
        assert 0 < seconds_left(view, later.wall()) <= 20
