"""Empty lobbies and idle nights expire (issue #42, item 1): a pod's lobby nobody joined
ends after `lobby_expiry_seconds` (2 h), a night still open with no change ends after
`night_expiry_seconds` (12 h). They are ended in the database, so a restart does not bring
them back. The server's clock is driven, nothing sleeps for hours."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import timedelta

import sqlalchemy as sa
from fastapi.testclient import TestClient

from server.core.settings import Settings
from server.runtime import Runtime
from server.services.expiry import expire_idle
from tests.server.support.builders import join, new_pod


def _later(client: TestClient, **moved: float) -> Runtime:
    """The app's clock, moved forward by `moved` (hours=2, ...)."""
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    real = rt.clock
    rt.clock = lambda: real() + timedelta(**moved)
    return rt


def _phase(client: TestClient, table: str, row_id: str) -> str:
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    with rt.engine.connect() as connection:
        phase: str = connection.execute(sa.text(f"SELECT phase FROM {table} WHERE id = :id"),
                                        {"id": row_id}).scalar_one()
    return phase


def _until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition did not hold in time"
        time.sleep(0.02)


def test_a_lobby_nobody_joined_ends_after_two_hours_and_stays_ended(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings(expiry_check_seconds=0.05)
    with app_client(settings) as client:
        empty = new_pod(client, seats=2)
        taken = new_pod(client, seats=2)
        join(client, taken, "Ann")
        fresh_rt = _later(client, hours=1, minutes=59)
        client.portal.call(expire_idle, fresh_rt)  # type: ignore[union-attr]
        assert _phase(client, "pod", empty.pod_id) == "lobby", "not yet two hours"
        _later(client, seconds=61)  # the server's own loop finds it now
        _until(lambda: _phase(client, "pod", empty.pod_id) == "done")
        assert _phase(client, "pod", taken.pod_id) == "lobby", "someone joined it"
        listed = [p["pod_id"] for p in client.get("/api/pods").json()["pods"]]
        assert listed == [taken.pod_id]
    with app_client(settings) as client:  # a restart does not bring it back
        assert _phase(client, "pod", empty.pod_id) == "done"
        assert [p["pod_id"] for p in client.get("/api/pods").json()["pods"]] == [taken.pod_id]
        late = client.post(empty.url("/seats"), json={"name": "Bob"})
        assert late.status_code in (404, 409), late.text


def test_an_idle_night_ends_after_twelve_hours_and_frees_its_place(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings(max_open_events=2, events_reserved_for_host=0)
    with app_client(settings) as client:
        idle = client.post("/api/events", json={"set": "CMR"}).json()
        busy = client.post("/api/events", json={"set": "CMR"}).json()
        full = client.post("/api/events", json={"set": "CMR"})
        assert full.json()["error"]["code"] == "too_many_events"
        rt = _later(client, hours=11)
        joined = client.post(f"/api/events/{busy['event_id']}/players", json={"name": "Ann"})
        assert joined.status_code == 201  # a change: its twelve hours start again
        _later(client, hours=1, seconds=1)
        client.portal.call(expire_idle, rt)  # type: ignore[union-attr]
        assert _phase(client, "event", idle["event_id"]) == "ended"
        assert _phase(client, "event", busy["event_id"]) == "open"
    with app_client(settings) as client:  # still ended after a restart
        assert client.get(f"/api/events/{idle['event_id']}").json()["phase"] == "ended"
        late = client.post(f"/api/events/{idle['event_id']}/players", json={"name": "Bob"})
        assert (late.status_code, late.json()["error"]["code"]) == (409, "night_ended")
        assert client.post("/api/events", json={"set": "CMR"}).status_code == 201
