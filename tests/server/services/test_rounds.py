"""A night's rounds: "Next round" re-seats both pods' players by tonight's points, mixes the
pods, avoids rematches where it can, refuses what it must, and survives a restart."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from itertools import combinations
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import bearer
from tests.server.support.databases import SQLITE_ONLY
from tests.server.support.nights import Night, drafted_night, night_at_tables
from tests.server.support.saved import saved_fixtures


def me(client: TestClient, night: Night, name: str) -> dict[str, Any]:
    response = client.get(f"/api/pods/{night.pod_of[name]}/me", headers=night.seat(name))
    assert response.status_code == 200, response.text
    return response.json()


def record_winners(client: TestClient, night: Night, winners: list[str]) -> None:
    """Each pod's round-1 table 1 is won by the named player of that pod."""
    for name in winners:
        game = me(client, night, name)["game"]
        player_id = next(p["player_id"] for p in game["players"] if p["name"] == name)
        response = client.post(f"/api/pods/{night.pod_of[name]}/games/{game['table']}/winner",
                               headers=night.host, json={"player_id": player_id})
        assert response.status_code == 200, response.text


def host_view(client: TestClient, night: Night) -> dict[str, Any]:
    return client.get(night.url("/host"), headers=night.host).json()


def next_round(client: TestClient, night: Night, number: int, **body: Any) -> Any:
    return client.post(night.url("/rounds"), headers=night.host, json={"round": number, **body})


def same_pod_pairs(night: Night, tables: list[dict[str, Any]]) -> int:
    """Pairs at one table who drafted in one pod (they met at round 1's single table)."""
    return sum(1 for table in tables for a, b in combinations(table["players"], 2)
               if night.pod_of[a] == night.pod_of[b])


# Two pods of five at their tables (round 1), drafted once for this module.
saved_night, saved_night_postgresql, settings, night = saved_fixtures(
    drafted_night, night_at_tables, "night")


def test_round_two_reseats_both_pods_by_points_and_mixes_them(
        client: TestClient, night: Night) -> None:
    assert host_view(client, night)["round"] == 1
    winners = {next(n for n in night.tokens if night.pod_of[n] == pod) for pod in night.pod_ids}
    record_winners(client, night, sorted(winners))
    response = next_round(client, night, 2)
    assert response.status_code == 200, response.text
    view = response.json()
    tables = view["round_tables"]
    assert view["round"] == 2
    assert [len(t["players"]) for t in tables] == [4, 3, 3]
    assert sorted(n for t in tables for n in t["players"]) == sorted(night.tokens)
    assert winners <= set(tables[0]["players"])  # the leaders sit together
    assert all(len({night.pod_of[n] for n in t["players"]}) == 2 for t in tables)
    # Five and five who all met: a table of 4 holds at least 2 such pairs, a table of 3
    # at least 1; the seating meets that floor, no more.
    assert same_pod_pairs(night, tables) == 4


def test_a_nights_season_scores_the_points_it_seats_by(client: TestClient) -> None:
    # A (deliberately odd) season where a loss is worth more than a win: the round-1
    # losers lead, so they, not the winners, sit together at table 1.
    night = night_at_tables(client, season={"name": "Upside down", "scoring": "win-draw-loss",
                                             "points": {"win": 0, "loss": 5}})
    winners = {next(n for n in night.tokens if night.pod_of[n] == pod) for pod in night.pod_ids}
    record_winners(client, night, sorted(winners))
    response = next_round(client, night, 2)
    assert response.status_code == 200, response.text
    tables = response.json()["round_tables"]
    assert not winners & set(tables[0]["players"])
    assert winners <= {n for t in tables[1:] for n in t["players"]}


@SQLITE_ONLY
def test_a_phone_sees_its_new_table_and_taps_a_game_shared_with_the_other_pod(
        client: TestClient, night: Night) -> None:
    assert next_round(client, night, 2, force=True).status_code == 200
    table = next(t for t in host_view(client, night)["round_tables"]
                 if "Player 1" in t["players"])
    other = next(n for n in table["players"] if night.pod_of[n] != night.pod_of["Player 1"])
    mine, theirs = me(client, night, "Player 1"), me(client, night, other)
    assert mine["table"] == theirs["table"] == table
    assert mine["game"]["round"] == 2 and mine["game"]["game_id"] == theirs["game"]["game_id"]
    seated = {p["name"]: p for p in mine["game"]["players"]}
    assert [c["name"] for c in seated["Player 1"]["commanders"]] == [
        "The Prismatic Piper", "The Prismatic Piper"]
    me_id = seated["Player 1"]["player_id"]
    tap = client.post(f"/api/pods/{night.pod_of[other]}/games/{table['number']}",
                      headers=night.seat(other),
                      json={"kind": "life", "target": me_id, "delta": -7})
    assert tap.status_code == 200, tap.text
    assert {p["name"]: p["life"] for p in me(client, night, "Player 1")["game"]["players"]}[
        "Player 1"] == 33
    # Commander damage from the Piper of the other pod's player lands too.
    hit = client.post(f"/api/pods/{night.pod_of['Player 1']}/games/{table['number']}",
                      headers=night.seat("Player 1"),
                      json={"kind": "commander_damage",
                            "target": seated[other]["player_id"], "delta": 3,
                            "source": {"owner": me_id, "index": 1}})
    assert hit.status_code == 200, hit.text


@SQLITE_ONLY
def test_a_player_sees_no_other_table_of_the_round(client: TestClient, night: Night) -> None:
    assert next_round(client, night, 2, force=True).status_code == 200
    tables = host_view(client, night)["round_tables"]
    mine = next(t for t in tables if "Player 1" in t["players"])
    elsewhere = next(t for t in tables if t is not mine)
    peek = client.get(f"/api/pods/{night.pod_of['Player 1']}/games/{mine['number']}",
                      headers=night.seat("Player 1"))
    assert peek.status_code == 200
    for pod_id in night.pod_ids:
        response = client.get(f"/api/pods/{pod_id}/games/{elsewhere['number']}",
                              headers=night.seat("Player 1"))
        assert response.status_code in (401, 403, 404)


@SQLITE_ONLY
def test_next_round_refuses_unfinished_games_and_changes_nothing(
        client: TestClient, night: Night) -> None:
    first = next(n for n in night.tokens if night.pod_of[n] == night.pod_ids[0])
    record_winners(client, night, [first])
    before = host_view(client, night)
    refused = next_round(client, night, 2)
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "games_unfinished"
    assert "pod 2 table 1" in refused.json()["error"]["message"]
    assert host_view(client, night) == before
    assert me(client, night, first)["game"]["round"] == 1


@SQLITE_ONLY
@pytest.mark.parametrize(("body", "status", "code"), [
    ({"round": 3, "force": True}, 409, "wrong_round"),
    ({"round": 1, "force": True}, 422, None),
    ({"round": "2"}, 422, None),
])
def test_next_round_refuses_a_wrong_round(client: TestClient, night: Night,
                                          body: dict[str, Any], status: int,
                                          code: str | None) -> None:
    before = host_view(client, night)
    response = client.post(night.url("/rounds"), headers=night.host, json=body)
    assert response.status_code == status, response.text
    if code is not None:
        assert response.json()["error"]["code"] == code
    assert host_view(client, night) == before


@SQLITE_ONLY
def test_only_the_nights_host_starts_a_round(client: TestClient, night: Night) -> None:
    response = client.post(night.url("/rounds"), headers=night.seat("Player 1"),
                           json={"round": 2, "force": True})
    assert response.status_code == 403
    assert host_view(client, night)["round"] == 1


@SQLITE_ONLY
def test_a_double_press_does_not_skip_a_round(client: TestClient, night: Night) -> None:
    assert next_round(client, night, 2, force=True).status_code == 200
    again = next_round(client, night, 2, force=True)
    assert again.status_code == 409 and again.json()["error"]["code"] == "wrong_round"
    assert host_view(client, night)["round"] == 2


@SQLITE_ONLY
def test_a_pod_cannot_re_split_alone_once_the_night_re_seated(
        client: TestClient, night: Night) -> None:
    assert next_round(client, night, 2, force=True).status_code == 200
    for pod_id in night.pod_ids:
        response = client.post(f"/api/pods/{pod_id}/tables", headers=night.host,
                               json={"without_decks": True, "end_games": True})
        assert response.status_code == 409
        assert response.json()["error"]["code"] == "rounds_started"


@SQLITE_ONLY
def test_rounds_wait_until_every_pod_plays_at_its_tables(client: TestClient) -> None:
    created = client.post("/api/events", json={"set": "CMR", "seed": 3}).json()
    host = bearer(created["host_token"])
    for i in range(6):
        client.post(f"/api/events/{created['event_id']}/players", json={"name": f"P{i}"})
    client.post(f"/api/events/{created['event_id']}/pods", headers=host, json={})
    response = client.post(f"/api/events/{created['event_id']}/rounds", headers=host,
                           json={"round": 2, "force": True})
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "wrong_phase"
    assert "pod 1 (lobby)" in response.json()["error"]["message"]


def test_a_round_survives_a_restart_and_is_played_on(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        night = night_at_tables(client)
        assert next_round(client, night, 2, force=True).status_code == 200
        before = host_view(client, night)
        table = next(t for t in before["round_tables"] if "Player 1" in t["players"])
        other = next(n for n in table["players"] if night.pod_of[n] != night.pod_of["Player 1"])
        target = next(p["player_id"] for p in me(client, night, "Player 1")["game"]["players"]
                      if p["name"] == "Player 1")
        client.post(f"/api/pods/{night.pod_of[other]}/games/{table['number']}",
                    headers=night.seat(other), json={"kind": "life", "target": target,
                                                     "delta": -5})
    with app_client(settings) as client:
        after = host_view(client, night)
        assert after["round"] == 2 and after["round_tables"] == before["round_tables"]
        for name in table["players"]:
            view = me(client, night, name)
            assert view["table"] == table and view["game"]["round"] == 2
            assert {p["name"]: p["life"] for p in view["game"]["players"]}["Player 1"] == 35
        tap = client.post(f"/api/pods/{night.pod_of[other]}/games/{table['number']}",
                          headers=night.seat(other),
                          json={"kind": "life", "target": target, "delta": -5})
        assert tap.status_code == 200, tap.text
        assert {p["name"]: p["life"] for p in me(client, night, "Player 1")["game"]["players"]}[
            "Player 1"] == 30
        assert next_round(client, night, 3, force=True).status_code == 200
        assert host_view(client, night)["round"] == 3


@SQLITE_ONLY
def test_the_next_game_at_a_round_table_seats_the_same_players_for_both_pods(
        client: TestClient, night: Night) -> None:
    assert next_round(client, night, 2, force=True).status_code == 200
    table = next(t for t in host_view(client, night)["round_tables"]
                 if len({night.pod_of[n] for n in t["players"]}) == 2)
    names = table["players"]
    old = me(client, night, names[0])["game"]
    # The host of the night asks through a pod that borrows the game, not its home.
    through = next(night.pod_of[n] for n in names if night.pod_of[n] != night.pod_ids[0])
    started = client.post(f"/api/pods/{through}/games/{table['number']}/next",
                          headers=night.host)
    assert started.status_code == 200, started.text
    for name in names:
        game = me(client, night, name)["game"]
        assert (game["round"], game["number"]) == (2, 2) and game["game_id"] != old["game_id"]
        assert game["players"] == [{**p, "life": 40} for p in old["players"]]


@SQLITE_ONLY
def test_the_nights_summary_lists_the_round_games(client: TestClient, night: Night) -> None:
    assert next_round(client, night, 2, force=True).status_code == 200
    summary = client.get(night.url("/summary"), headers=night.host)
    assert summary.status_code == 200, summary.text
    games = [game for pod in summary.json()["pods"] for game in pod["games"]]
    seated = sorted(n for t in host_view(client, night)["round_tables"] for n in t["players"])
    assert sorted(p["name"] for g in games if len(g["players"]) < 5
                  for p in g["players"]) == seated


@SQLITE_ONLY
def test_five_players_cannot_be_re_seated_and_nothing_changes(client: TestClient) -> None:
    night = night_at_tables(client, players=5)
    before = host_view(client, night)
    response = next_round(client, night, 2, force=True)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "cannot_seat"
    assert "5 player(s) cannot sit at tables of 4 and 3" in response.json()["error"]["message"]
    assert host_view(client, night) == before


@SQLITE_ONLY
def test_the_pod_holding_a_rounds_tables_ends_after_the_pods_it_seats(
        client: TestClient, night: Night) -> None:
    """A later round's games live in the night's first pod: ending it first would stop
    every mixed table's taps, so it is refused until the other pods have ended."""
    assert next_round(client, night, 2, force=True).status_code == 200
    home, other = night.pod_ids
    refused = client.post(f"/api/pods/{home}/end", headers=night.host)
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["code"] == "round_tables_open"
    assert client.get(f"/api/pods/{home}/host", headers=night.host).json()["phase"] == "playing"
    player = next(n for n in night.tokens if night.pod_of[n] == other)
    assert me(client, night, player)["game"]["round"] == 2
    assert client.post(f"/api/pods/{other}/end", headers=night.host).status_code == 200
    assert client.post(f"/api/pods/{home}/end", headers=night.host).status_code == 200


def test_a_rounds_tables_are_named_by_their_round_on_the_screen_the_summary_and_recap(
        client: TestClient, night: Night) -> None:
    """"Round 2 · Table 3": a round's table is said with its round, once (not once for
    each pod whose players sit at it), on the store's screen and in the summary (whose
    games the recap shows too)."""
    assert next_round(client, night, 2, force=True).status_code == 200
    tables = host_view(client, night)["round_tables"]
    screen_url = host_view(client, night)["screen_url"]
    token = screen_url.partition("#screen_token=")[2]
    view = client.get("/api/screen", headers=bearer(token)).json()
    shown = [(table["round"], table["table"]) for pod in view["pods"] for table in pod["tables"]]
    assert sorted(shown) == [(2, table["number"]) for table in tables]
    summary = client.get(night.url("/summary"), headers=night.host).json()
    rounds = sorted((g["round"], g["table"]) for pod in summary["pods"] for g in pod["games"]
                    if g["current"])
    assert rounds == [(2, table["number"]) for table in tables]
    for language, words in {"en": "Round 2 · Table 1, game 1", "ru": "Раунд 2 · Стол 1, партия 1",
                            "it": "Round 2 · Tavolo 1, partita 1"}.items():
        text = client.get(night.url("/summary"), headers=night.host,
                          params={"format": "text", "lang": language}).text
        assert words in text, text


def test_the_screen_keeps_round_ones_results_once_round_two_is_seated(
        client: TestClient, night: Night) -> None:
    """Tonight's results on the store's screen are every game of the night, as the
    standings count them: round 1's results stay once round 2's tables sit down (the live
    pods hold only the round in play)."""
    winners = sorted({next(n for n in night.tokens if night.pod_of[n] == pod)
                      for pod in night.pod_ids})
    record_winners(client, night, winners)
    assert next_round(client, night, 2).status_code == 200
    token = host_view(client, night)["screen_url"].partition("#screen_token=")[2]
    view = client.get("/api/screen", headers=bearer(token)).json()
    results = view["results"]
    assert [(r["round"], r["pod"], r["table"], r["game"]) for r in results] == [
        (1, 1, 1, 1), (1, 2, 1, 1)]
    firsts = [[p["name"] for p in r["result"]["placings"] if p["place"] == 1] for r in results]
    assert sorted(name for names in firsts for name in names) == winners
    assert all(not r["result"]["draw"] for r in results)
