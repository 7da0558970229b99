"""The reveal over HTTP and the socket: every visibility mode, as seat, other seat, host and
no token, before the draft ends, after it, and once the host ends the night; the replay
equals the stored log; it survives a restart (a finished pod is not in memory then).

The approach of the leak audit (tests/server/realtime/test_hidden_info.py): what may be seen is
worked out from the stored log alone, and every card a phone receives is checked against it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from draft.engine import start as engine_start
from draft.state import DraftConfig
from pods.reveal import MODES
from server.core.settings import Settings
from tests.draft.test_seat_replay import expected_from_log
from tests.server.realtime.test_hidden_info import cards_in
from tests.server.services.test_restore import stored_log
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    bearer,
    draft_until_done,
    join,
    me,
    new_pod,
    start,
    take_first,
)
from tests.server.support.databases import SQLITE_ONLY

SEATS = 3
SEED = 31


def drafted_pod(client: TestClient, mode: str | None = None,
                finish: bool = True) -> tuple[PodHandle, dict[str, SeatHandle]]:
    """Ann and Bob and a bot at a CMR pod with `mode` (the default when None)."""
    extra = {"replay_visibility": mode} if mode else {}
    # The seeded seating these tests were written against: people first, then the bot.
    pod = new_pod(client, seats=SEATS, seed=SEED, bots_between_people=False, **extra)
    seats = {name: join(client, pod, name) for name in ("Ann", "Bob")}
    start(client, pod)
    if finish:
        draft_until_done(client, list(seats.values()))
    return pod, seats


def seat_of(client: TestClient, seat: SeatHandle) -> int:
    return int(me(client, seat)["me"]["seat"])


def status(client: TestClient, pod: PodHandle, seat: int, headers: dict[str, str]) -> int:
    return int(client.get(pod.url(f"/replay/{seat}"), headers=headers).status_code)


def listed(client: TestClient, pod: PodHandle, headers: dict[str, str]) -> list[int]:
    response = client.get(pod.url("/replay"), headers=headers)
    assert response.status_code == 200, response.text
    return [s["seat"] for s in response.json()["seats"]]


def socket_cards(client: TestClient, pod: PodHandle, token: str) -> set[int]:
    with client.websocket_connect(f"/ws/pods/{pod.pod_id}?token={token}") as ws:
        return {card["id"] for card in cards_in(ws.receive_json())}


def pools(settings_db: str, pod: PodHandle) -> dict[int, set[int]]:
    _players, log = stored_log(settings_db, pod.pod_id)
    found: dict[int, set[int]] = {seat: set() for seat in range(SEATS)}
    for seat, cards in log:
        found[seat].update(cards)
    return found


# Who may open what: (mode, phase) → (own seat, another seat, the host).
RULE = {
    ("nobody", "building"): (False, False, False), ("nobody", "done"): (False, False, False),
    ("own_seat", "building"): (True, False, False), ("own_seat", "done"): (True, False, False),
    ("after_draft", "building"): (True, True, True), ("after_draft", "done"): (True, True, True),
    ("after_night", "building"): (True, False, False), ("after_night", "done"): (True, True, True),
}


@SQLITE_ONLY
@pytest.mark.parametrize("mode", MODES)
def test_every_mode_through_every_route_and_the_socket(
    client: TestClient, settings: Settings, mode: str
) -> None:
    pod, seats = drafted_pod(client, mode, finish=False)
    ann, bob = seats["Ann"], seats["Bob"]
    assert take_first(client, ann).status_code == 200
    mine, other = seat_of(client, ann), seat_of(client, bob)
    for seat in range(SEATS):  # while drafting: nobody, whatever the mode
        for headers in (ann.auth, bob.auth, pod.host):
            assert status(client, pod, seat, headers) == 403
    assert listed(client, pod, ann.auth) == listed(client, pod, pod.host) == []
    draft_until_done(client, list(seats.values()))
    bot = next(s for s in range(SEATS) if s not in (mine, other))
    for phase in ("building", "done"):
        if phase == "done":
            assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
        own, others, host = RULE[(mode, phase)]
        expect = {True: 200, False: 403}
        assert status(client, pod, mine, ann.auth) == expect[own], (mode, phase)
        assert status(client, pod, other, ann.auth) == expect[others], (mode, phase)
        assert status(client, pod, bot, ann.auth) == expect[others], (mode, phase)
        assert status(client, pod, mine, pod.host) == expect[host], (mode, phase)
        assert status(client, pod, mine, {}) == 401
        assert status(client, pod, mine, bearer("not-a-real-token")) == 401
        assert listed(client, pod, ann.auth) == sorted(
            ([mine] if own else []) + ([other, bot] if others else []))
        assert listed(client, pod, pod.host) == ([0, 1, 2] if host else [])
        hidden = client.get(pod.url(f"/replay/{other}"), headers=ann.auth)
        if not others:
            assert hidden.json()["error"]["code"] == "replay_hidden"
            assert "pack" not in hidden.text
        # The socket never carries another seat's picks, whatever the rule.
        assert socket_cards(client, pod, ann.token) <= pools(settings.db_url, pod)[mine]


def test_a_replay_equals_the_stored_log(client: TestClient, settings: Settings) -> None:
    pod, seats = drafted_pod(client, "after_draft")
    players, log = stored_log(settings.db_url, pod.pod_id)
    config = DraftConfig(set_code="CMR", seats=SEATS)
    opened = [list(p.cards) for p in engine_start(config, players, SEED).packs]
    expected = expected_from_log(opened, [(s, tuple(c)) for s, c in log], SEATS)
    for seat in range(SEATS):
        body = client.get(pod.url(f"/replay/{seat}"), headers=seats["Ann"].auth).json()
        assert body["seat"] == seat and body["deck"] is None and body["commanders"] == []
        got = [{"pack": [c["id"] for c in p["pack"]], "taken": [c["id"] for c in p["taken"]],
                "wheeled": [c["id"] for c in p["wheeled"]]} for p in body["picks"]]
        assert got == [{k: row[k] for k in ("pack", "taken", "wheeled")}
                       for row in expected[seat]]
        assert [(p["round"], p["pick"]) for p in body["picks"]][:2] == [(1, 1), (1, 2)]
        assert {"name", "mana_cost", "type_line", "color_identity"} <= set(
            body["picks"][0]["pack"][0])
    names = {body["name"] for body in (
        client.get(pod.url(f"/replay/{s}"), headers=pod.host).json() for s in range(SEATS))}
    assert {"Ann", "Bob"} <= names


@SQLITE_ONLY
def test_a_submitted_deck_and_its_commanders_are_in_the_replay(client: TestClient) -> None:
    pod, seats = drafted_pod(client, "own_seat")
    # The seeded seating decides whose pool holds a legend: take a player whose pool does.
    ann, view = next((seat, view) for seat in seats.values()
                     if (view := me(client, seat))["commander_choices"]["eligible"])
    choice = view["commander_choices"]["eligible"][0]
    deck = {"commanders": [{"card_id": choice}], "main": [], "basics": {"Plains": 10}}
    assert client.put(pod.url("/deck"), headers=ann.auth, json=deck).status_code == 200
    body = client.get(pod.url(f"/replay/{view['me']['seat']}"), headers=ann.auth).json()
    assert [c["id"] for c in body["commanders"]] == [choice]
    assert body["commanders"][0]["can_be_commander"] is True
    assert body["deck"]["deck"]["commanders"][0]["card_id"] == choice


@SQLITE_ONLY
def test_the_host_changes_the_rule_in_the_lobby_and_every_phone_sees_it(
    client: TestClient,
) -> None:
    pod = new_pod(client, seats=2)
    ann = join(client, pod, "Ann")
    assert me(client, ann)["replay_visibility"] == "after_night"
    changed = client.post(pod.url("/lobby"), headers=pod.host,
                          json={"replay_visibility": "after_draft"})
    assert changed.status_code == 200 and changed.json()["replay_visibility"] == "after_draft"
    assert me(client, ann)["replay_visibility"] == "after_draft"
    assert client.get(pod.url()).json()["replay_visibility"] == "after_draft"
    bad = client.post(pod.url("/lobby"), headers=pod.host, json={"replay_visibility": "all"})
    assert bad.status_code == 422
    refused = client.post(pod.url("/lobby"), headers=ann.auth,
                          json={"replay_visibility": "nobody"})
    assert refused.status_code == 403
    start(client, pod)
    late = client.post(pod.url("/lobby"), headers=pod.host, json={"replay_visibility": "nobody"})
    assert late.status_code == 409
    assert me(client, ann)["replay_visibility"] == "after_draft"


@SQLITE_ONLY
def test_an_unknown_pod_or_seat_is_a_clear_error(client: TestClient) -> None:
    pod, _seats = drafted_pod(client, "after_draft")
    assert client.get("/api/pods/nope/replay/0", headers=pod.host).status_code == 404
    assert client.get(pod.url("/replay/8"), headers=pod.host).status_code == 422
    assert client.get(pod.url("/replay/x"), headers=pod.host).status_code == 422
    other = new_pod(client, seats=2)
    assert status(client, pod, 0, other.host) == 401


def test_a_finished_night_replays_after_a_restart(
    app_client: Callable[[Settings], AbstractContextManager[TestClient]], settings: Settings
) -> None:
    with app_client(settings) as client:
        pod, seats = drafted_pod(client)
        assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
        before = client.get(pod.url("/replay/1"), headers=seats["Bob"].auth).json()
    with app_client(settings) as client:
        assert listed(client, pod, seats["Bob"].auth) == [0, 1, 2]
        after = client.get(pod.url("/replay/1"), headers=seats["Bob"].auth)
        assert after.status_code == 200 and after.json() == before


@pytest.fixture
def night(client: TestClient) -> Iterator[dict[str, Any]]:
    created = client.post("/api/events", json={"set": "CMR", "replay_visibility": "nobody"})
    assert created.status_code == 201, created.text
    yield created.json()


@SQLITE_ONLY
def test_a_nights_rule_reaches_its_pods(client: TestClient, night: dict[str, Any]) -> None:
    event = client.get(f"/api/events/{night['event_id']}").json()
    assert event["replay_visibility"] == "nobody"
    tokens = []
    for name in ("Ann", "Bob"):
        joined = client.post(f"/api/events/{night['event_id']}/players", json={"name": name})
        tokens.append(joined.json()["player_token"])
    formed = client.post(f"/api/events/{night['event_id']}/pods",
                         headers=bearer(night["host_token"]), json={})
    assert formed.status_code in (200, 201), formed.text
    pod_id = client.get(f"/api/events/{night['event_id']}/me",
                        headers=bearer(tokens[0])).json()["pod_id"]
    view = client.get(f"/api/pods/{pod_id}/me", headers=bearer(tokens[0])).json()
    assert view["replay_visibility"] == "nobody"


@SQLITE_ONLY
def test_the_list_can_bring_the_seat_it_would_open(client: TestClient) -> None:
    """Rule (#46): the replay page asks once, not the list and then a seat: `?open=true`
    adds the replay of the seat the page would open (the `seat` asked if the viewer may
    open it, else their own, else the first they may), exactly as `/replay/{seat}` gives it."""
    pod, seats = drafted_pod(client, "after_draft")
    ann = seats["Ann"]
    own, other = seat_of(client, ann), seat_of(client, seats["Bob"])
    plain = client.get(pod.url("/replay"), headers=ann.auth).json()
    assert "opened" not in plain, "the list alone stays as it was"
    for asked, opened in ((None, own), (other, other), (7, own)):
        query = {"open": "true", **({"seat": str(asked)} if asked is not None else {})}
        answer = client.get(pod.url("/replay"), params=query, headers=ann.auth).json()
        assert {k: v for k, v in answer.items() if k != "opened"} == plain
        assert answer["opened"] == client.get(pod.url(f"/replay/{opened}"),
                                              headers=ann.auth).json(), asked
    hosted = client.get(pod.url("/replay"), params={"open": "true"}, headers=pod.host).json()
    assert hosted["opened"]["seat"] == hosted["seats"][0]["seat"], "the host: the first seat"


@SQLITE_ONLY
def test_nothing_to_open_brings_no_seat(client: TestClient) -> None:
    pod, seats = drafted_pod(client, "nobody")
    answer = client.get(pod.url("/replay"), params={"open": "true"},
                        headers=seats["Ann"].auth).json()
    assert answer["seats"] == [] and answer["opened"] is None
