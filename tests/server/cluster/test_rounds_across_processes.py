"""A night's later round over two `serve --cluster` processes: the round started on one
process reaches the other (every pod of the night), and a tap on a table that mixes the
pods, sent through the other process by a player of the second pod, is shown to a player
of the first pod on the first process."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.server.cluster.members import two_members
from tests.server.support.live import LiveServer
from tests.server.support.nights import Night, night_at_tables


def until(check: Callable[[], Any], seconds: float = 10) -> Any:
    """`check()`'s first truthy answer, polled (another process catches up by NOTIFY)."""
    deadline = time.monotonic() + seconds
    while True:
        answer = check()
        if answer:
            return answer
        assert time.monotonic() < deadline, "the other process never caught up"
        time.sleep(0.05)


def game_of(server: LiveServer, night: Night, name: str) -> dict[str, Any] | None:
    with server.client() as client:
        response = client.get(f"/api/pods/{night.pod_of[name]}/me", headers=night.seat(name))
    game: dict[str, Any] | None = response.json()["game"]
    return game


@pytest.mark.slow
def test_a_round_two_table_is_shared_by_both_processes(postgres_url: str,
                                                       tmp_path: Path) -> None:
    with two_members(postgres_url, tmp_path, pause=0.3) as (a, b):
        with a.client() as client:
            night = night_at_tables(client)
            started = client.post(f"/api/events/{night.event_id}/rounds", headers=night.host,
                                  json={"round": 2, "force": True})
            assert started.status_code == 200, started.text
            tables = started.json()["round_tables"]
        table = next(t for t in tables if len({night.pod_of[n] for n in t["players"]}) == 2)
        first = next(n for n in table["players"] if night.pod_of[n] == night.pod_ids[0])
        second = next(n for n in table["players"] if night.pod_of[n] == night.pod_ids[1])
        # The second process shows both players their round-two game.
        for name in (first, second):
            game = until(lambda name=name: (g := game_of(b, night, name)) and g["round"] == 2
                         and g)
            assert sorted(p["name"] for p in game["players"]) == sorted(table["players"])
        target = next(p["player_id"] for p in game["players"] if p["name"] == first)
        with b.client() as client:
            tap = client.post(f"/api/pods/{night.pod_of[second]}/games/{table['number']}",
                              headers=night.seat(second),
                              json={"kind": "life", "target": target, "delta": -4})
            assert tap.status_code == 200, tap.text
        until(lambda: (g := game_of(a, night, first)) and
              {p["name"]: p["life"] for p in g["players"]}[first] == 36)
        with a.client() as client:  # and the first process takes the next tap on top of it
            again = client.post(f"/api/pods/{night.pod_of[first]}/games/{table['number']}",
                                headers=night.seat(first),
                                json={"kind": "life", "target": target, "delta": -1})
            assert again.status_code == 200, again.text
        until(lambda: (g := game_of(b, night, second)) and
              {p["name"]: p["life"] for p in g["players"]}[first] == 35)



@pytest.mark.slow
def test_a_process_serving_only_the_second_pod_still_shows_the_mixed_tables_taps(
        postgres_url: str, tmp_path: Path) -> None:
    """A process follows only the pods it serves; a later round's game lives in the
    night's first pod, so serving a player of the second pod must keep that game current
    on this process too, though nobody of the first pod asks this process anything."""
    with two_members(postgres_url, tmp_path, pause=0.3) as (a, b):
        with a.client() as client:
            night = night_at_tables(client)
            started = client.post(f"/api/events/{night.event_id}/rounds", headers=night.host,
                                  json={"round": 2, "force": True})
            assert started.status_code == 200, started.text
            tables = started.json()["round_tables"]
        table = next(t for t in tables if len({night.pod_of[n] for n in t["players"]}) == 2)
        first = next(n for n in table["players"] if night.pod_of[n] == night.pod_ids[0])
        second = next(n for n in table["players"] if night.pod_of[n] == night.pod_ids[1])
        game = until(lambda: (g := game_of(b, night, second)) and g["round"] == 2 and g)
        target = next(p["player_id"] for p in game["players"] if p["name"] == second)
        with a.client() as client:
            tap = client.post(f"/api/pods/{night.pod_of[first]}/games/{table['number']}",
                              headers=night.seat(first),
                              json={"kind": "life", "target": target, "delta": -6})
            assert tap.status_code == 200, tap.text
        until(lambda: (g := game_of(b, night, second)) and
              {p["name"]: p["life"] for p in g["players"]}[second] == 34)
