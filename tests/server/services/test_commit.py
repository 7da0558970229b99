"""One commit path (`server.services.commit`): every command is staged, committed by the
writer thread, then swapped in; picks go through the group commit the same way.

Rules: a command whose commit fails on a full disk answers 503 `disk_full` and changes
nothing in memory but the host's banner (the host's view is the same before and after,
apart from `disk_full` and the version that announced it), and the same command succeeds
once the fault is gone, which takes the banner down; a pick whose commit fails is "try
again", over HTTP and over the socket, and is never acknowledged; nothing commits on the
event loop (the `commits_on_the_loop` guard in conftest fails any test that does). The
writer itself (its batches, all or nothing) is tested in `tests/server/db/test_writer.py`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from sqlmodel import Session

from server.db import repo
from tests.server.db.test_db_faults import disk_full
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


def host_view(client: TestClient, pod: PodHandle) -> dict[str, Any]:
    response = client.get(pod.url("/host"), headers=pod.host)
    assert response.status_code == 200, response.text
    return dict(response.json())


def engine_of(client: TestClient) -> sa.engine.Engine:
    return client.app.state.runtime.writer_engine  # type: ignore[attr-defined, no-any-return]


def refused_then_done(client: TestClient, pod: PodHandle, failing: str,
                      command: Callable[[], Any]) -> Any:
    """Run `command` with every `failing` statement failing: 503 and an unchanged pod;
    then again without the fault: it succeeds. Returns the successful response."""
    before = host_view(client, pod)
    with disk_full(engine_of(client), failing):
        refused = command()
    assert refused.status_code == 503, refused.text
    assert refused.json()["error"]["code"] == "disk_full"
    after = host_view(client, pod)
    assert after["disk_full"] is True
    assert without_banner(after) == without_banner(before)
    done = command()
    assert done.status_code in (200, 201), done.text
    assert host_view(client, pod)["disk_full"] is False
    return done


def without_banner(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in ("disk_full", "version")}


def test_a_commit_on_the_event_loop_is_caught(
    commits_on_the_loop: list[str], db_url: str
) -> None:
    engine = sa.create_engine(db_url)

    async def commit_on_the_loop() -> None:
        with Session(engine) as session:
            session.commit()

    asyncio.run(commit_on_the_loop())
    engine.dispose()
    assert len(commits_on_the_loop) == 1
    commits_on_the_loop.clear()


def test_a_failed_join_adds_no_player(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
    refused_then_done(client, pod, "INSERT",
                      lambda: client.post(pod.url("/seats"), json={"name": "Ann"}))
    assert [p["name"] for p in host_view(client, pod)["players"]] == ["Ann"]


@pytest.mark.parametrize("failing", ["INSERT", "UPDATE"])
def test_a_failed_start_leaves_the_lobby_as_it_was(client: TestClient, failing: str) -> None:
    """INSERT fails storing the bots; UPDATE fails seating the players."""
    pod = new_pod(client, seats=3, pick_timer_seconds=60)
    join(client, pod, "Ann")
    refused_then_done(client, pod, failing,
                      lambda: client.post(pod.url("/start"), headers=pod.host))
    view = host_view(client, pod)
    assert view["phase"] == "drafting"
    assert sorted(p["bot"] for p in view["players"]) == [False, True, True]


def test_failed_pause_resume_and_end_change_nothing(client: TestClient) -> None:
    pod = new_pod(client, seats=2, pick_timer_seconds=60)
    join(client, pod, "Ann")
    start(client, pod)
    for action in ("/pause", "/resume", "/end"):
        refused_then_done(client, pod, "UPDATE",
                          lambda action=action: client.post(pod.url(action), headers=pod.host))
    assert host_view(client, pod)["phase"] == "done"


def test_a_failed_kick_keeps_the_player_seated(client: TestClient) -> None:
    pod = new_pod(client, seats=2, pick_timer_seconds=60)
    ann = join(client, pod, "Ann")
    start(client, pod)
    refused_then_done(client, pod, "UPDATE",
                      lambda: client.delete(pod.url(f"/players/{ann.player_id}"),
                                            headers=pod.host))
    kicked = next(p for p in host_view(client, pod)["players"] if p["name"] == "Ann")
    assert kicked["bot"] and kicked["kicked"]


def test_failed_deck_and_split_change_nothing(client: TestClient) -> None:
    pod = new_pod(client, seats=2, seed=9)
    ann, bob = join(client, pod, "Ann"), join(client, pod, "Bob")
    start(client, pod)
    draft_until_done(client, [ann, bob])
    deck = {"commanders": [{"piper": True, "color": "R"}], "main": [],
            "basics": {"Mountain": 10}}
    refused_then_done(client, pod, "UPDATE",
                      lambda: client.put(pod.url("/deck"), headers=ann.auth, json=deck))
    refused_then_done(client, pod, "INSERT",
                      lambda: client.post(pod.url("/tables"), headers=pod.host,
                                          json={"without_decks": True}))
    assert host_view(client, pod)["phase"] == "playing"


def test_a_failed_event_command_stores_nothing(client: TestClient) -> None:
    with disk_full(engine_of(client), "INSERT"):
        refused = client.post("/api/events", json={"set": "CMR", "seed": 3})
    assert refused.status_code == 503
    night = client.post("/api/events", json={"set": "CMR", "seed": 3}).json()
    event = f"/api/events/{night['event_id']}"
    with disk_full(engine_of(client), "INSERT"):
        assert client.post(f"{event}/players", json={"name": "Ann"}).status_code == 503
    assert client.post(f"{event}/players", json={"name": "Ann"}).status_code == 201
    assert client.post(f"{event}/players", json={"name": "Bob"}).status_code == 201
    host = bearer(night["host_token"])
    with disk_full(engine_of(client), "INSERT"):
        assert client.post(f"{event}/pods", headers=host, json={}).status_code == 503
    shown = client.get(f"{event}/host", headers=host).json()
    assert shown["phase"] == "open" and shown["pods"] == []


# --- picks through the group commit ------------------------------------------------------


def test_a_pick_whose_commit_fails_is_db_busy_and_leaves_the_pod_as_it_was(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    pod = new_pod(client, bots=True)
    seat = join(client, pod, "Ann")
    start(client, pod)
    before = me(client, seat)
    real = repo.pick_log_rows

    def broken(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        raise RuntimeError("disk full")

    monkeypatch.setattr(repo, "pick_log_rows", broken)
    response = take_first(client, seat, before)
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "db_busy"
    after = me(client, seat)
    assert (after["pick"], after["pack"], after["pool"]) == (
        before["pick"], before["pack"], before["pool"])
    monkeypatch.setattr(repo, "pick_log_rows", real)
    retried = take_first(client, seat, before)
    assert retried.status_code == 200, retried.text
    assert retried.json()["pick"] == before["pick"] + 1


def test_a_socket_pick_whose_commit_fails_is_never_acknowledged(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ack rides in the picker's next view only after the commit: a failed commit
    sends `db_busy` and no `acks`, and the retry is acknowledged in the view showing it."""
    pod = new_pod(client, bots=True)
    seat = join(client, pod, "Ann")
    start(client, pod)
    before = me(client, seat)
    cards = [card["id"] for card in before["pack"][: before["picks_needed"]]]
    real = repo.pick_log_rows

    def broken(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        raise RuntimeError("disk full")

    with client.websocket_connect(f"/ws/pods/{pod.pod_id}?token={seat.token}") as ws:
        version = ws.receive_json()["version"]
        monkeypatch.setattr(repo, "pick_log_rows", broken)
        ws.send_json({"type": "pick", "pick": 1, "cards": cards, "ref": "p1"})
        refused = ws.receive_json()
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # nothing else came between
        assert refused["type"] == "error" and refused["code"] == "db_busy"
        assert refused["ref"] == "p1"
        monkeypatch.setattr(repo, "pick_log_rows", real)
        ws.send_json({"type": "pick", "pick": 1, "cards": cards, "ref": "p2"})
        update = ws.receive_json()
    assert update["type"] == "update" and update["base"] == version
    assert update["acks"] == ["p2"]
    assert update["view"]["pick"] == 2 and update["view"]["pool_count"] == 2
