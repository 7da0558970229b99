"""A round's clock survives a SIGKILL of the server with its time left: a paused clock
exactly, a running one with the time it had when it was last stored as running (the time
the server was down is given back, as for pick timers), and that time stays stored
through a second kill.

Why the stored moments are moved by hand: the test cannot wait an hour of wall time. It
writes what a server that had run the round for ten minutes and then lay dead for three
hours would have stored, and the restarted server must give back the three hours."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa

from tests.server.support.live import LiveServer
from tests.server.support.nights import Night, night_at_tables

STORE_SECONDS = 30.0
"""How long the restarted server may take to store the restored clock (its timer loop's
first tick): a bound on a loaded machine, not a speed."""


def clock_of(server: LiveServer, night: Night) -> dict[str, Any]:
    with server.client() as client:
        view = client.get(night.url("/host"), headers=night.host)
        assert view.status_code == 200, view.text
        clock: dict[str, Any] = view.json()["round_clock"]
        return clock


def change(server: LiveServer, night: Night, action: str, **body: Any) -> dict[str, Any]:
    with server.client() as client:
        response = client.post(night.url("/clock"), headers=night.host,
                               json={"action": action, "round": 1, **body})
        assert response.status_code == 200, response.text
        clock: dict[str, Any] = response.json()["round_clock"]
        return clock


def actions(db_url: str, event_id: str) -> list[str]:
    # NullPool: the connection closes with the block (a pooled one left to the garbage
    # collector is an unraisable ResourceWarning on PostgreSQL)
    engine = sa.create_engine(db_url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as db:
            return list(db.execute(sa.text(
                "SELECT action FROM round_clock_entry WHERE event_id = :e ORDER BY seq"),
                {"e": event_id}).scalars())
    finally:
        engine.dispose()


def as_if_run_then_dead(db_url: str, event_id: str, ran: timedelta, dead: timedelta) -> None:
    """Store what a server that started the round `ran + dead` ago, stored that the clock
    ran for `ran`, and was then down for `dead` would have left behind."""
    started = datetime.now(UTC) - ran - dead
    engine = sa.create_engine(db_url)
    if engine.dialect.name == "sqlite":  # stored as SQLAlchemy stores it there: UTC, no zone
        started = started.replace(tzinfo=None)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE round_clock_entry SET since = :s WHERE event_id = :e"),
                   {"s": started, "e": event_id})
        db.execute(sa.text("UPDATE event SET clock_saved_at = :t WHERE id = :e"),
                   {"t": started + ran, "e": event_id})
    engine.dispose()


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_paused_clock_keeps_its_exact_time_through_a_sigkill(
        live_server: Callable[..., LiveServer]) -> None:
    server = live_server()
    with server.client() as client:
        night = night_at_tables(client, players=8)
    change(server, night, "start", minutes=50)
    before = change(server, night, "pause")
    server.kill()
    server.start()
    after = clock_of(server, night)
    assert (after["left_seconds"], after["running"]) == (before["left_seconds"], False)
    assert change(server, night, "resume")["running"]


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_running_clock_gets_back_the_time_the_server_was_down(
        live_server: Callable[..., LiveServer], db_url: str) -> None:
    server = live_server()
    with server.client() as client:
        night = night_at_tables(client, players=8)
    change(server, night, "start", minutes=60)
    server.kill()
    # It ran ten minutes, then the server lay dead for three hours (past the round's end).
    as_if_run_then_dead(db_url, night.event_id, timedelta(minutes=10), timedelta(hours=3))
    server.start()
    restored = clock_of(server, night)
    assert restored["running"] and not restored["at_time"]
    # 50 minutes left at the restart, less the seconds since (a bound, not a speed)
    assert 49 * 60 <= restored["left_seconds"] <= 50 * 60

    deadline = time.monotonic() + STORE_SECONDS  # the timer loop stores it
    while actions(db_url, night.event_id)[-1] != "restored":
        assert time.monotonic() < deadline, "the restored clock was never stored"
        time.sleep(0.2)
    server.kill()  # again at once: the time given back must not be lost or counted twice
    server.start()
    again = clock_of(server, night)
    assert again["running"] and 48 * 60 <= again["left_seconds"] <= 50 * 60
    assert actions(db_url, night.event_id)[0] == "start"
