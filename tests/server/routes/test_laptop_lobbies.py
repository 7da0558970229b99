"""The laptop lists every night and lobby and ends or deletes any, so the host takes back
the places strangers filled (issue #42); any other device gets 403 `laptop_only`."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import bearer, join, new_pod, start
from tests.server.support.databases import SQLITE_ONLY

Opener = Callable[[Settings], AbstractContextManager[TestClient]]


def code(reply: Any) -> str:
    return str(reply.json()["error"]["code"])


def new_night(client: TestClient) -> str:
    created = client.post("/api/events", json={"set": "CMR", "seed": 3})
    assert created.status_code == 201, created.text
    return str(created.json()["event_id"])


@SQLITE_ONLY
def test_a_stranger_on_the_wifi_can_neither_list_nor_end_nor_delete(
    make_settings: Callable[..., Settings], app_client: Opener
) -> None:
    # Only loopback is the laptop here; the test client's peer is a phone on the Wi-Fi.
    with app_client(make_settings(rate_limit_exempt="127.0.0.1")) as stranger:
        pod = new_pod(stranger, seats=4)
        night = new_night(stranger)
        for method, path in (("GET", "/api/laptop/lobbies"),
                             ("POST", f"/api/laptop/pods/{pod.pod_id}/end"),
                             ("DELETE", f"/api/laptop/pods/{pod.pod_id}"),
                             ("POST", f"/api/laptop/events/{night}/end"),
                             ("DELETE", f"/api/laptop/events/{night}")):
            reply = stranger.request(method, path)
            assert reply.status_code == 403, (path, reply.text)
            assert code(reply) == "laptop_only"
        assert stranger.get(pod.url()).json()["phase"] == "lobby"
        assert stranger.get(f"/api/events/{night}").json()["phase"] == "open"


@SQLITE_ONLY
def test_a_stranger_opening_the_laptop_page_is_told_why_in_their_language(
    make_settings: Callable[..., Settings], app_client: Opener
) -> None:
    with app_client(make_settings(rate_limit_exempt="127.0.0.1")) as stranger:
        reply = stranger.get("/api/laptop/lobbies", headers={"Accept-Language": "it"})
        assert reply.json()["error"] == {
            "code": "laptop_only",
            "message": "Solo il portatile che esegue il server può farlo; aprilo lì."}


def test_the_laptop_lists_every_lobby_and_night_with_phase_people_and_age(
        client: TestClient) -> None:
    lobby, started = new_pod(client, seats=4), new_pod(client, seats=4)
    join(client, lobby, "Ann")
    join(client, started, "Bob")
    start(client, started)
    night = new_night(client)
    client.post(f"/api/events/{night}/players", json={"name": "Cid"})
    listed = client.get("/api/laptop/lobbies").json()
    assert [(e["event_id"], e["phase"], e["players"]) for e in listed["events"]] == [
        (night, "open", 1)]
    pods = {p["pod_id"]: p for p in listed["pods"]}
    assert (pods[lobby.pod_id]["phase"], pods[lobby.pod_id]["players"]) == ("lobby", 1)
    assert (pods[started.pod_id]["phase"], pods[started.pod_id]["players"]) == ("drafting", 1)
    assert all(p["age_seconds"] >= 0 for p in listed["pods"] + listed["events"])
    assert lobby.host_token not in str(listed)


def test_the_laptop_ends_a_lobby_and_a_night_and_they_stay_ended_after_a_restart(
    settings: Settings, app_client: Opener
) -> None:
    with app_client(settings) as client:
        pod = new_pod(client, seats=4)
        join(client, pod, "Ann")
        night = new_night(client)
        assert client.post(f"/api/laptop/pods/{pod.pod_id}/end").status_code == 200
        ended = client.post(f"/api/laptop/events/{night}/end")
        assert ended.status_code == 200, ended.text
        assert ended.json() == {"events": [], "pods": []}
        again = client.post(f"/api/laptop/events/{night}/end")
        assert again.status_code == 409 and code(again) == "wrong_phase"
        joined = client.post(f"/api/events/{night}/players", json={"name": "Dan"})
        assert code(joined) == "night_ended"
    with app_client(settings) as restarted:
        assert restarted.get("/api/laptop/lobbies").json() == {"events": [], "pods": []}
        assert restarted.get(f"/api/events/{night}").json()["phase"] == "ended"


def test_the_laptop_deletes_a_lobby_and_a_night_for_good(
    settings: Settings, app_client: Opener
) -> None:
    with app_client(settings) as client:
        pod = new_pod(client, seats=4)
        join(client, pod, "Ann")
        night = new_night(client)
        client.post(f"/api/events/{night}/players", json={"name": "Cid"})
        assert client.delete(f"/api/laptop/pods/{pod.pod_id}").status_code == 200
        deleted = client.delete(f"/api/laptop/events/{night}")
        assert deleted.status_code == 200, deleted.text
        assert deleted.json() == {"events": [], "pods": []}
        assert client.get(pod.url()).status_code == 404
        assert code(client.delete(f"/api/laptop/events/{night}")) == "unknown_event"
    with app_client(settings) as restarted:
        assert restarted.get(pod.url()).status_code == 404
        assert restarted.get(f"/api/events/{night}").status_code == 404
        assert new_pod(restarted, seats=4).pod_id != pod.pod_id


@SQLITE_ONLY
def test_only_a_lobby_is_deleted_a_started_pod_or_formed_night_is_only_ended(
        client: TestClient) -> None:
    started = new_pod(client, seats=4)
    join(client, started, "Ann")
    start(client, started)
    refused = client.delete(f"/api/laptop/pods/{started.pod_id}")
    assert refused.status_code == 409 and code(refused) == "not_a_lobby"
    created = client.post("/api/events", json={"set": "CMR", "seed": 3}).json()
    night = created["event_id"]
    for name in ("Bob", "Cid"):
        client.post(f"/api/events/{night}/players", json={"name": name})
    formed = client.post(f"/api/events/{night}/pods", json={"policy": "balanced"},
                         headers=bearer(created["host_token"]))
    assert formed.status_code == 200, formed.text
    refused = client.delete(f"/api/laptop/events/{night}")
    assert refused.status_code == 409 and code(refused) == "not_a_lobby"
    assert code(client.post(f"/api/laptop/events/{night}/end")) == "wrong_phase"
    nights_pod = next(p["pod_id"] for p in client.get("/api/laptop/lobbies").json()["pods"]
                      if p["event_id"] == night)
    refused = client.delete(f"/api/laptop/pods/{nights_pod}")
    assert refused.status_code == 409 and code(refused) == "not_a_lobby"
    assert client.get(f"/api/events/{night}").json()["phase"] == "formed"
    assert client.get(started.url()).json()["phase"] == "drafting"
    assert client.post(f"/api/laptop/pods/{started.pod_id}/end").status_code == 200
    assert client.get(started.url()).json()["phase"] == "done"
