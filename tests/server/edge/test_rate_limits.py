"""A stranger on the Wi-Fi cannot fill the night: per-client rate limits on creating and
joining (429 with Retry-After), a cap on events, a night's pods counted against the pod
cap, and the host's lobby lock and join code for stores with an open Wi-Fi."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import bearer, join, new_pod
from tests.server.support.peers import strict_peers  # noqa: F401 (the `strict` fixture)

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

def test_creating_pods_is_limited_per_client_with_retry_after(strict: Any) -> None:
    stranger = strict("192.168.1.66")
    answers = [stranger.post("/api/pods", json={"seats": 2}) for _ in range(5)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429, 429]
    refused = answers[-1]
    assert refused.json()["error"]["code"] == "rate_limited"
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    host = strict("192.168.1.10")
    assert host.post("/api/pods", json={"seats": 2}).status_code == 201, "others are not held"


def test_events_share_the_creating_limit(strict: Any) -> None:
    stranger = strict("192.168.1.66", max_open_events_per_client=10)
    codes = [stranger.post("/api/events", json={"set": "CMR"}).status_code for _ in range(4)]
    assert codes == [201, 201, 201, 429]


def test_joining_is_limited_per_client(strict: Any) -> None:
    host = strict("192.168.1.10")
    pods = [new_pod(host, seats=8) for _ in range(2)]
    stranger = strict("192.168.1.66")
    codes = [stranger.post(pods[n % 2].url("/seats"), json={"name": f"X{n}"}).status_code
             for n in range(6)]
    assert codes == [201, 201, 201, 201, 429, 429]
    event = host.post("/api/events", json={"set": "CMR"}).json()["event_id"]
    late = stranger.post(f"/api/events/{event}/players", json={"name": "Y"})
    assert late.status_code == 429
    assert strict("192.168.1.67").post(pods[0].url("/seats"), json={"name": "Z"}).status_code == 201


def test_loopback_is_the_host_laptop_and_is_not_limited(strict: Any) -> None:
    laptop = strict("127.0.0.1", rate_limit_exempt="127.0.0.1")
    assert {laptop.post("/api/pods", json={"seats": 2}).status_code for _ in range(6)} == {201}


def test_open_events_are_capped(strict: Any) -> None:
    hosts = [strict(f"192.168.1.{n}", max_open_events=2, events_reserved_for_host=0)
             for n in range(1, 4)]
    codes = [h.post("/api/events", json={"set": "CMR"}).status_code for h in hosts]
    assert codes == [201, 201, 409]
    refused = hosts[2].post("/api/events", json={"set": "CMR"}).json()["error"]
    assert refused["code"] == "too_many_events"


def test_a_nights_pods_count_against_the_pod_cap(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    with app_client(make_settings(max_pods=2)) as client:
        new_pod(client, seats=2)
        night = client.post("/api/events", json={"set": "CMR"}).json()
        for n in range(10):
            client.post(f"/api/events/{night['event_id']}/players", json={"name": f"P{n}"})
        formed = client.post(f"/api/events/{night['event_id']}/pods",
                             headers=bearer(night["host_token"]), json={"policy": "balanced"})
        assert formed.status_code == 409
        assert formed.json()["error"]["code"] == "too_many_pods"
        host = client.get(f"/api/events/{night['event_id']}/host",
                          headers=bearer(night["host_token"])).json()
        assert host["phase"] == "open" and host["pods"] == []


def lobby(client: TestClient, pod: Any, **body: Any) -> Any:
    return client.post(pod.url("/lobby"), headers=pod.host, json=body)


def test_a_locked_lobby_takes_no_one_and_a_kicked_seat_stays_free(client: TestClient) -> None:
    pod = new_pod(client, seats=4)
    ann = join(client, pod, "Ann")
    stranger = join(client, pod, "Stranger")
    locked = lobby(client, pod, locked=True)
    assert locked.status_code == 200 and locked.json()["lobby"]["locked"] is True
    assert client.delete(pod.url(f"/players/{stranger.player_id}"),
                         headers=pod.host).status_code == 200
    again = client.post(pod.url("/seats"), json={"name": "Stranger 2"})
    assert again.status_code == 409 and again.json()["error"]["code"] == "lobby_locked"
    assert client.get(pod.url()).json()["locked"] is True
    assert lobby(client, pod, locked=False).status_code == 200
    assert join(client, pod, "Bob").name == "Bob"
    as_ann = client.post(pod.url("/lobby"), headers=ann.auth, json={"locked": False})
    assert as_ann.status_code == 403


def test_a_join_code_is_shown_to_the_host_and_asked_of_every_phone(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=4)
        answer = lobby(client, pod, join_code=True).json()["lobby"]
        code = answer["join_code"]
        assert code.isdigit() and len(code) == 4
        public = client.get(pod.url()).json()
        assert public["code_required"] is True and code not in str(public)
        wrong = "0000" if code != "0000" else "1111"
        for body in ({"name": "Ann"}, {"name": "Ann", "code": wrong}):
            refused = client.post(pod.url("/seats"), json=body)
            assert refused.status_code == 403, body
            assert refused.json()["error"]["code"] == "bad_join_code"
        assert client.post(pod.url("/seats"), json={"name": "Ann", "code": code}).status_code == 201
    with app_client(settings) as client:  # the code and the lock survive a restart
        assert client.get(pod.url("/host"), headers=pod.host).json()["lobby"]["join_code"] == code
        assert client.post(pod.url("/seats"), json={"name": "Bob"}).status_code == 403
        assert lobby(client, pod, join_code=False).json()["lobby"]["join_code"] is None
        assert client.post(pod.url("/seats"), json={"name": "Bob"}).status_code == 201


def test_the_card_download_button_shares_the_creating_limit(strict: Any) -> None:
    """A host on the Wi-Fi cannot restart the laptop's download in a loop."""
    pod = new_pod(strict("192.168.1.10"), seats=2)
    host_phone = strict("192.168.1.11")
    codes = [host_phone.post("/api/cards/download", headers=pod.host,
                             json={"sets": ["NOPE"]}).status_code for _ in range(4)]
    assert codes == [422, 422, 422, 429]


def test_a_stranger_cannot_start_the_card_download(strict: Any) -> None:
    """It spends the store's bandwidth and the laptop's disk: the laptop or a host only."""
    stranger = strict("192.168.1.66", rate_limit_exempt="127.0.0.1")
    for headers in ({}, bearer("made-up-token")):
        refused = stranger.post("/api/cards/download", headers=headers, json={"sets": ["NOPE"]})
        assert refused.status_code == 403, headers
        assert refused.json()["error"]["code"] == "laptop_or_host_only"
    pod = new_pod(strict("192.168.1.10"), seats=2)
    night = strict("192.168.1.12").post("/api/events", json={"set": "CMR"}).json()
    season = strict("192.168.1.13").post("/api/seasons", json={"name": "League"}).json()
    for n, token in enumerate((pod.host_token, night["host_token"], season["host_token"])):
        host = strict(f"192.168.1.{20 + n}")
        allowed = host.post("/api/cards/download", headers=bearer(token), json={"sets": ["NOPE"]})
        assert allowed.status_code == 422, allowed.text  # past the gate: the set is unknown
    seat = join(strict("192.168.1.30"), pod, "Ann")
    as_seat = strict("192.168.1.30").post("/api/cards/download", headers=seat.auth,
                                          json={"sets": ["NOPE"]})
    assert as_seat.status_code == 403
    laptop = strict("127.0.0.1").post("/api/cards/download", json={"sets": ["NOPE"]})
    assert laptop.status_code == 422
