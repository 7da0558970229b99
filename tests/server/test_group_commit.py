"""Picks through the group commit: a failed commit is "try again" and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.db import repo
from tests.server.builders import join, me, new_pod, start, take_first


def test_a_pick_whose_commit_fails_is_db_busy_and_leaves_the_pod_as_it_was(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    pod = new_pod(client, bots=True)
    seat = join(client, pod, "Ann")
    start(client, pod)
    before = me(client, seat)
    real = repo.append_picks

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(repo, "append_picks", broken)
    response = take_first(client, seat, before)
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "db_busy"
    after = me(client, seat)
    assert (after["pick"], after["pack"], after["pool"]) == (
        before["pick"], before["pack"], before["pool"])
    monkeypatch.setattr(repo, "append_picks", real)
    retried = take_first(client, seat, before)
    assert retried.status_code == 200, retried.text
    assert retried.json()["pick"] == before["pick"] + 1
