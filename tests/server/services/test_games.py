"""The games at the tables over HTTP: the board, taps, undo, winners, who may act."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    me,
    play_tables,
)
from tests.server.support.databases import SQLITE_ONLY

People = tuple[PodHandle, dict[str, SeatHandle]]


def play(client: TestClient, names: tuple[str, ...] = ("Ann", "Bob", "Cid")) -> People:
    return play_tables(client, names)


@pytest.fixture
def table(played_table: People) -> People:
    """Ann, Bob and Cid at their table, played once per worker (services/conftest.py)."""
    return played_table


def game_of(client: TestClient, seat: SeatHandle) -> dict[str, Any]:
    game = me(client, seat)["game"]
    assert game is not None
    return dict(game)


def player(game: dict[str, Any], name: str) -> dict[str, Any]:
    return dict(next(p for p in game["players"] if p["name"] == name))


def tap(client: TestClient, pod: PodHandle, seat: SeatHandle | None, target: str,
        delta: int, **extra: Any) -> Any:
    game = game_of(client, seat) if seat else client.get(pod.url("/host"),
                                                         headers=pod.host).json()["games"][0]
    body = {"kind": "life", "target": player(game, target)["player_id"], "delta": delta, **extra}
    return client.post(pod.url(f"/games/{game['table']}"),
                       headers=seat.auth if seat else pod.host, json=body)


@SQLITE_ONLY
def test_the_split_starts_a_game_at_40_with_each_decks_commanders(
    client: TestClient, table: People
) -> None:
    _pod, seats = table
    game = game_of(client, seats["Ann"])
    assert {p["life"] for p in game["players"]} == {40}
    ann = player(game, "Ann")
    assert [c["name"] for c in ann["commanders"]] == ["The Prismatic Piper"] * 2
    assert player(game, "Bob")["commanders"][0]["name"] == "Commander"  # no deck: placeholder
    assert game["seq"] == 0 and game["winner"] is None


@SQLITE_ONLY
def test_a_tap_is_seen_by_everyone_at_the_table(client: TestClient, table: People) -> None:
    pod, seats = table
    response = tap(client, pod, seats["Ann"], "Bob", -3)
    assert response.status_code == 200, response.text
    assert player(response.json(), "Bob")["life"] == 37
    for seat in seats.values():
        assert player(game_of(client, seat), "Bob")["life"] == 37


def test_two_conflicting_taps_both_apply(client: TestClient, table: People) -> None:
    pod, seats = table
    tap(client, pod, seats["Ann"], "Cid", -5)
    tap(client, pod, seats["Bob"], "Cid", 2)
    assert player(game_of(client, seats["Cid"]), "Cid")["life"] == 37


@SQLITE_ONLY
def test_commander_damage_counts_per_commander_and_21_is_out(
    client: TestClient, table: People
) -> None:
    pod, seats = table
    game = game_of(client, seats["Bob"])
    ann, bob = player(game, "Ann"), player(game, "Bob")
    hit = {"kind": "commander_damage", "target": bob["player_id"],
           "source": {"owner": ann["player_id"], "index": 1}}
    for delta in (10, 11):
        response = client.post(pod.url("/games/1"), headers=seats["Ann"].auth,
                               json={**hit, "delta": delta})
        assert response.status_code == 200, response.text
    bob = player(response.json(), "Bob")
    assert bob["out"] is True and bob["life"] == 19
    assert {(d["index"], d["amount"]) for d in bob["damage"] if d["owner"] == ann["player_id"]} \
        == {(0, 0), (1, 21)}


@SQLITE_ONLY
def test_commander_casts_add_tax(client: TestClient, table: People) -> None:
    pod, seats = table
    ann = player(game_of(client, seats["Ann"]), "Ann")
    cast = {"kind": "commander_cast", "target": ann["player_id"], "delta": 1,
            "source": {"owner": ann["player_id"], "index": 0}}
    client.post(pod.url("/games/1"), headers=seats["Ann"].auth, json=cast)
    game = client.post(pod.url("/games/1"), headers=seats["Ann"].auth, json=cast).json()
    assert player(game, "Ann")["commanders"][0] == {
        "index": 0, "name": "The Prismatic Piper", "placeholder": False, "casts": 2, "tax": 4}


@SQLITE_ONLY
def test_only_the_author_can_undo(client: TestClient, table: People) -> None:
    pod, seats = table
    seq = tap(client, pod, seats["Ann"], "Bob", -4).json()["seq"]
    refused = client.post(pod.url("/games/1/undo"), headers=seats["Bob"].auth, json={"seq": seq})
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "undo_refused"
    undone = client.post(pod.url("/games/1/undo"), headers=seats["Ann"].auth, json={"seq": seq})
    assert undone.status_code == 200
    assert player(undone.json(), "Bob")["life"] == 40
    assert undone.json()["log"][0]["undone"] is True


def test_a_tap_resent_with_the_same_ref_applies_once(client: TestClient, table: People) -> None:
    pod, seats = table
    first = tap(client, pod, seats["Ann"], "Bob", -3, ref="ann-1")
    tap(client, pod, seats["Bob"], "Cid", -1, ref="ann-1")  # another author's ref is its own
    again = tap(client, pod, seats["Ann"], "Bob", -3, ref="ann-1")
    assert first.status_code == again.status_code == 200, again.text
    assert first.json()["applied"] == again.json()["applied"] == 1
    assert player(again.json(), "Bob")["life"] == 37 and again.json()["seq"] == 2


@SQLITE_ONLY
def test_the_same_ref_for_another_change_is_refused(client: TestClient, table: People) -> None:
    pod, seats = table
    tap(client, pod, seats["Ann"], "Bob", -3, ref="r")
    other = tap(client, pod, seats["Ann"], "Bob", -4, ref="r")
    assert other.status_code == 409 and other.json()["error"]["code"] == "ref_reused"
    assert player(game_of(client, seats["Ann"]), "Bob")["life"] == 37


def test_a_resent_undo_is_answered_as_the_first_time(client: TestClient, table: People) -> None:
    pod, seats = table
    seq = tap(client, pod, seats["Ann"], "Bob", -4, ref="t").json()["applied"]
    undo = {"seq": seq, "ref": "u"}
    first = client.post(pod.url("/games/1/undo"), headers=seats["Ann"].auth, json=undo)
    again = client.post(pod.url("/games/1/undo"), headers=seats["Ann"].auth, json=undo)
    assert again.status_code == 200 and again.json()["applied"] == first.json()["applied"] == 2
    assert player(again.json(), "Bob")["life"] == 40 and again.json()["seq"] == 2


@SQLITE_ONLY
def test_the_host_may_adjust_and_records_the_winner(client: TestClient, table: People) -> None:
    pod, seats = table
    assert tap(client, pod, None, "Ann", -1).status_code == 200
    cid = player(game_of(client, seats["Cid"]), "Cid")["player_id"]
    by_seat = client.post(pod.url("/games/1/winner"), headers=seats["Cid"].auth,
                          json={"player_id": cid})
    assert by_seat.status_code == 403
    won = client.post(pod.url("/games/1/winner"), headers=pod.host, json={"player_id": cid})
    assert won.status_code == 200 and won.json()["winner"] == cid
    summary = client.get(pod.url("/summary"), headers=pod.host).json()
    assert summary["games"][0]["winner"] == "Cid"
    assert any(p["deck"] and p["deck"]["legal"] is False for p in summary["players"])
    text = client.get(pod.url("/summary?format=text"), headers=pod.host)
    assert "won by Cid" in text.text  # the night is not over: its decks stay hidden
    assert "Ann: deck hidden until the reveal (not legal)" in text.text
    assert client.get(pod.url("/summary"), headers=seats["Ann"].auth).status_code == 403
    russian = client.get(pod.url("/summary?format=text&lang=ru"), headers=pod.host).text
    assert "победа: Cid" in russian and "Bob: колоды нет" in russian


@SQLITE_ONLY
def test_the_next_game_starts_fresh_and_keeps_the_old_winner(
    client: TestClient, table: People
) -> None:
    pod, seats = table
    tap(client, pod, seats["Ann"], "Bob", -7)
    ann = player(game_of(client, seats["Ann"]), "Ann")["player_id"]
    client.post(pod.url("/games/1/winner"), headers=pod.host, json={"player_id": ann})
    fresh = client.post(pod.url("/games/1/next"), headers=pod.host)
    assert fresh.status_code == 200 and fresh.json()["number"] == 2
    assert {p["life"] for p in fresh.json()["players"]} == {40}
    games = client.get(pod.url("/summary"), headers=pod.host).json()["games"]
    assert [(g["number"], g["winner"]) for g in games] == [(1, "Ann"), (2, None)]


@SQLITE_ONLY
def test_a_tap_for_a_game_that_is_over_never_lands_in_the_next_one(
    client: TestClient, table: People
) -> None:
    pod, seats = table
    assert tap(client, pod, seats["Ann"], "Bob", -3, ref="a1", game=1).status_code == 200
    assert client.post(pod.url("/games/1/next"), headers=pod.host).status_code == 200
    late = tap(client, pod, seats["Ann"], "Bob", -3, ref="a1", game=1)  # a resend, too late
    assert late.status_code == 409 and late.json()["error"]["code"] == "game_over"
    undo = client.post(pod.url("/games/1/undo"), headers=seats["Ann"].auth,
                       json={"seq": 1, "ref": "u1", "game": 1})
    assert undo.status_code == 409 and undo.json()["error"]["code"] == "game_over"
    game = game_of(client, seats["Ann"])
    assert game["number"] == 2 and game["seq"] == 0 and player(game, "Bob")["life"] == 40
    assert tap(client, pod, seats["Ann"], "Bob", -3, ref="a1", game=2).status_code == 200


@SQLITE_ONLY
def test_players_act_only_at_their_own_table(client: TestClient) -> None:
    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
    pod, seats = play(client, names)
    tables = client.get(pod.url("/host"), headers=pod.host).json()["tables"]
    assert len(tables) == 2
    outsider = seats[tables[1]["players"][0]]
    assert me(client, outsider)["game"]["table"] == 2
    for method, path in (("get", "/games/1"), ("post", "/games/1")):
        response = getattr(client, method)(
            pod.url(path), headers=outsider.auth,
            **({"json": {"kind": "life", "target": "x", "delta": 1}} if method == "post" else {}))
        assert response.status_code == 403, response.text
        assert response.json()["error"]["code"] == "not_at_table"


@pytest.mark.parametrize("body", [
    {"kind": "life", "target": "", "delta": 1},
    {"kind": "poison", "target": "a", "delta": 1},
    {"kind": "life", "target": "a", "delta": 10_000},
    {"kind": "life", "target": "a<b", "delta": 1},
    {"kind": "commander_damage", "target": "a", "delta": 1, "source": {"owner": "a",
                                                                      "index": 2}},
    {"kind": "life", "target": "a", "delta": 1, "extra": True},
])
@SQLITE_ONLY
def test_bad_adjustments_are_422_with_the_envelope(
    client: TestClient, table: People, body: dict[str, Any]
) -> None:
    pod, seats = table
    response = client.post(pod.url("/games/1"), headers=seats["Ann"].auth, json=body)
    assert response.status_code == 422
    assert "error" in response.json()


@SQLITE_ONLY
def test_rules_refusals_are_422_and_unknown_tables_404(client: TestClient, table: People) -> None:
    pod, seats = table
    zero = tap(client, pod, seats["Ann"], "Bob", 0)
    assert zero.status_code == 422 and zero.json()["error"]["code"] == "bad_adjustment"
    stranger = client.post(pod.url("/games/1"), headers=seats["Ann"].auth,
                           json={"kind": "life", "target": "nobody", "delta": 1})
    assert stranger.json()["error"]["code"] == "unknown_player"
    assert client.get(pod.url("/games/3"), headers=pod.host).status_code == 404
    assert client.get(pod.url("/games/99"), headers=pod.host).status_code == 422
    assert client.get(pod.url("/games/1")).status_code == 401


def test_games_survive_a_restart(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod, seats = play(client)
        tap(client, pod, seats["Ann"], "Bob", -6, ref="a1")
        seq = tap(client, pod, seats["Bob"], "Ann", -2).json()["seq"]
        client.post(pod.url("/games/1/undo"), headers=seats["Bob"].auth, json={"seq": seq})
        before = game_of(client, seats["Cid"])
    with app_client(settings) as client:
        after = game_of(client, seats["Cid"])
        assert after["players"] == before["players"] and after["seq"] == before["seq"] == 3
        again = client.post(pod.url("/games/1/undo"), headers=seats["Bob"].auth,
                            json={"seq": seq})
        assert again.status_code == 409  # already undone, also after the restart
        resent = tap(client, pod, seats["Ann"], "Bob", -6, ref="a1")
        assert resent.json()["applied"] == 1 and resent.json()["seq"] == 3  # refs survive too
