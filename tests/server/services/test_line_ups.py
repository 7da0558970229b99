"""Mixed nights and house rules over HTTP and the socket: a pod drafts a line-up (one set
per round), every phone and the host see which set the round opens, the deck check follows
CR 903.13 for the boosters the draft contained, and a restart restores it all."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from server.core.settings import Settings
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    draft_until_done,
    join,
    me,
    new_pod,
    start,
    take_first,
)
from tests.server.support.live import LiveServer
from tests.server.support.socket_views import SocketViews

LINE_UP = ["CMM", "CLB", "CLB"]


def drafted(client: TestClient, **extra: Any) -> tuple[PodHandle, SeatHandle]:
    """A two-seat pod (Ann and a bot) drafted to the end."""
    pod = new_pod(client, seats=2, seed=5, **extra)
    ann = join(client, pod, "Ann")
    start(client, pod)
    draft_until_done(client, [ann])
    return pod, ann


def test_a_pod_drafts_a_line_up_and_every_view_names_the_rounds_set(
    client: TestClient,
) -> None:
    pod = new_pod(client, seats=2, seed=5, packs=LINE_UP)
    ann = join(client, pod, "Ann")
    assert me(client, ann)["line_up"] == LINE_UP
    start(client, pod)
    seen: dict[int, set[str]] = {}
    for _ in range(200):
        view = me(client, ann)
        host = client.get(pod.url("/host"), headers=pod.host).json()
        if view["phase"] != "drafting":
            break
        assert view["round_set"] == LINE_UP[view["round"] - 1]
        assert host["round_set"] == LINE_UP[host["round"] - 1]
        if view["pack"]:
            seen.setdefault(view["round"], set()).update(c["set"] for c in view["pack"])
            assert take_first(client, ann, view).status_code == 200
    assert seen == {1: {"CMM"}, 2: {"CLB"}, 3: {"CLB"}}
    view = me(client, ann)
    assert view["pool_count"] == 60
    assert view["addable_commanders"] == ["The Prismatic Piper", "Faceless One"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"set": "CMR", "packs": LINE_UP}, "bad_packs"),
        ({"packs": ["CMM", "CLB"]}, "bad_packs"),
        ({"packs": ["CMM", "XYZ", "CLB"]}, "unknown_set"),
        ({"packs": ["CMM", "c-b", "CLB"]}, "invalid"),
        ({"set": "CMM", "deck_size": "sixty"}, "invalid"),
        ({"set": "CMM", "starting_life": 0}, "invalid"),
    ],
)
def test_a_bad_line_up_or_house_rule_is_refused_with_a_code(
    client: TestClient, body: dict[str, Any], code: str
) -> None:
    response = client.post("/api/pods", json={"seats": 2, **body})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == code


def test_a_line_up_of_one_set_is_that_sets_pod(client: TestClient) -> None:
    pod = new_pod(client, seats=2, packs=["cmm", "CMM", "CMM"])
    assert client.get(pod.url()).json()["set"] == "CMM"


def test_a_61_card_deck_is_legal_by_default(client: TestClient) -> None:
    pod, ann = drafted(client, set="CMM")
    deck = {"commanders": [{"piper": True, "color": "G"}], "main": [],
            "basics": {"Forest": 60}}
    report = client.put(pod.url("/deck"), headers=ann.auth, json=deck).json()["report"]
    assert report["legal"] is True and report["size"] == 61


def test_the_exactly_60_house_rule_refuses_61_and_every_phone_sees_it(
    client: TestClient,
) -> None:
    pod, ann = drafted(client, set="CMM", deck_size="exact", starting_life=30)
    assert me(client, ann)["house_rules"] == {
        "starting_life": 30, "deck_size": "exact", "deck_cards": 60}
    deck = {"commanders": [{"piper": True, "color": "G"}], "main": [],
            "basics": {"Forest": 60}}
    report = client.put(pod.url("/deck"), headers=ann.auth, json=deck).json()["report"]
    assert [p["code"] for p in report["problems"]] == ["deck_size"]
    assert report["problems"][0]["params"]["rule"] == "exact"


def test_a_piper_after_a_baldurs_gate_only_draft_names_cr_903_13e(
    client: TestClient,
) -> None:
    pod, ann = drafted(client, set="CLB")
    assert me(client, ann)["addable_commanders"] == ["Faceless One"]
    deck = {"commanders": [{"piper": True, "name": "The Prismatic Piper", "color": "G"}],
            "main": [], "basics": {"Forest": 59}}
    italian = {**ann.auth, "Accept-Language": "it"}
    report = client.put(pod.url("/deck"), headers=italian, json=deck).json()["report"]
    (problem,) = report["problems"]
    assert problem["code"] == "added_not_allowed"
    assert problem["params"]["rule"] == "903.13e" and "CR 903.13e" in problem["message"]
    faceless = {"commanders": [{"piper": True, "color": "G"}], "main": [],
                "basics": {"Forest": 59}}
    assert client.put(pod.url("/deck"), headers=ann.auth,
                      json=faceless).json()["report"]["legal"] is True


def test_the_starting_life_house_rule_starts_every_game(client: TestClient) -> None:
    pod = new_pod(client, seats=3, seed=9, set="CMM", starting_life=30)
    seats = [join(client, pod, name) for name in ("Ann", "Bob", "Cid")]
    start(client, pod)
    draft_until_done(client, seats)
    response = client.post(pod.url("/tables"), headers=pod.host, json={"without_decks": True})
    assert response.status_code == 200, response.text
    game = me(client, seats[0])["game"]
    assert {player["life"] for player in game["players"]} == {30}
    # The night's summary replays the stored game from the same starting life.
    bob = next(p["player_id"] for p in game["players"] if p["name"] == "Bob")
    tapped = client.post(pod.url("/games/1"), headers=seats[0].auth,
                         json={"kind": "life", "target": bob, "delta": -30})
    assert tapped.status_code == 200, tapped.text
    (played,) = client.get(pod.url("/summary"), headers=pod.host).json()["games"]
    summary_bob = next(p for p in played["players"] if p["name"] == "Bob")
    assert summary_bob == {**summary_bob, "life": 0, "out": True}


def test_a_restart_restores_the_line_up_and_house_rules(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=2, seed=8, packs=LINE_UP, starting_life=30)
        ann = join(client, pod, "Ann")
        start(client, pod)
        for _ in range(12):
            view = me(client, ann)
            if view["pack"]:
                assert take_first(client, ann, view).status_code == 200
        before = me(client, ann)
    with app_client(settings) as client:
        after = me(client, ann)
    assert before["round"] == 2 and after["round_set"] == "CLB"
    for key in ("line_up", "round_set", "house_rules", "pack", "pool", "round"):
        assert after[key] == before[key]


def test_a_line_up_drafts_end_to_end_over_the_socket(
    live_server: Callable[..., LiveServer],
) -> None:
    server = live_server()
    with server.client() as client:
        pod = new_pod(client, seats=2, seed=4, packs=["CLB", "CMM", "CMR"])
        ann = join(client, pod, "Ann")
        start(client, pod)
    views = SocketViews()
    rounds_seen: dict[int, str] = {}
    with connect(server.ws_url(pod.pod_id, ann.token)) as ws:
        view = views.take(json.loads(ws.recv(timeout=5)))
        for _ in range(400):
            if view["phase"] != "drafting":
                break
            if view["pack"]:
                rounds_seen[view["round"]] = view["round_set"]
                assert {c["set"] for c in view["pack"]} == {view["round_set"]}
                cards = [c["id"] for c in view["pack"][: view["picks_needed"]]]
                ws.send(json.dumps({"type": "pick", "pick": view["pick"], "cards": cards}))
            message = json.loads(ws.recv(timeout=5))
            while message["type"] not in ("update", "snapshot"):
                message = json.loads(ws.recv(timeout=5))
            view = views.take(message)
    assert rounds_seen == {1: "CLB", 2: "CMM", 3: "CMR"}
    assert view["pool_count"] == 60


def test_a_nights_pods_draft_its_line_up_under_its_house_rules(client: TestClient) -> None:
    night = client.post("/api/events", json={"packs": LINE_UP, "starting_life": 30,
                                             "deck_size": "exact", "seed": 3}).json()
    event = f"/api/events/{night['event_id']}"
    assert client.get(event).json()["line_up"] == LINE_UP
    tokens = [client.post(f"{event}/players", json={"name": f"P{i}"}).json()["player_token"]
              for i in range(3)]
    host = {"Authorization": f"Bearer {night['host_token']}"}
    pods = client.post(f"{event}/pods", headers=host, json={}).json()["pods"]
    (pod,) = pods
    seat = client.get(f"/api/pods/{pod['pod_id']}/me",
                      headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    assert seat["line_up"] == LINE_UP
    assert seat["house_rules"] == {"starting_life": 30, "deck_size": "exact", "deck_cards": 60}
