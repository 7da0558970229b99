"""The pick timer: an expired deadline makes the bot pick for the seat; pause freezes it."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from server.core.settings import Settings
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


def test_paused_timer_does_not_fire(client: TestClient) -> None:
    pod = new_pod(client, seats=2, pick_timer_seconds=2)
    ann = join(client, pod, "Ann")
    start(client, pod)
    client.post(pod.url("/pause"), headers=pod.host)
    time.sleep(2.5)
    assert me(client, ann)["pick"] == 1
    client.post(pod.url("/resume"), headers=pod.host)
    assert me(client, ann)["pick"] == 1  # the frozen second was given back
    assert wait_for(lambda: me(client, ann)["pick"] > 1)


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
