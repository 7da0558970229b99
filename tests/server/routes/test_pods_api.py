"""The HTTP API: creating and joining pods, the host's powers, picks and their rules."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.support.builders import (
    PodHandle,
    bearer,
    draft_until_done,
    join,
    me,
    new_pod,
    start,
    take_first,
)
from tests.server.support.databases import SQLITE_ONLY


def error_code(response: Any) -> str:
    return str(response.json()["error"]["code"])


def test_healthz_says_ok(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}


def test_created_pod_links_carry_tokens_in_the_fragment(client: TestClient) -> None:
    pod = new_pod(client)
    assert pod.data["host_url"] == (
        f"http://prismatic.test/pods/{pod.pod_id}/host#host_token={pod.host_token}")
    assert pod.data["join_url"] == f"http://prismatic.test/pods/{pod.pod_id}/join"
    seat = join(client, pod, "Ann")
    summary = client.get(pod.url()).json()
    assert summary == {"pod_id": pod.pod_id, "set": "CMR", "line_up": ["CMR", "CMR", "CMR"],
                       "seats": 8, "phase": "lobby", "players": [{"name": "Ann", "bot": False}],
                       "locked": False, "code_required": False,
                       "replay_visibility": "after_night"}
    assert seat.token not in str(summary)


def test_open_pods_are_listed_until_they_start(client: TestClient) -> None:
    lobby, started = new_pod(client, seats=4), new_pod(client, seats=4)
    join(client, started, "Ann")
    start(client, started)
    listed = client.get("/api/pods").json()["pods"]
    assert [p["pod_id"] for p in listed] == [lobby.pod_id]
    assert lobby.host_token not in str(listed)


def test_full_pod_refuses_another_player(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    join(client, pod, "Ann")
    join(client, pod, "Bob")
    response = client.post(pod.url("/seats"), json={"name": "Cid"})
    assert response.status_code == 409
    assert error_code(response) == "pod_full"


def test_started_pod_refuses_new_players(client: TestClient) -> None:
    pod = new_pod(client, seats=4)
    join(client, pod, "Ann")
    start(client, pod)
    response = client.post(pod.url("/seats"), json={"name": "Late"})
    assert response.status_code == 409
    assert error_code(response) == "pod_started"


def test_start_fills_empty_seats_with_bots(client: TestClient) -> None:
    pod = new_pod(client, seats=4)
    join(client, pod, "Ann")
    view = start(client, pod)
    names = sorted(p["name"] for p in view["players"])
    assert names == ["Ann", "Bot 1", "Bot 2", "Bot 3"]
    assert view["phase"] == "drafting"
    assert sorted(p["seat"] for p in view["players"]) == [0, 1, 2, 3]


@SQLITE_ONLY
def test_host_actions_need_the_host_token(client: TestClient) -> None:
    pod = new_pod(client)
    seat = join(client, pod, "Ann")
    assert client.post(pod.url("/start")).status_code == 401
    assert client.post(pod.url("/start"), headers=bearer("nope")).status_code == 401
    response = client.post(pod.url("/start"), headers=seat.auth)
    assert response.status_code == 403
    assert client.get(pod.url("/me"), headers=pod.host).status_code == 403


@SQLITE_ONLY
def test_a_token_of_one_pod_is_useless_in_another(client: TestClient) -> None:
    first, second = new_pod(client), new_pod(client)
    seat = join(client, first, "Ann")
    assert client.get(second.url("/me"), headers=seat.auth).status_code == 401
    assert client.post(second.url("/start"), headers=first.host).status_code == 401


@SQLITE_ONLY
def test_unknown_pod_is_404_with_the_envelope(client: TestClient) -> None:
    response = client.get("/api/pods/nope")
    assert response.status_code == 404
    assert error_code(response) == "unknown_pod"


@SQLITE_ONLY
def test_malformed_json_is_400_not_500(client: TestClient) -> None:
    response = client.post("/api/pods", content=b"{nope",
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert error_code(response) == "malformed"


@SQLITE_ONLY
def test_invalid_values_are_422(client: TestClient) -> None:
    for body in ({"seats": 9}, {"seats": 1}, {"seed": -1}, {"seed": 2**63},
                 {"pick_timer_seconds": 601}, {"set": "NOPE"}):
        response = client.post("/api/pods", json=body)
        assert response.status_code == 422, (body, response.text)
        assert "error" in response.json()
    pod = new_pod(client)
    for name in ("", "   ", "x" * 33, "bad\x00name", "tab\tname"):
        response = client.post(pod.url("/seats"), json={"name": name})
        assert response.status_code == 422, (name, response.text)


def test_names_are_stripped(client: TestClient) -> None:
    pod = new_pod(client)
    seat = join(client, pod, "  Ann  ")
    assert me(client, seat)["me"]["name"] == "Ann"


@SQLITE_ONLY
def test_timer_below_the_configured_minimum_is_refused(
    make_settings: Any, app_client: Any
) -> None:
    with app_client(make_settings(min_pick_timer_seconds=10)) as client:
        response = client.post("/api/pods", json={"pick_timer_seconds": 5})
        assert response.status_code == 422
        assert error_code(response) == "bad_timer"


def drafting_pod(client: TestClient, seats: int = 4) -> tuple[PodHandle, Any]:
    pod = new_pod(client, seats=seats)
    seat = join(client, pod, "Ann")
    start(client, pod)
    return pod, seat


def test_seat_view_shows_only_its_own_pack_and_pool(client: TestClient) -> None:
    pod, seat = drafting_pod(client)
    view = me(client, seat)
    assert view["phase"] == "drafting"
    assert view["pick"] == 1 and view["picks_needed"] == 2
    assert len(view["pack"]) == 20
    host = client.get(pod.url("/host"), headers=pod.host).json()
    assert "pack" not in str(host.keys()) and "pool" not in host
    assert all(set(p) >= {"picks", "connected"} for p in host["players"])


def test_pick_moves_cards_into_the_pool(client: TestClient) -> None:
    _pod, seat = drafting_pod(client)
    before = me(client, seat)
    response = take_first(client, seat, before)
    assert response.status_code == 200
    after = response.json()
    assert after["pick"] == 2
    assert [c["id"] for c in after["pool"]] == [c["id"] for c in before["pack"][:2]]


def test_repeated_pick_is_applied_once(client: TestClient) -> None:
    _pod, seat = drafting_pod(client)
    before = me(client, seat)
    first = take_first(client, seat, before)
    again = take_first(client, seat, before)
    assert again.status_code == 200
    assert again.json()["pool"] == first.json()["pool"]
    assert len(me(client, seat)["pool"]) == 2


def test_future_pick_number_is_a_conflict_that_changes_nothing(client: TestClient) -> None:
    pod, seat = drafting_pod(client)
    view = me(client, seat)
    response = client.post(pod.url("/picks"), headers=seat.auth,
                           json={"pick": 5, "cards": [view["pack"][0]["id"],
                                                      view["pack"][1]["id"]]})
    assert response.status_code == 409
    assert error_code(response) == "stale_pick"
    assert me(client, seat)["pool"] == []


def test_illegal_pick_is_refused_and_changes_nothing(client: TestClient) -> None:
    pod, seat = drafting_pod(client)
    view = me(client, seat)
    first = view["pack"][0]["id"]
    for cards, code in (([first], "wrong_pick_count"), ([first, first], "duplicate_card"),
                        ([first, 99_999], "card_not_in_pack")):
        response = client.post(pod.url("/picks"), headers=seat.auth,
                               json={"pick": 1, "cards": cards})
        assert response.status_code == 422, response.text
        assert error_code(response) == code
    response = client.post(pod.url("/picks"), headers=seat.auth,
                           json={"pick": 1, "cards": [1, 2, 3, 4]})
    assert response.status_code == 422
    assert me(client, seat) == view


def test_paused_draft_refuses_picks_until_resumed(client: TestClient) -> None:
    pod, seat = drafting_pod(client)
    assert client.post(pod.url("/pause"), headers=pod.host).json()["paused"] is True
    response = take_first(client, seat)
    assert response.status_code == 409
    assert error_code(response) == "paused"
    assert client.post(pod.url("/resume"), headers=pod.host).json()["paused"] is False
    assert take_first(client, seat).status_code == 200


def test_host_can_hand_a_seat_to_the_bot_and_back(client: TestClient) -> None:
    pod = new_pod(client, seats=4)
    seat = join(client, pod, "Ann")
    join(client, pod, "Bob")  # Bob holds a pack, so the draft cannot run to its end
    start(client, pod)
    url = pod.url(f"/players/{seat.player_id}/bot")
    view = client.post(url, headers=pod.host, json={"bot": True}).json()
    ann = next(p for p in view["players"] if p["player_id"] == seat.player_id)
    assert ann["bot"] is True and ann["picks"] >= 1
    assert ann["was_human"] is True and ann["pick_in_round"] == ann["picks"] + 1
    fill_bots = [p for p in view["players"] if p["bot"] and p["player_id"] != seat.player_id]
    assert fill_bots and not any(p["was_human"] for p in fill_bots)
    refused = client.post(pod.url("/picks"), headers=seat.auth, json={"pick": 2, "cards": [0, 1]})
    assert refused.status_code == 409
    assert error_code(refused) == "seat_is_bot"
    client.post(url, headers=pod.host, json={"bot": False})
    view = me(client, seat)
    assert view["pick"] > 1 and not any(p["bot"] for p in view["players"]
                                        if p["name"] == "Ann")


def test_kick_in_the_lobby_frees_the_place(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    seat = join(client, pod, "Ann")
    join(client, pod, "Bob")
    client.delete(pod.url(f"/players/{seat.player_id}"), headers=pod.host)
    assert me_status(client, seat) == 401
    join(client, pod, "Cid")


def me_status(client: TestClient, seat: Any) -> int:
    return int(client.get(f"/api/pods/{seat.pod_id}/me", headers=seat.auth).status_code)


def test_kicked_drafter_becomes_a_bot_and_the_token_stops_working(client: TestClient) -> None:
    pod = new_pod(client, seats=4)
    seat = join(client, pod, "Ann")
    join(client, pod, "Bob")
    start(client, pod)
    view = client.delete(pod.url(f"/players/{seat.player_id}"), headers=pod.host).json()
    ann = next(p for p in view["players"] if p["player_id"] == seat.player_id)
    assert ann["bot"] is True and ann["was_human"] is False
    assert me_status(client, seat) == 401


def test_end_moves_the_pod_to_done(client: TestClient) -> None:
    pod, _seat = drafting_pod(client)
    assert client.post(pod.url("/end"), headers=pod.host).json()["phase"] == "done"
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 409


def test_two_humans_and_six_bots_draft_to_sixty_card_pools(client: TestClient) -> None:
    pod = new_pod(client, seats=8, seed=11)
    seats = [join(client, pod, "Ann"), join(client, pod, "Bob")]
    start(client, pod)
    draft_until_done(client, seats)
    for seat in seats:
        view = me(client, seat)
        assert view["phase"] == "building"
        assert len(view["pool"]) == 60
        assert view["pack"] is None
    host = client.get(pod.url("/host"), headers=pod.host).json()
    assert [p["picks"] for p in host["players"]] == [30] * 8


def test_without_bots_a_pod_starts_only_when_full(client: TestClient) -> None:
    pod = new_pod(client, seats=2, bots=False)
    join(client, pod, "Ann")
    response = client.post(pod.url("/start"), headers=pod.host)
    assert response.status_code == 409
    assert error_code(response) == "not_enough_players"
    join(client, pod, "Bob")
    assert start(client, pod)["phase"] == "drafting"


def test_names_are_unique_in_a_pod(client: TestClient) -> None:
    pod = new_pod(client)
    join(client, pod, "Ann")
    response = client.post(pod.url("/seats"), json={"name": "ann"})
    assert response.status_code == 409
    assert error_code(response) == "name_taken"


@SQLITE_ONLY
def test_a_huge_body_is_413(client: TestClient) -> None:
    response = client.post("/api/pods", content=b"[" + b"1," * 50_000 + b"1]",
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert error_code(response) == "too_large"


def test_a_join_answers_with_the_seats_first_view(client: TestClient) -> None:
    """Rule (#46): the phone paints its lobby from the join's answer, so the seat page needs
    no request before its first paint; it is the view `GET /me` gives, in the phone's
    language."""
    pod = new_pod(client, seats=4)
    answer = client.post(pod.url("/seats"), json={"name": "Ann"},
                         headers={"Accept-Language": "ru"})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    mine = client.get(pod.url("/me"), headers={**bearer(created["seat_token"]),
                                               "Accept-Language": "ru"}).json()
    assert created["view"] == mine
    assert created["view"]["phase"] == "lobby"
