"""Nights bigger than one pod: players join the event, the host forms pods, phones move on."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import SeatHandle, bearer, draft_until_done
from tests.server.support.databases import SQLITE_ONLY


def open_night(client: TestClient, count: int, seed: int = 5) -> tuple[dict[str, Any],
                                                                        dict[str, str]]:
    """An event with `count` players joined; returns the event and each name's token."""
    response = client.post("/api/events", json={"set": "CMR", "seed": seed})
    assert response.status_code == 201, response.text
    night = response.json()
    tokens = {}
    for i in range(count):
        joined = client.post(f"/api/events/{night['event_id']}/players",
                             json={"name": f"Player {i + 1}"})
        assert joined.status_code == 201, joined.text
        tokens[f"Player {i + 1}"] = joined.json()["player_token"]
    return night, tokens


def form(client: TestClient, night: dict[str, Any], policy: str = "balanced") -> Any:
    return client.post(f"/api/events/{night['event_id']}/pods",
                       headers=bearer(night["host_token"]), json={"policy": policy})


@pytest.mark.parametrize(("players", "policy", "sizes", "seats"), [
    (12, "balanced", [6, 6], [6, 6]),
    (16, "balanced", [8, 8], [8, 8]),
    (10, "balanced", [5, 5], [5, 5]),
    (10, "fill", [8, 2], [8, 8]),
])
def test_the_host_forms_pods_of_eight_or_fewer(
    client: TestClient, players: int, policy: str, sizes: list[int], seats: list[int]
) -> None:
    night, _tokens = open_night(client, players)
    response = form(client, night, policy)
    assert response.status_code == 200, response.text
    pods = response.json()["pods"]
    assert [len(p["players"]) for p in pods] == sizes
    assert [p["seats"] for p in pods] == seats
    assert {player["pod"] for player in response.json()["players"]} == {1, 2}


@SQLITE_ONLY
def test_the_host_view_says_what_each_policy_would_form_until_the_pods_are_formed(
        client: TestClient) -> None:
    night, _tokens = open_night(client, 6)
    host = bearer(night["host_token"])
    view = client.get(f"/api/events/{night['event_id']}/host", headers=host).json()
    assert view["pod_plans"] == {"balanced": [{"players": 6, "seats": 6}],
                                 "fill": [{"players": 6, "seats": 8}]}
    formed = form(client, night, "balanced").json()
    assert [p["seats"] for p in formed["pods"]] == [6]
    assert formed["pod_plans"] == {}


@SQLITE_ONLY
def test_a_nights_pods_are_not_listed_as_open_pods(client: TestClient) -> None:
    night, _ = open_night(client, 10)
    form(client, night, "fill")
    assert client.get("/api/pods").json()["pods"] == []


@SQLITE_ONLY
def test_forming_is_seeded(client: TestClient) -> None:
    deals = []
    for _ in range(2):
        night, _ = open_night(client, 12, seed=44)
        pods = form(client, night).json()["pods"]
        deals.append([sorted(p["name"] for p in pod["players"]) for pod in pods])
    assert deals[0] == deals[1]


@SQLITE_ONLY
def test_each_phone_gets_its_seat_with_the_same_token(client: TestClient) -> None:
    night, tokens = open_night(client, 6)
    waiting = client.get(f"/api/events/{night['event_id']}/me",
                         headers=bearer(tokens["Player 1"])).json()
    assert waiting["pod_id"] is None and waiting["phase"] == "open"
    form(client, night)
    me = client.get(f"/api/events/{night['event_id']}/me",
                    headers=bearer(tokens["Player 1"])).json()
    assert me["seat_path"] == f"/pods/{me['pod_id']}/seat"
    seat = client.get(f"/api/pods/{me['pod_id']}/me", headers=bearer(tokens["Player 1"]))
    assert seat.status_code == 200 and seat.json()["me"]["name"] == "Player 1"
    # The event host is the host of every pod it formed.
    host = client.get(f"/api/pods/{me['pod_id']}/host", headers=bearer(night["host_token"]))
    assert host.status_code == 200 and host.json()["event_id"] == night["event_id"]


@SQLITE_ONLY
def test_pods_draft_independently_and_show_progress(client: TestClient) -> None:
    night, tokens = open_night(client, 4)
    pods = form(client, night).json()["pods"]
    assert [len(p["players"]) for p in pods] == [4]
    started = client.post(f"/api/events/{night['event_id']}/start",
                          headers=bearer(night["host_token"])).json()
    assert started["pods"][0]["phase"] == "drafting" and started["pods"][0]["round"] == 1
    pod_id = pods[0]["pod_id"]
    seats = [SeatHandle(pod_id, "", token, name) for name, token in tokens.items()]
    draft_until_done(client, seats)
    view = client.get(f"/api/events/{night['event_id']}/host",
                      headers=bearer(night["host_token"])).json()
    assert view["pods"][0]["phase"] == "building" and view["pods"][0]["picks"] > 0
    text = client.get(f"/api/events/{night['event_id']}/summary?format=text",
                      headers=bearer(night["host_token"]))
    assert text.status_code == 200 and "Pod 1" in text.text and "Player 3: no deck" in text.text


def test_a_formed_night_survives_a_restart(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        night, tokens = open_night(client, 9)
        before = form(client, night).json()["pods"]
    with app_client(settings) as client:
        after = client.get(f"/api/events/{night['event_id']}/host",
                           headers=bearer(night["host_token"])).json()["pods"]
        me = client.get(f"/api/events/{night['event_id']}/me",
                        headers=bearer(tokens["Player 9"])).json()
        seat = client.get(f"/api/pods/{me['pod_id']}/me", headers=bearer(tokens["Player 9"]))
    assert [p["pod_id"] for p in after] == [p["pod_id"] for p in before]
    assert [p["players"] for p in after] == [p["players"] for p in before]
    assert seat.status_code == 200


@SQLITE_ONLY
def test_joining_is_closed_once_pods_are_formed(client: TestClient) -> None:
    night, _ = open_night(client, 3)
    form(client, night)
    late = client.post(f"/api/events/{night['event_id']}/players", json={"name": "Late"})
    assert late.status_code == 409 and late.json()["error"]["code"] == "pods_formed"
    assert form(client, night).status_code == 409


@SQLITE_ONLY
def test_event_refusals_use_the_envelope(client: TestClient) -> None:
    night, tokens = open_night(client, 1)
    event = f"/api/events/{night['event_id']}"
    assert form(client, night).json()["error"]["code"] == "bad_pod_forming"
    same = client.post(f"{event}/players", json={"name": "player 1"})
    assert same.status_code == 409 and same.json()["error"]["code"] == "name_taken"
    assert client.post(f"{event}/players", json={"name": ""}).status_code == 422
    assert client.post(f"{event}/pods", headers=bearer(tokens["Player 1"]),
                       json={}).status_code == 403
    assert client.post(f"{event}/pods", headers=bearer(night["host_token"]),
                       json={"policy": "random"}).status_code == 422
    assert client.get(f"{event}/host").status_code == 401
    assert client.get("/api/events/nope").status_code == 404
    assert client.get(f"/api/events/{'x' * 33}").status_code == 422
    assert client.post("/api/events/a%3Cb/players", json={"name": "X"}).status_code == 422
    assert client.post("/api/events", json={"set": "XYZ"}).status_code == 422
    assert client.post("/api/events", json={"seats": 8}).status_code == 422
