"""Pods that draft a cube list (`POST /api/pods` with `"cube"`) instead of a set's boosters."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from draft.cards import load_set
from draft.cube import parse_cube
from server.core.settings import Settings
from server.services.night import lifecycle
from tests.server.support.builders import join, me, new_pod, start, take_first

COMMONS = sorted({c.name for c in load_set("CMR").cards if c.rarity == "common"}) + sorted(
    {c.name for c in load_set("CLB").cards if c.rarity == "common"}
)


def cube(cards: int, copies: int = 2) -> str:
    names = COMMONS[: cards // copies]
    return "\n".join(f"{copies} {name}" for name in names)


def test_a_cube_pod_deals_20_card_packs_from_the_list(client: TestClient) -> None:
    pod = new_pod(client, seats=2, cube=cube(120))
    assert client.get(pod.url()).json()["set"] == "CUBE"
    seat = join(client, pod, "Ann")
    start(client, pod)
    pack = me(client, seat)["pack"]
    assert len(pack) == 20 and {card["slot"] for card in pack} == {"cube"}
    assert {card["name"] for card in pack} <= set(COMMONS)


def test_a_cube_pod_survives_a_restart(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod = new_pod(client, seats=2, seed=5, cube=cube(120))
        ann = join(client, pod, "Ann")
        start(client, pod)
        assert take_first(client, ann).status_code == 200
        before = me(client, ann)
    with app_client(settings) as client:
        after = me(client, ann)
    before.pop("version"), after.pop("version")
    assert after == before


def test_a_cube_too_small_for_the_seats_is_refused(client: TestClient) -> None:
    response = client.post("/api/pods", json={"seats": 8, "cube": cube(120)})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "cube_too_small" and "need 480" in error["message"]


def test_an_unknown_card_is_refused_with_a_suggestion(client: TestClient) -> None:
    response = client.post("/api/pods", json={"seats": 2, "cube": "1 Sol Rnig"})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "bad_cube_list" and "did you mean 'Sol Ring'" in error["message"]


def test_a_flood_list_is_refused_at_once_with_its_own_code(client: TestClient) -> None:
    """The review's list: 4,752 lines of `1000 Murder`, once 201 after 5-7 s. That it is
    refused before any card is looked up (so at once) is the next test's rule; speed
    itself is measured in bench/, not asserted here."""
    flood = "\n".join(["1000 Murder"] * 4752)
    response = client.post("/api/pods", json={"seats": 8, "cube": flood})
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "cube_too_large"
    many = "\n".join(["1 Murder"] * 4752)
    response = client.post("/api/pods", json={"seats": 8, "cube": many})
    assert response.json()["error"]["code"] == "cube_too_large"


def test_a_list_past_the_caps_is_refused_before_any_card_lookup(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_catalog(*args: Any) -> Any:
        raise AssertionError("the catalog was built for a list past the caps")

    monkeypatch.setattr(lifecycle, "build_catalog", no_catalog)
    flood = "\n".join(["60 Murder"] * 20)
    response = client.post("/api/pods", json={"seats": 8, "cube": flood})
    assert response.json()["error"]["code"] == "cube_too_large"


def test_a_list_is_parsed_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a cube list is being resolved, every other request is still answered: the
    parse waits until a health check got through, which could never happen first if the
    parse held the event loop (it would time out instead)."""
    resolving, answered = threading.Event(), threading.Event()
    released: list[bool] = []

    def slow_parse(*args: Any, **kwargs: Any) -> Any:
        resolving.set()
        released.append(answered.wait(10))
        return parse_cube(*args, **kwargs)

    monkeypatch.setattr(lifecycle, "parse_cube", slow_parse)
    creating = threading.Thread(
        target=lambda: client.post("/api/pods", json={"seats": 2, "cube": cube(120)}))
    creating.start()
    try:
        assert resolving.wait(10)
        assert client.get("/healthz").status_code == 200
    finally:
        answered.set()
        creating.join(20)
    assert released == [True], "the health check was answered while the list was parsed"
