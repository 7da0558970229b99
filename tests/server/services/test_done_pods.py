"""A finished pod is a pod after a restart: its host view, summary, exports, games and
result corrections, and its seats' views, answer as they did before the server went down
(`server.services.night.done_pods` loads it from the database when it is asked for)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.core.settings import Settings
from server.realtime.live import LivePod, PodSetup, Registry
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    bearer,
    draft_until_done,
    play_tables,
)

AppClient = Callable[[Settings], AbstractContextManager[TestClient]]


@dataclass
class Ended:
    """A pod that played a game (Ann won) and was ended, then the server restarted."""

    pod: PodHandle
    seats: dict[str, SeatHandle]
    client: TestClient


@pytest.fixture
def stored(make_settings: Callable[..., Settings],
           app_client: AppClient) -> tuple[PodHandle, dict[str, SeatHandle]]:
    """A pod that played a game (Ann won) and was ended; its server has stopped."""
    with app_client(make_settings()) as client:
        pod, seats = play_tables(client)
        won = client.post(pod.url("/games/1/winner"), headers=pod.host,
                          json={"player_id": seats["Ann"].player_id})
        assert won.status_code == 200, won.text
        assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    return pod, seats


@pytest.fixture
def ended(stored: tuple[PodHandle, dict[str, SeatHandle]],
          make_settings: Callable[..., Settings], app_client: AppClient,
          queries_on_the_loop: Callable[[], AbstractContextManager[None]]) -> Iterator[Ended]:
    """The stored pod, in a server started again on the same database."""
    with app_client(make_settings()) as client, queries_on_the_loop():
        yield Ended(*stored, client)


def _correct(ended: Ended) -> Any:
    body = {"placings": [{"player_id": ended.seats["Bob"].player_id, "place": 1},
                         {"player_id": ended.seats["Ann"].player_id, "place": 2},
                         {"player_id": ended.seats["Cid"].player_id, "place": 3}]}
    return ended.client.post(ended.pod.url("/games/1/result"), headers=ended.pod.host, json=body)


def _socket(ended: Ended, token: str) -> Any:
    """The first message a socket of the pod gets (a `snapshot` when it was let in)."""
    with ended.client.websocket_connect(f"/ws/pods/{ended.pod.pod_id}?token={token}") as ws:
        return ws.receive_json()


ROUTES: dict[str, Callable[[Ended], Any]] = {
    "host view": lambda e: e.client.get(e.pod.url("/host"), headers=e.pod.host),
    "summary": lambda e: e.client.get(e.pod.url("/summary"), headers=e.pod.host),
    "export.zip": lambda e: e.client.get(e.pod.url("/export.zip"), headers=e.pod.host),
    "games": lambda e: e.client.get(e.pod.url("/games/1"), headers=e.pod.host),
    "result correction": _correct,
    "winner": lambda e: e.client.post(e.pod.url("/games/1/winner"), headers=e.pod.host,
                                      json={"player_id": e.seats["Cid"].player_id}),
    "seat view": lambda e: e.client.get(e.pod.url("/me"), headers=e.seats["Ann"].auth),
    "seat export": lambda e: e.client.get(e.pod.url("/export?what=pool"),
                                          headers=e.seats["Ann"].auth),
}


def test_a_done_pods_routes_answer_after_a_restart(ended: Ended) -> None:
    """Rule: what a done pod answers before a restart it answers after one: every route
    below (in one server, since each pays for a drafted and ended pod)."""
    refused = {route: (response.status_code, response.text)
               for route, call in ROUTES.items()
               if (response := call(ended)).status_code != 200}
    assert refused == {}


def test_a_done_pods_sockets_open_after_a_restart(ended: Ended) -> None:
    """Rule: the host's and a seat's sockets of a done pod open after a restart."""
    for token in (ended.pod.host_token, ended.seats["Ann"].token):
        message = _socket(ended, token)
        assert message["type"] == "snapshot" and message["view"]["phase"] == "done"


def test_a_correction_after_a_restart_is_stored(
        stored: tuple[PodHandle, dict[str, SeatHandle]],
        make_settings: Callable[..., Settings], app_client: AppClient) -> None:
    """Rule: last Friday's wrong result can be corrected, and the correction stays."""
    pod, seats = stored
    for _restart in range(2):
        with app_client(make_settings()) as client:
            assert _correct(Ended(pod, seats, client)).status_code == 200
    with app_client(make_settings()) as client:
        game = client.get(pod.url("/games/1"), headers=pod.host).json()
    assert game["winner"] == seats["Bob"].player_id


def test_a_done_pod_keeps_its_phase_and_players_after_a_restart(ended: Ended) -> None:
    """Rule: the done pod loaded on demand is the pod as stored, not a fresh one."""
    host = ended.client.get(ended.pod.url("/host"), headers=ended.pod.host).json()
    assert host["phase"] == "done"
    assert sorted(p["name"] for p in host["players"]) == ["Ann", "Bob", "Cid"]


def test_an_unknown_pod_is_still_404_after_a_restart(ended: Ended) -> None:
    """Rule: loading done pods on demand invents none: an unknown id is 404 `unknown_pod`."""
    response = ended.client.get("/api/pods/nosuchpod/host", headers=ended.pod.host)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "unknown_pod"


def test_the_event_summary_lists_its_done_pod_after_a_restart(
        make_settings: Callable[..., Settings], app_client: AppClient,
        queries_on_the_loop: Callable[[], AbstractContextManager[None]]) -> None:
    """Rule: the night's summary lists its finished pods after a restart."""
    settings = make_settings()
    with app_client(settings) as client:
        created = client.post("/api/events", json={"set": "CMR", "seed": 3}).json()
        event, host = created["event_id"], bearer(created["host_token"])
        tokens = [client.post(f"/api/events/{event}/players", json={"name": name}).json()
                  ["player_token"] for name in ("Ann", "Bob")]
        formed = client.post(f"/api/events/{event}/pods", headers=host,
                             json={"policy": "balanced"}).json()
        pod_id = formed["pods"][0]["pod_id"]
        assert client.post(f"/api/events/{event}/start", headers=host).status_code == 200
        draft_until_done(client, [SeatHandle(pod_id, "", token, "") for token in tokens])
        assert client.post(f"/api/pods/{pod_id}/end", headers=host).status_code == 200
        before = client.get(f"/api/events/{event}/summary", headers=host).json()
    with app_client(settings) as client, queries_on_the_loop():
        after = client.get(f"/api/events/{event}/summary", headers=host)
    assert after.status_code == 200, after.text
    assert [p["pod_id"] for p in after.json()["pods"]] == [pod_id]
    assert after.json() == before


def _pod(pod_id: str) -> LivePod:
    return LivePod(setup=PodSetup(id=pod_id, set_code="CMR", seats=2, seed=1,
                                  timer_seconds=None, bots_allowed=True, host_hash="h"))


def test_the_registry_keeps_a_bounded_number_of_resting_done_pods() -> None:
    """Rule: a long season's finished pods do not grow memory without bound: the least
    recently asked-for resting pod goes first."""
    registry = Registry(resting=2)
    for pod_id in ("a", "b"):
        registry.rest(_pod(pod_id))
    assert registry.find("a") is not None  # "a" is now the most recent
    registry.rest(_pod("c"))
    assert registry.find("b") is None
    assert registry.find("a") is not None and registry.find("c") is not None


def test_an_earlier_load_of_a_resting_pod_wins() -> None:
    """Rule: two requests that loaded the same done pod at once share one pod in memory,
    so a correction is not made on a copy nobody sees."""
    registry = Registry()
    first = registry.rest(_pod("a"))
    assert registry.rest(_pod("a")) is first
    live = _pod("b")
    registry.add(live)
    assert registry.rest(_pod("b")) is live
