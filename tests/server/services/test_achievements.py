"""The host's achievements for a night: its pods get the list when formed and when it
changes, and it survives a restart; only the host sets it."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.services.test_events import form, open_night
from tests.server.support.builders import bearer

FIRST = [{"name": "First blood", "points": 2}]
SECOND = [{"name": "Won with the Piper", "points": 5}, {"name": "Ramp", "points": 1}]


def put(client: TestClient, night: dict[str, Any], items: list[Any],
        token: str | None = None) -> Any:
    return client.put(f"/api/events/{night['event_id']}/achievements",
                      headers=bearer(token or night["host_token"]),
                      json={"achievements": items})


def pod_lists(client: TestClient, night: dict[str, Any]) -> list[Any]:
    host = client.get(f"/api/events/{night['event_id']}/host",
                      headers=bearer(night["host_token"])).json()
    return [client.get(f"/api/pods/{pod['pod_id']}/host",
                       headers=bearer(night["host_token"])).json()["achievements"]
            for pod in host["pods"]]


def test_a_nights_pods_get_its_achievements_when_formed_and_when_they_change(
        client: TestClient) -> None:
    night, tokens = open_night(client, 10)
    set_early = put(client, night, FIRST)
    assert set_early.status_code == 200, set_early.text
    assert set_early.json()["achievements"] == FIRST
    assert form(client, night).status_code == 200
    assert pod_lists(client, night) == [FIRST, FIRST]
    assert put(client, night, SECOND).status_code == 200
    assert pod_lists(client, night) == [SECOND, SECOND]
    by_player = put(client, night, FIRST, token=next(iter(tokens.values())))
    assert by_player.status_code == 403
    bad = put(client, night, [{"name": "x" * 41, "points": 1}])
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_achievements"
    assert pod_lists(client, night) == [SECOND, SECOND]


def test_the_lists_survive_a_restart(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        night, _ = open_night(client, 4)
        form(client, night)
        put(client, night, SECOND)
    with app_client(settings) as client:
        assert pod_lists(client, night) == [SECOND]
        host = client.get(f"/api/events/{night['event_id']}/host",
                          headers=bearer(night["host_token"])).json()
        assert host["achievements"] == SECOND


def test_a_seasons_night_offers_the_seasons_achievements(client: TestClient) -> None:
    season = client.post("/api/seasons", json={"name": "Fridays", "achievements": SECOND})
    assert season.status_code == 201, season.text
    created = client.post("/api/events", json={"set": "CMR", "seed": 5,
                                               "season_id": season.json()["season_id"]},
                          headers=bearer(season.json()["host_token"]))
    assert created.status_code == 201, created.text
    night = created.json()
    for i in range(6):
        assert client.post(f"/api/events/{night['event_id']}/players",
                           json={"name": f"Player {i + 1}"}).status_code == 201
    assert form(client, night).status_code == 200
    assert pod_lists(client, night) == [SECOND]


def test_a_seasons_achievements_follow_a_nights_rules(client: TestClient) -> None:
    """A season's list becomes every night's list, so it is checked by the same rules."""
    for bad in ([{"name": "Pacifist", "points": 0}], [{"name": "x" * 41, "points": 1}],
                [{"name": "Ramp", "points": 1}, {"name": "RAMP", "points": 2}]):
        refused = client.post("/api/seasons", json={"name": "Fridays", "achievements": bad})
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"]["code"] == "bad_achievements"
