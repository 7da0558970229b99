"""Whether a phone has opened the join page: what the host screen's checklist waits for.

A phone's visit counts; this laptop's own (loopback, or one of its addresses, as in the
self-test) does not, and nothing but the join page counts.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.core.settings import Settings
from server.edge import lan
from server.realtime.arrivals import REMEMBERED_PAGES, JoinPageVisits


def opened(client: TestClient, kind: str, page_id: str) -> bool:
    response = client.get(f"/api/{kind}/{page_id}/arrivals")
    assert response.status_code == 200
    return bool(response.json()["opened"])


def test_a_phone_opening_the_pod_join_page_is_an_arrival(client: TestClient) -> None:
    pod_id = client.post("/api/pods", json={"seats": 2}).json()["pod_id"]
    assert not opened(client, "pods", pod_id)
    client.get(f"/pods/{pod_id}/host")
    client.get(f"/pods/{pod_id}/seat")
    assert not opened(client, "pods", pod_id)
    assert client.get(f"/pods/{pod_id}/join").status_code == 200
    assert opened(client, "pods", pod_id)
    assert not opened(client, "events", pod_id)


def test_a_phone_opening_the_night_join_page_is_an_arrival(client: TestClient) -> None:
    event_id = client.post("/api/events", json={"set": "CMR"}).json()["event_id"]
    assert not opened(client, "events", event_id)
    client.get(f"/events/{event_id}/join")
    assert opened(client, "events", event_id)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("laptop", ["127.0.0.1", "::1", "192.168.1.20"])
def test_the_laptops_own_visits_are_not_arrivals(
    make_settings: Callable[..., Settings], monkeypatch: pytest.MonkeyPatch, laptop: str
) -> None:
    monkeypatch.setattr(lan, "interface_addresses", lambda: ["127.0.0.1", "192.168.1.20"])
    app = create_app(make_settings())
    with TestClient(app, client=(laptop, 5000)) as http:
        pod_id = http.post("/api/pods", json={"seats": 2}).json()["pod_id"]
        http.get(f"/pods/{pod_id}/join")
        assert not opened(http, "pods", pod_id)
    with TestClient(app, client=("192.168.1.31", 5000)) as phone:
        phone.get(f"/pods/{pod_id}/join")
        assert opened(phone, "pods", pod_id)


def test_arrivals_are_bounded_in_memory() -> None:
    visits = JoinPageVisits(own_addresses=[])
    for i in range(REMEMBERED_PAGES + 1):
        visits.note("pod", f"p{i}", "192.168.1.31")
    assert not visits.opened("pod", "p0")
    assert visits.opened("pod", f"p{REMEMBERED_PAGES}")


def test_a_malformed_id_is_not_found(client: TestClient) -> None:
    assert client.get("/api/pods/a.b/arrivals").status_code in (404, 422)
