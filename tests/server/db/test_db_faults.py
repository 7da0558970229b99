"""Database faults during a pick: a clear "try again", and the pick all or nothing.

Rule: when the database is locked by someone else, the phone gets 503 `db_busy` (HTTP) or
an `error` `db_busy` (WebSocket); when the disk is full, 503 `disk_full` (the host must
free space: retrying alone does not help); nothing of the pick is stored, the
server's memory still equals the replay of the stored log, and the same pick succeeds
once the fault is gone.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from draft.replay import replay
from draft.state import DraftConfig
from server.core.settings import Settings
from tests.server.services.test_restore import stored_bots, stored_log
from tests.server.support.builders import PodHandle, SeatHandle, bearer, join, me, new_pod, start


def pick_body(view: dict[str, Any]) -> dict[str, Any]:
    return {"pick": view["pick"], "cards": [c["id"] for c in view["pack"][:2]]}


def assert_memory_is_the_replay(client: TestClient, db_url: str, pod: PodHandle,
                                seat: SeatHandle) -> dict[str, Any]:
    players, log = stored_log(db_url, pod.pod_id)
    state = replay(DraftConfig("CMR", 2), 11, players, log, bots=stored_bots(db_url, pod.pod_id))
    view = me(client, seat)
    assert tuple(c["id"] for c in view["pool"]) == state.seats[view["me"]["seat"]].pool
    assert view["pick"] == state.seats[view["me"]["seat"]].picks + 1
    return view


def started_pod(client: TestClient) -> tuple[PodHandle, SeatHandle]:
    pod = new_pod(client, seats=2, seed=11, pick_timer_seconds=60)
    ann = join(client, pod, "Ann")
    start(client, pod)
    return pod, ann


@contextmanager
def exclusive_lock(path: str) -> Iterator[None]:
    """Another process's write transaction holding the SQLite database."""
    other = sqlite3.connect(path, timeout=0.1, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


@contextmanager
def disk_full(engine: sa.engine.Engine, statement_prefix: str) -> Iterator[None]:
    """Every statement starting with `statement_prefix` fails as on a full disk (the
    driver's own error: SQLite's "disk is full", PostgreSQL's SQLSTATE 53100)."""
    if engine.dialect.name == "sqlite":
        error_class = sqlite3.OperationalError
    else:
        from psycopg.errors import DiskFull as error_class

    def fail(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith(statement_prefix):
            raise error_class("database or disk is full")

    sa.event.listen(engine, "before_cursor_execute", fail)
    try:
        yield
    finally:
        sa.event.remove(engine, "before_cursor_execute", fail)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_locked_database_is_503_db_busy_and_stores_nothing(
    make_settings: Any, app_client: Any, db_url: str
) -> None:
    settings: Settings = make_settings(sqlite_busy_timeout_ms=100)
    with app_client(settings) as client:
        pod, ann = started_pod(client)
        before = me(client, ann)
        with exclusive_lock(sa.make_url(db_url).database or ""):
            refused = client.post(pod.url("/picks"), headers=bearer(ann.token),
                                  json=pick_body(before))
            with client.websocket_connect(f"/ws/pods/{pod.pod_id}?token={ann.token}") as ws:
                ws.receive_json()
                ws.send_json({"type": "pick", **pick_body(before), "ref": "r1"})
                answer = ws.receive_json()
        assert refused.status_code == 503
        assert refused.json()["error"]["code"] == "db_busy"
        assert answer == {"type": "error", "code": "db_busy", "ref": "r1",
                          "message": "The database is busy; try again."}
        assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 1
        retried = client.post(pod.url("/picks"), headers=bearer(ann.token),
                              json=pick_body(before))
        assert retried.status_code == 200
        assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 2


@pytest.mark.parametrize("failing", ["INSERT", "UPDATE"])
def test_a_full_disk_mid_pick_is_503_and_the_pick_all_or_nothing(
    client: TestClient, db_url: str, failing: str
) -> None:
    """INSERT fails the pick's first statement; UPDATE (the next deadline) fails after the
    pick row was written, so the transaction must roll back as a whole."""
    pod, ann = started_pod(client)
    before = me(client, ann)
    engine = client.app.state.runtime.writer_engine  # type: ignore[attr-defined]
    with disk_full(engine, failing):
        refused = client.post(pod.url("/picks"), headers=bearer(ann.token),
                              json=pick_body(before))
    assert refused.status_code == 503
    assert refused.json()["error"]["code"] == "disk_full"
    _players, log = stored_log(db_url, pod.pod_id)
    assert all(seat != before["me"]["seat"] for seat, _cards in log)
    assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 1
    retried = client.post(pod.url("/picks"), headers=bearer(ann.token), json=pick_body(before))
    assert retried.status_code == 200
    assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 2


def test_a_full_disk_says_disk_full_on_the_socket_as_over_http(
    client: TestClient, db_url: str
) -> None:
    """The socket's refusal is the HTTP one: `disk_full` (free space), not `db_busy`
    (try again), since retrying alone does not help."""
    pod, ann = started_pod(client)
    before = me(client, ann)
    engine = client.app.state.runtime.writer_engine  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/pods/{pod.pod_id}?token={ann.token}") as ws:
        ws.receive_json()
        with disk_full(engine, "INSERT"):
            ws.send_json({"type": "pick", **pick_body(before), "ref": "r1"})
            frames = [ws.receive_json() for _ in range(2)]  # the refusal, and the view's
    answer = next(f for f in frames if f["type"] == "error")  # disk_full flag (any order)
    assert answer["ref"] == "r1"
    assert answer["code"] == "disk_full"
    assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 1
