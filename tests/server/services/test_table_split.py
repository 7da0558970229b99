"""Splitting with care: the host confirms who is left without a legal deck and which games
a re-split ends; a late deck still counts until its table's first change."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    draft_until_done,
    join,
    me,
    new_pod,
    start,
)

People = tuple[PodHandle, dict[str, SeatHandle]]


def piper_deck(color: str) -> dict[str, Any]:
    """A legal deck from any pool: one Piper and 59 basics of its color."""
    basic = {"R": "Mountain", "G": "Forest", "U": "Island"}[color]
    return {"commanders": [{"piper": True, "color": color}], "main": [], "basics": {basic: 59}}


@pytest.fixture
def drafted(client: TestClient) -> People:
    """Three people drafted; only Ann has submitted a (legal) deck."""
    pod = new_pod(client, seats=3, seed=9)
    seats = {name: join(client, pod, name) for name in ("Ann", "Bob", "Cid")}
    start(client, pod)
    draft_until_done(client, list(seats.values()))
    response = client.put(pod.url("/deck"), headers=seats["Ann"].auth, json=piper_deck("R"))
    assert response.json()["report"]["legal"] is True
    return pod, seats


def split(client: TestClient, pod: PodHandle, **body: Any) -> Any:
    return client.post(pod.url("/tables"), headers=pod.host, json=body)


def commanders(client: TestClient, seat: SeatHandle, name: str) -> list[str]:
    game = me(client, seat)["game"]
    return [c["name"] for p in game["players"] if p["name"] == name for c in p["commanders"]]


def test_the_host_view_names_everyone_without_a_legal_deck(
    client: TestClient, drafted: People
) -> None:
    pod, _seats = drafted
    host = client.get(pod.url("/host"), headers=pod.host).json()
    assert sorted(host["without_legal_deck"]) == ["Bob", "Cid"]


def test_splitting_without_every_legal_deck_needs_the_hosts_word(
    client: TestClient, drafted: People
) -> None:
    pod, _seats = drafted
    refused = split(client, pod)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "decks_missing"
    assert "Bob" in refused.json()["error"]["message"]
    assert client.get(pod.url("/host"), headers=pod.host).json()["phase"] == "building"
    assert split(client, pod, without_decks=True).status_code == 200


def test_a_deck_may_come_after_the_split_and_seats_its_commanders(
    client: TestClient, drafted: People
) -> None:
    pod, seats = drafted
    split(client, pod, without_decks=True)
    bob = seats["Bob"]
    assert me(client, bob)["deck_open"] is True
    assert commanders(client, bob, "Bob") == ["Commander"]
    response = client.put(pod.url("/deck"), headers=bob.auth, json=piper_deck("G"))
    assert response.status_code == 200, response.text
    assert commanders(client, bob, "Bob") == ["The Prismatic Piper"]
    # A change of mind before the first tap is fine too.
    two = {"commanders": [{"piper": True, "color": "G"}, {"piper": True, "color": "U"}],
           "main": [], "basics": {"Forest": 58}}
    assert client.put(pod.url("/deck"), headers=bob.auth, json=two).status_code == 200
    assert commanders(client, bob, "Bob") == ["The Prismatic Piper"] * 2


def test_the_first_change_at_a_table_fixes_its_decks(client: TestClient, drafted: People) -> None:
    pod, seats = drafted
    split(client, pod, without_decks=True)
    bob = seats["Bob"]
    game = me(client, bob)["game"]
    target = game["players"][0]["player_id"]
    tap = client.post(pod.url(f"/games/{game['table']}"), headers=pod.host,
                      json={"kind": "life", "target": target, "delta": -1})
    assert tap.status_code == 200
    assert me(client, bob)["deck_open"] is False
    late = client.put(pod.url("/deck"), headers=bob.auth, json=piper_deck("G"))
    assert late.status_code == 409
    assert late.json()["error"]["code"] == "deck_locked"
    assert commanders(client, bob, "Bob") == ["Commander"]


def test_re_splitting_an_untouched_night_asks_nothing_and_keeps_game_one(
    client: TestClient, drafted: People
) -> None:
    pod, _seats = drafted
    split(client, pod, without_decks=True)
    again = split(client, pod, without_decks=True)
    assert again.status_code == 200, again.text
    assert [g["number"] for g in again.json()["games"]] == [1]
    summary = client.get(pod.url("/summary"), headers=pod.host).json()
    assert [(g["table"], g["number"]) for g in summary["games"]] == [(1, 1)]


def test_re_splitting_during_play_names_the_games_it_ends_and_keeps_them(
    client: TestClient, drafted: People
) -> None:
    pod, seats = drafted
    split(client, pod, without_decks=True)
    game = me(client, seats["Ann"])["game"]
    cid = next(p["player_id"] for p in game["players"] if p["name"] == "Cid")
    client.post(pod.url("/games/1"), headers=pod.host,
                json={"kind": "life", "target": cid, "delta": -7})
    refused = split(client, pod, without_decks=True)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "games_in_progress"
    assert "Table 1 game 1" in refused.json()["error"]["message"]
    host = client.get(pod.url("/host"), headers=pod.host).json()
    assert host["games_in_play"] == [{"table": 1, "number": 1}]
    assert me(client, seats["Ann"])["game"]["game_id"] == game["game_id"]  # untouched

    ended = split(client, pod, without_decks=True, end_games=True)
    assert ended.status_code == 200, ended.text
    assert [g["number"] for g in ended.json()["games"]] == [2]
    summary = client.get(pod.url("/summary"), headers=pod.host).json()
    labels = [(g["table"], g["number"]) for g in summary["games"]]
    assert labels == [(1, 1), (1, 2)]
    first = summary["games"][0]
    assert {p["name"]: p["life"] for p in first["players"]}["Cid"] == 33
    assert first["current"] is False
    # The new game numbers on: decks stay fixed after a game was played.
    assert me(client, seats["Bob"])["deck_open"] is False


def test_a_late_deck_keeps_the_pods_starting_life(client: TestClient) -> None:
    """A pod that plays at 30 still plays at 30 after a late deck reseats its table."""
    pod = new_pod(client, seats=3, seed=9, starting_life=30)
    seats = {name: join(client, pod, name) for name in ("Ann", "Bob", "Cid")}
    start(client, pod)
    draft_until_done(client, list(seats.values()))
    split(client, pod, without_decks=True)
    bob = seats["Bob"]
    assert {p["life"] for p in me(client, bob)["game"]["players"]} == {30}
    assert client.put(pod.url("/deck"), headers=bob.auth, json=piper_deck("G")).status_code == 200
    assert {p["life"] for p in me(client, bob)["game"]["players"]} == {30}
