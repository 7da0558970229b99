"""What the host's views keep hidden: a seed rebuilds every pack of its pod, so no host view
(the pod's, the night's, the host's socket) carries one; and under the reveal rule no deck's
commanders or colors reach the host's summary before the rule shows every seat.

Why the whole JSON tree is searched, not one key: a seed or a commander moved to another
key (or into a link) is the same leak."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import (
    SeatHandle,
    bearer,
    join,
    new_pod,
    start,
    take_first,
)

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

SEED = 5_183_902_771_640_219_337
"""A seed no count, id or time of a view could be by chance."""


def walk(node: Any, path: str = "$") -> Iterator[tuple[str, Any]]:
    """Every (path, value) of a JSON tree, keys included as values of their own path."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield f"{path}.{key}#key", key
            yield from walk(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, f"{path}[{index}]")


def seed_leaks(view: Any, seeds: set[int]) -> list[str]:
    """Where `view` names a seed: a key called seed, or one of `seeds` as a number or
    inside a string."""
    return [path for path, value in walk(view) if names_a_seed(path, value, seeds)]


def names_a_seed(path: str, value: Any, seeds: set[int]) -> bool:
    if isinstance(value, str):
        is_seed_key = path.endswith("#key") and value.lower() == "seed"
        return is_seed_key or any(str(seed) in value for seed in seeds)
    return isinstance(value, int) and not isinstance(value, bool) and value in seeds


def stored_seed(settings: Settings, table: str, row_id: str) -> int:
    """The seed the database holds for a pod or an event (what the views must not show)."""
    engine = sa.create_engine(settings.db_url)
    try:
        with engine.connect() as connection:
            return int(connection.execute(sa.text(f"SELECT seed FROM {table} WHERE id = :i"),
                                          {"i": row_id}).scalar_one())
    finally:
        engine.dispose()


def test_no_host_view_of_a_pod_carries_its_seed_during_the_draft(
    client: TestClient, settings: Settings,
) -> None:
    """The host view over HTTP, as a command's answer and on the host's socket, while the
    table drafts: no seed anywhere in it."""
    pod = new_pod(client, seats=2, seed=SEED)
    ann, _bob = join(client, pod, "Ann"), join(client, pod, "Bob")
    views = [client.get(pod.url("/host"), headers=pod.host).json(), start(client, pod)]
    assert take_first(client, ann).status_code == 200
    views.append(client.post(pod.url("/pause"), headers=pod.host).json())
    views.append(client.get(pod.url("/host"), headers=pod.host).json())
    with client.websocket_connect(f"/ws/pods/{pod.pod_id}?token={pod.host_token}") as ws:
        views.append(ws.receive_json())
    assert views[-2]["phase"] == "drafting"
    seeds = {SEED, stored_seed(settings, "pod", pod.pod_id)}
    for view in views:
        assert seed_leaks(view, seeds) == []


def night_of(client: TestClient, seed: int) -> tuple[str, dict[str, str], list[SeatHandle]]:
    """A night (event) of Ann and Bob, its pod formed and drafting."""
    night = client.post("/api/events", json={"set": "CMR", "seed": seed}).json()
    event = f"/api/events/{night['event_id']}"
    seats = []
    for name in ("Ann", "Bob"):
        joined = client.post(f"{event}/players", json={"name": name}).json()
        seats.append(SeatHandle("", joined["player_id"], joined["player_token"], name))
    host = bearer(night["host_token"])
    assert client.post(f"{event}/pods", headers=host, json={}).status_code == 200
    assert client.post(f"{event}/start", headers=host).status_code == 200
    pod_id = client.get(f"{event}/me", headers=seats[0].auth).json()["pod_id"]
    return night["event_id"], host, [SeatHandle(pod_id, s.player_id, s.token, s.name)
                                     for s in seats]


def test_no_host_view_of_a_night_carries_a_seed(client: TestClient, settings: Settings) -> None:
    """The night's host view, its pods' host views and its summary name neither the night's
    seed nor any of its pods' seeds (each pod's is drawn from the night's)."""
    event_id, host, seats = night_of(client, SEED)
    pod_id = seats[0].pod_id
    seeds = {SEED, stored_seed(settings, "event", event_id),
             stored_seed(settings, "pod", pod_id)}
    views = [client.get(f"/api/events/{event_id}/host", headers=host).json(),
             client.get(f"/api/pods/{pod_id}/host", headers=host).json(),
             client.get(f"/api/events/{event_id}/summary", headers=host).json()]
    assert views[1]["phase"] == "drafting"
    for view in views:
        assert seed_leaks(view, seeds) == []

