"""A player holds one seat: a night's pods take no seats outside the night's own dealing,
and names a bot would get ("Bot 3") are the server's alone."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.services.test_events import form, open_night
from tests.server.support.builders import bearer, new_pod
from tests.server.support.databases import SQLITE_ONLY


def test_a_nights_pod_takes_no_extra_seat(client: TestClient) -> None:
    """The review's case: 10 players dealt with `fill` leave a pod of 8 seats with 2 people;
    one of them tried to take a second seat as "Bot 9" after the night closed."""
    night, _tokens = open_night(client, 10)
    assert form(client, night, "fill").status_code == 200
    host = client.get(f"/api/events/{night['event_id']}/host",
                      headers=bearer(night["host_token"])).json()
    small = next(pod for pod in host["pods"] if len(pod["players"]) == 2)
    for name in ("Bot 9", "Extra"):
        second = client.post(f"/api/pods/{small['pod_id']}/seats", json={"name": name})
        assert second.status_code == 409, name
        assert second.json()["error"]["code"] == "event_pod"
    summary = client.get(f"/api/pods/{small['pod_id']}").json()
    assert len(summary["players"]) == 2


@pytest.mark.parametrize("name", ["Bot 1", "bot 9", "BOT  12", "Bot3", "Ｂｏｔ ７",
                                  "B0t 1", "\u0412ot 1", "\u0412\u043e\u0442 2", "Bot l0"])
@SQLITE_ONLY
def test_bot_names_are_reserved(client: TestClient, name: str) -> None:
    pod = new_pod(client, seats=4)
    refused = client.post(pod.url("/seats"), json={"name": name})
    assert refused.status_code == 422
    assert refused.json()["error"]["code"] == "reserved_name"
    night = client.post("/api/events", json={"set": "CMR"}).json()
    late = client.post(f"/api/events/{night['event_id']}/players", json={"name": name})
    assert late.json()["error"]["code"] == "reserved_name"


@pytest.mark.parametrize("name", ["Botany", "Bot", "Robot 2", "Bottle 3", "Bót 1", "Bots 2"])
@SQLITE_ONLY
def test_names_that_only_start_like_a_bot_are_fine(client: TestClient, name: str) -> None:
    pod = new_pod(client, seats=4)
    assert client.post(pod.url("/seats"), json={"name": name}).status_code == 201
