"""The pick timer: an expired deadline makes the bot pick for the seat; pause freezes it."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from server.core.settings import Settings
from server.runtime import Runtime
from server.services.night import timers
from tests.server.support.builders import join, me, new_pod, start


def wait_for(condition: Callable[[], bool], timeout: float = 5) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def seconds_left(deadline: str) -> float:
    moment = datetime.fromisoformat(deadline.replace("Z", "+00:00"))
    return (moment - datetime.now(UTC)).total_seconds()


def test_expired_timer_auto_picks_for_the_seat(client: TestClient, db_url: str) -> None:
    pod = new_pod(client, seats=2, pick_timer_seconds=1)
    ann = join(client, pod, "Ann")
    start(client, pod)
    first = me(client, ann)
    assert first["deadline"] is not None and first["timer_seconds"] == 1
    assert wait_for(lambda: me(client, ann)["pick"] > 1)
    view = me(client, ann)
    assert len(view["pool"]) == 2
    engine = sa.create_engine(db_url)
    with engine.connect() as connection:
        rows = connection.execute(sa.text(
            "SELECT by_bot FROM pick WHERE pod_id = :p AND seat = :s ORDER BY seq"),
            {"p": pod.pod_id, "s": view["me"]["seat"]}).all()
        deadline = connection.execute(sa.text(
            "SELECT deadline_at FROM player WHERE id = :i"), {"i": ann.player_id}).scalar()
    engine.dispose()
    assert rows[0][0] in (True, 1)
    assert deadline is not None  # the next pack's deadline is stored


class HandClock:
    """The runtime's clock, moved only by the test: no real second counts, however long
    a loaded machine takes between two requests."""

    def __init__(self, start: datetime) -> None:
        self.moment = start

    def __call__(self) -> datetime:
        return self.moment

    def advance(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


def ticks_seen(monkeypatch: pytest.MonkeyPatch) -> list[datetime]:
    """The moments of the timer loop's finished ticks (each `expire_due` that returned)."""
    seen: list[datetime] = []
    real = timers.expire_due

    async def counted(rt: Runtime, now: datetime) -> int:
        fired = await real(rt, now)
        seen.append(now)
        return fired

    monkeypatch.setattr(timers, "expire_due", counted)
    return seen


def test_paused_timer_does_not_fire(make_settings: Callable[..., Settings], app_client: Any,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock is the test's (`HandClock`): the 2 s pick timer cannot run out between
    the start and the pause on a loaded machine, and a timer tick at a moment past the
    deadline is awaited, not guessed at with a sleep. A gap limit above the jumps keeps the
    loop from taking them for a sleeping laptop (`server.services.night.timers`)."""
    ticks = ticks_seen(monkeypatch)
    with app_client(make_settings(timer_gap_seconds=3600)) as client:
        rt: Runtime = client.app.state.runtime
        clock = rt.clock = HandClock(rt.now())
        pod = new_pod(client, seats=2, pick_timer_seconds=2)
        ann = join(client, pod, "Ann")
        start(client, pod)
        client.post(pod.url("/pause"), headers=pod.host)
        clock.advance(2.5)  # paused past the deadline
        past = clock()
        assert wait_for(lambda: any(tick >= past for tick in ticks), timeout=30)
        assert me(client, ann)["pick"] == 1
        client.post(pod.url("/resume"), headers=pod.host)
        resumed = len(ticks)
        assert wait_for(lambda: len(ticks) > resumed, timeout=30)  # a tick after the resume
        assert me(client, ann)["pick"] == 1  # the frozen seconds were given back
        clock.advance(2.5)  # now the 2 s run out
        assert wait_for(lambda: me(client, ann)["pick"] > 1, timeout=30)


def test_deadline_survives_a_restart(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    """A seat gets back the time it had left: the 4 s the server was down count for
    nothing. Bounds, not a tolerance, so a loaded machine cannot fail it: deadlines are
    shown to the second (each reading is up to 1 s short), and only the time the test saw
    the servers run (closing the first, starting the second, answering) may be used up."""
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=2, pick_timer_seconds=10)
        ann = join(client, pod, "Ann")
        start(client, pod)
        left = seconds_left(me(client, ann)["deadline"])
        read = time.monotonic()
    closed = time.monotonic()
    time.sleep(4)  # the laptop is off
    opened = time.monotonic()
    with app_client(settings) as client:
        left_now = seconds_left(me(client, ann)["deadline"])
        running = (closed - read) + (time.monotonic() - opened)
        assert left - running - 1.05 < left_now < left + 1.05
        assert wait_for(lambda: me(client, ann)["pick"] > 1, timeout=20)
