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


def with_decks(client: TestClient, mode: str) -> tuple[PodHandle, list[str]]:
    """Ann and Bob drafted a pod under `mode` and each submitted a deck led by a commander
    of their pool; returns the pod and the commanders' names (the pod is building)."""
    pod = new_pod(client, seats=2, seed=11, replay_visibility=mode)
    seats = [join(client, pod, name) for name in ("Ann", "Bob")]
    start(client, pod)
    draft_until_done(client, seats)
    names = []
    for seat in seats:
        view = me(client, seat)
        commander = view["commander_choices"]["eligible"][0]
        names += [c["name"] for c in view["pool"] if c["id"] == commander]
        main = [c["id"] for c in view["pool"] if c["id"] != commander][:20]
        deck = {"commanders": [{"card_id": commander}], "main": main, "basics": {"Plains": 5}}
        response = client.put(pod.url("/deck"), headers=seat.auth, json=deck)
        assert response.status_code == 200, response.text
    return pod, names


def deck_leaks(summary: Any, commanders: list[str]) -> list[str]:
    """Where a summary names a deck's commander or gives a deck's colors or size."""
    return [path for path, value in walk(summary) if tells_a_deck(path, value, commanders)]


def tells_a_deck(path: str, value: Any, commanders: list[str]) -> bool:
    if isinstance(value, str):
        return any(name in value for name in commanders)
    deck_fact = ".deck." in path and path.endswith(("color_identity", "commanders", "size"))
    return deck_fact and value is not None


def test_the_summary_hides_the_decks_while_building_under_after_night(
    client: TestClient,
) -> None:
    """Under `after_night` the decks stay secret until the host ends the night: the host's
    summary (JSON and text) says who submitted a legal deck, never its commanders, colors
    or size."""
    pod, commanders = with_decks(client, "after_night")
    summary = client.get(pod.url("/summary"), headers=pod.host).json()
    assert summary["phase"] == "building"
    assert deck_leaks(summary, commanders) == []
    assert [p["deck"]["legal"] for p in summary["players"]] == [False, False]
    text = client.get(pod.url("/summary"), headers=pod.host, params={"format": "text"}).text
    assert "Ann" in text and not any(name in text for name in commanders)
    assert "[" not in text


def test_the_summary_shows_the_decks_once_the_rule_shows_every_seat(
    client: TestClient,
) -> None:
    """Under `after_draft` the decks are open once the draft is over; under `after_night`
    once the host ends the night."""
    pod, commanders = with_decks(client, "after_draft")
    summary = client.get(pod.url("/summary"), headers=pod.host).json()
    assert sorted(c for p in summary["players"] for c in p["deck"]["commanders"]) == sorted(
        commanders)
    assert all(p["deck"]["size"] == 26 for p in summary["players"])
    pod, commanders = with_decks(client, "after_night")
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    summary = client.get(pod.url("/summary"), headers=pod.host).json()
    assert deck_leaks(summary, commanders) != []
    text = client.get(pod.url("/summary"), headers=pod.host, params={"format": "text"}).text
    assert all(name in text for name in commanders)
