"""Picks through the group commit: a failed commit is "try again" and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.db import repo
from tests.server.support.builders import join, me, new_pod, start, take_first


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
