"""How a game ends over HTTP: concessions, draws, time, confirmations, the host's
corrections, achievements; refusals change nothing; a restart replays the result."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pods.game_end import Concede
from pods.game_result import result_of
from pods.tracker import Game, Player, replay_game
from server.core.settings import Settings
from tests.server.services.test_games import People, game_of, play, player, tap
from tests.server.support.builders import PodHandle, SeatHandle
from tests.server.support.databases import SQLITE_ONLY

ACHIEVEMENTS = [{"name": "First blood", "points": 2}, {"name": "Won with the Piper", "points": 5}]


@pytest.fixture
def table(played_table: People) -> People:
    """Ann, Bob and Cid at their table, played once per worker (services/conftest.py)."""
    return played_table


def ids(game: dict[str, Any]) -> dict[str, str]:
    return {p["name"]: p["player_id"] for p in game["players"]}


def act(client: TestClient, pod: PodHandle, who: SeatHandle | None, path: str,
        body: dict[str, Any] | None = None) -> Any:
    return client.post(pod.url(f"/games/1/{path}"), headers=who.auth if who else pod.host,
                       json=body or {})


def placings(game: dict[str, Any]) -> dict[str, int]:
    names = {p["player_id"]: p["name"] for p in game["players"]}
    assert game["result"] is not None
    return {names[p["player_id"]]: p["place"] for p in game["result"]["placings"]}


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code


@SQLITE_ONLY
def test_going_out_and_conceding_place_the_players_and_everyone_sees_it(
        client: TestClient, table: People) -> None:
    pod, seats = table
    assert game_of(client, seats["Ann"])["result"] is None
    tap(client, pod, seats["Ann"], "Bob", -40)
    conceded = act(client, pod, seats["Cid"], "concede")
    assert conceded.status_code == 200, conceded.text
    for seat in seats.values():
        game = game_of(client, seat)
        assert placings(game) == {"Ann": 1, "Cid": 2, "Bob": 3}
        assert game["winner"] == ids(game)["Ann"]
        assert player(game, "Cid")["out"] and player(game, "Cid")["conceded"] == 2
    summary = client.get(pod.url("/summary"), headers=pod.host).json()
    assert summary["games"][0]["winner"] == "Ann"


def test_everyone_confirms_the_result_they_see(client: TestClient, table: People) -> None:
    pod, seats = table
    tap(client, pod, seats["Ann"], "Bob", -40)
    tap(client, pod, seats["Ann"], "Cid", -40)
    result_seq = game_of(client, seats["Bob"])["result"]["result_seq"]
    for name in ("Bob", "Cid"):
        ok = act(client, pod, seats[name], "confirm", {"result_seq": result_seq})
        assert ok.status_code == 200, ok.text
    game = game_of(client, seats["Ann"])
    assert sorted(game["result"]["confirmed"]) == sorted([ids(game)["Bob"], ids(game)["Cid"]])
    refused(act(client, pod, seats["Bob"], "confirm", {"result_seq": result_seq}),
            409, "already_confirmed")
    refused(act(client, pod, seats["Ann"], "confirm", {"result_seq": result_seq - 1}),
            409, "result_changed")


@SQLITE_ONLY
def test_a_draw_needs_everyone_still_in_and_the_host_may_call_time(
        client: TestClient, table: People) -> None:
    pod, seats = table
    assert act(client, pod, seats["Ann"], "draw").status_code == 200
    assert act(client, pod, seats["Bob"], "draw").status_code == 200
    assert game_of(client, seats["Ann"])["result"] is None
    refused(act(client, pod, seats["Bob"], "draw"), 409, "already_agreed")
    assert act(client, pod, seats["Cid"], "draw").status_code == 200
    game = game_of(client, seats["Ann"])
    assert game["result"]["draw"] and placings(game) == {"Ann": 1, "Bob": 1, "Cid": 1}
    assert game["winner"] is None


@SQLITE_ONLY
def test_time_is_called_by_the_host_only(client: TestClient, table: People) -> None:
    pod, seats = table
    tap(client, pod, seats["Ann"], "Cid", -40)
    refused(act(client, pod, seats["Ann"], "time"), 403, "wrong_role")
    called = act(client, pod, None, "time")
    assert called.status_code == 200 and called.json()["time_called"]
    assert placings(called.json()) == {"Ann": 1, "Bob": 1, "Cid": 3}
    refused(act(client, pod, None, "time"), 409, "game_ended")


@SQLITE_ONLY
def test_the_host_corrects_the_result_and_the_confirmations_drop(
        client: TestClient, table: People) -> None:
    pod, seats = table
    tap(client, pod, seats["Ann"], "Bob", -40)
    act(client, pod, seats["Cid"], "concede")
    seq = game_of(client, seats["Ann"])["result"]["result_seq"]
    act(client, pod, seats["Bob"], "confirm", {"result_seq": seq})
    who = ids(game_of(client, seats["Ann"]))
    body = {"placings": [{"player_id": who["Cid"], "place": 1},
                         {"player_id": who["Ann"], "place": 2},
                         {"player_id": who["Bob"], "place": 2}]}
    refused(client.post(pod.url("/games/1/result"), headers=seats["Ann"].auth, json=body),
            403, "wrong_role")
    fixed = client.post(pod.url("/games/1/result"), headers=pod.host, json=body)
    assert fixed.status_code == 200, fixed.text
    game = fixed.json()
    assert placings(game) == {"Cid": 1, "Ann": 2, "Bob": 2}
    assert game["result"]["by_host"] and game["result"]["confirmed"] == []
    assert game["winner"] == who["Cid"]
    cleared = client.post(pod.url("/games/1/result"), headers=pod.host, json={"placings": None})
    assert placings(cleared.json()) == {"Ann": 1, "Cid": 2, "Bob": 3}


@SQLITE_ONLY
@pytest.mark.parametrize("body, code", [
    ({"placings": [{"player_id": "nobody", "place": 1}]}, "bad_placings"),
    ({"placings": [{"player_id": "P", "place": 1}, {"player_id": "P", "place": 2}]},
     "bad_placings"),
])
def test_bad_corrections_are_refused(client: TestClient, table: People, body: dict[str, Any],
                                     code: str) -> None:
    pod, seats = table
    before = game_of(client, seats["Ann"])
    refused(client.post(pod.url("/games/1/result"), headers=pod.host, json=body), 422, code)
    assert game_of(client, seats["Ann"]) == before


@SQLITE_ONLY
def test_the_winner_route_counts_as_the_result_with_the_out_order(
        client: TestClient, table: People) -> None:
    pod, seats = table
    tap(client, pod, seats["Ann"], "Bob", -40)
    who = ids(game_of(client, seats["Ann"]))
    won = client.post(pod.url("/games/1/winner"), headers=pod.host,
                      json={"player_id": who["Cid"]})
    assert won.status_code == 200 and won.json()["winner"] == who["Cid"]
    assert placings(won.json()) == {"Cid": 1, "Ann": 2, "Bob": 3}
    cleared = client.post(pod.url("/games/1/winner"), headers=pod.host, json={"player_id": None})
    assert cleared.json()["result"] is None and cleared.json()["winner"] is None
    before = game_of(client, seats["Ann"])
    refused(client.post(pod.url("/games/1/winner"), headers=pod.host,
                        json={"player_id": "nobody"}), 422, "unknown_player")
    assert game_of(client, seats["Ann"]) == before


@SQLITE_ONLY
def test_bad_moves_are_refused_with_a_clear_error_and_change_nothing(
        client: TestClient, table: People) -> None:
    pod, seats = table
    act(client, pod, seats["Cid"], "concede")
    before = game_of(client, seats["Ann"])
    who = ids(before)
    refused(act(client, pod, seats["Cid"], "concede"), 409, "already_conceded")
    refused(act(client, pod, seats["Ann"], "concede", {"player_id": who["Bob"]}),
            403, "not_yours")
    refused(act(client, pod, None, "concede", {"player_id": "nobody"}), 422, "unknown_player")
    refused(act(client, pod, None, "concede"), 422, "unknown_player")
    refused(act(client, pod, seats["Ann"], "confirm", {"result_seq": 0}), 409, "no_result")
    refused(act(client, pod, None, "draw"), 403, "players_only")
    refused(act(client, pod, seats["Cid"], "draw"), 409, "already_out")
    assert act(client, pod, seats["Ann"], "concede", {"game": 7}).status_code == 409
    assert game_of(client, seats["Ann"]) == before


@SQLITE_ONLY
def test_moves_at_another_table_are_refused(client: TestClient) -> None:
    pod, seats = play(client, ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay"))
    tables = client.get(pod.url("/host"), headers=pod.host).json()["tables"]
    outsider = seats[tables[1]["players"][0]]
    for path in ("concede", "draw", "claims"):
        body = {"achievement": "First blood"} if path == "claims" else {}
        refused(act(client, pod, outsider, path, body), 403, "not_at_table")
    # Nor confirm or dispute table 1's result: only its own players (and the host) do.
    tap(client, pod, seats[tables[0]["players"][0]], tables[0]["players"][1], -40)
    tap(client, pod, seats[tables[0]["players"][0]], tables[0]["players"][2], -40)
    seq = game_of(client, seats[tables[0]["players"][1]])["result"]["result_seq"]
    for path in ("confirm", "dispute"):
        refused(act(client, pod, outsider, path, {"result_seq": seq}), 403, "not_at_table")
    assert game_of(client, seats[tables[0]["players"][1]])["result"]["confirmed"] == []


@SQLITE_ONLY
def test_a_conceding_player_may_take_it_back(client: TestClient, table: People) -> None:
    pod, seats = table
    tap(client, pod, seats["Ann"], "Bob", -40)
    seq = act(client, pod, seats["Cid"], "concede").json()["applied"]
    assert game_of(client, seats["Ann"])["result"] is not None
    refused(client.post(pod.url("/games/1/undo"), headers=seats["Ann"].auth, json={"seq": seq}),
            409, "undo_refused")
    back = client.post(pod.url("/games/1/undo"), headers=seats["Cid"].auth, json={"seq": seq})
    assert back.status_code == 200 and back.json()["result"] is None
    assert not player(back.json(), "Cid")["out"]


def set_achievements(client: TestClient, pod: PodHandle, items: list[Any]) -> Any:
    return client.put(pod.url("/achievements"), headers=pod.host, json={"achievements": items})


@SQLITE_ONLY
def test_achievements_are_claimed_for_oneself_and_confirmed_by_someone_else(
        client: TestClient, table: People) -> None:
    pod, seats = table
    assert set_achievements(client, pod, ACHIEVEMENTS).status_code == 200
    assert game_of(client, seats["Ann"])["achievements"] == ACHIEVEMENTS
    refused(act(client, pod, seats["Ann"], "claims", {"achievement": "Best hat"}),
            422, "unknown_achievement")
    claimed = act(client, pod, seats["Ann"], "claims", {"achievement": "first BLOOD"})
    assert claimed.status_code == 200, claimed.text
    seq = claimed.json()["applied"]
    claim = claimed.json()["claims"][0]
    assert claim["achievement"] == "First blood" and claim["confirmed_by"] is None
    refused(act(client, pod, seats["Ann"], f"claims/{seq}/confirm"), 403, "own_claim")
    refused(act(client, pod, seats["Bob"], "claims/999/confirm"), 422, "unknown_claim")
    refused(act(client, pod, None, "claims", {"achievement": "First blood"}), 403,
            "players_only")
    ok = act(client, pod, seats["Bob"], f"claims/{seq}/confirm")
    assert ok.status_code == 200 and ok.json()["claims"][0]["confirmed_by"] is not None
    tap(client, pod, seats["Ann"], "Bob", -40)
    tap(client, pod, seats["Ann"], "Cid", -40)
    awards = game_of(client, seats["Cid"])["result"]["awards"]
    assert awards == [{"player_id": ids(ok.json())["Ann"], "achievement": "First blood",
                       "points": 2}]


@pytest.mark.parametrize("items", [
    [{"name": "x" * 41, "points": 1}],
    [{"name": "Bad", "points": 0}],
    [{"name": "Bad", "points": 101}],
    [{"name": "   ", "points": 3}],
    [{"name": "Twice", "points": 3}, {"name": "twice", "points": 4}],
    [{"name": f"A{n}", "points": 1} for n in range(21)],
    [{"name": "Bad", "points": "5"}],
])
@SQLITE_ONLY
def test_bad_achievement_lists_are_refused_and_change_nothing(
        client: TestClient, table: People, items: list[Any]) -> None:
    pod, seats = table
    set_achievements(client, pod, ACHIEVEMENTS[:1])
    response = set_achievements(client, pod, items)
    assert response.status_code == 422, response.text
    assert "error" in response.json()
    assert game_of(client, seats["Ann"])["achievements"] == ACHIEVEMENTS[:1]
    by_seat = client.put(pod.url("/achievements"), headers=seats["Ann"].auth,
                         json={"achievements": []})
    assert by_seat.status_code == 403


def test_the_result_is_replayed_after_a_restart(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod, seats = play(client)
        set_achievements(client, pod, ACHIEVEMENTS)
        claim = act(client, pod, seats["Bob"], "claims", {"achievement": "First blood"})
        act(client, pod, seats["Cid"], f"claims/{claim.json()['applied']}/confirm")
        act(client, pod, seats["Cid"], "concede")
        tap(client, pod, seats["Bob"], "Ann", -40)
        seq = game_of(client, seats["Ann"])["result"]["result_seq"]
        act(client, pod, seats["Ann"], "confirm", {"result_seq": seq})
        before = game_of(client, seats["Bob"])
    with app_client(settings) as client:
        after = game_of(client, seats["Bob"])
        assert after == before
        assert placings(after) == {"Bob": 1, "Ann": 2, "Cid": 3}
        assert after["result"]["awards"][0]["achievement"] == "First blood"
        refused(act(client, pod, seats["Ann"], "confirm", {"result_seq": seq}),
                409, "already_confirmed")


def test_result_of_reads_the_log() -> None:
    players = [Player("a", "A"), Player("b", "B")]
    game: Game = replay_game(players, [Concede(1, "b", "b")])
    result = result_of(game, None)
    assert result is not None and result.place_of("a") == 1 and result.place_of("b") == 2
