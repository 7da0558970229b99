"""A season's names across its nights: look-alikes are one player, a rename keeps the old
name meaning the player (on later nights too), a merge moves every result of a typo.

The nights are stored directly (an event of the season, a pod, games with a recorded
winner), as a night's games are stored by the tables: the drafts are not under test here,
nor is the confirmation of a result (`test_season_confirmations`), so the games are stored
as counting already."""

from __future__ import annotations

from itertools import count
from typing import Any

from fastapi.testclient import TestClient

from pods.tracker import Player
from server.db import game_repo
from server.db.tables import EventRow, GameRow, PodRow
from tests.server.support.builders import bearer

_ids = count(1)


def stored_night(client: TestClient, season_id: str, *tables: tuple[list[str], str]) -> None:
    """A night of the season whose tables each played one game: (players, winner)."""
    event = EventRow(id=f"e{next(_ids)}", set_code="CMR", seed=1, host_token_hash="h",
                     phase="formed", season_id=season_id)
    pod = PodRow(id=f"p{next(_ids)}", set_code="CMR", seats=8, seed=1, host_token_hash="h",
                 phase="playing", event_id=event.id)
    games = []
    for number, (names, winner) in enumerate(tables, start=1):
        players = [Player(f"{pod.id}-{name}", name, ()) for name in names]
        games.append(GameRow(id=f"g{next(_ids)}", pod_id=pod.id, table_number=number,
                             players_json=game_repo.players_json(players),
                             winner_id=f"{pod.id}-{winner}", needs_confirmation=False))
    with client.app.state.runtime.session() as session:  # type: ignore[attr-defined]
        for row in (event, pod, *games):
            session.add(row)
            session.flush()
        session.commit()


def new_season(client: TestClient) -> dict[str, Any]:
    reply = client.post("/api/seasons", json={"name": "Fridays"})
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def lines(client: TestClient, season_id: str) -> list[tuple[str, int, int]]:
    standings = client.get(f"/api/seasons/{season_id}/standings").json()["standings"]
    return [(s["name"], s["points"], s["games"]) for s in standings]


def test_a_look_alike_name_on_another_night_is_the_same_player(client: TestClient) -> None:
    season = new_season(client)
    stored_night(client, season["season_id"], (["Ann", "Bob"], "Ann"))
    stored_night(client, season["season_id"], (["Аnn", "bob"], "Аnn"))  # Cyrillic А
    assert lines(client, season["season_id"]) == [("Ann", 10, 2), ("Bob", 0, 2)]
    night = client.get(f"/api/seasons/{season['season_id']}/standings").json()
    assert night["nights"] == 2


def test_a_renamed_player_keeps_the_old_name_on_later_nights(client: TestClient) -> None:
    season = new_season(client)
    stored_night(client, season["season_id"], (["Ann", "Bob"], "Ann"))
    renamed = client.post(f"/api/seasons/{season['season_id']}/players/rename",
                          headers=bearer(season["host_token"]),
                          json={"name": "ann", "to": "Annabel"})
    assert renamed.status_code == 200, renamed.text
    stored_night(client, season["season_id"], (["Ann", "Bob"], "Bob"),
                 (["Annabel", "Cid"], "Annabel"))
    assert lines(client, season["season_id"]) == [
        ("Annabel", 10, 3), ("Bob", 5, 2), ("Cid", 0, 1)]


def test_a_rename_to_another_players_name_is_refused(client: TestClient) -> None:
    season = new_season(client)
    stored_night(client, season["season_id"], (["Ann", "Bob"], "Ann"))
    reply = client.post(f"/api/seasons/{season['season_id']}/players/rename",
                        headers=bearer(season["host_token"]), json={"name": "Ann", "to": "BOB"})
    assert (reply.status_code, reply.json()["error"]["code"]) == (409, "name_taken")
    assert lines(client, season["season_id"]) == [("Ann", 5, 1), ("Bob", 0, 1)]


def test_a_merged_typo_counts_for_the_player_now_and_on_later_nights(
    client: TestClient,
) -> None:
    season = new_season(client)
    stored_night(client, season["season_id"], (["Bob", "Cid"], "Bob"))
    stored_night(client, season["season_id"], (["Bobb", "Cid"], "Bobb"))
    merged = client.post(f"/api/seasons/{season['season_id']}/players/merge",
                         headers=bearer(season["host_token"]),
                         json={"name": "Bobb", "into": "Bob"})
    assert merged.status_code == 200, merged.text
    assert {"name": "Bob", "also": ["Bobb"]} in merged.json()["players"]
    stored_night(client, season["season_id"], (["Bobb", "Cid"], "Cid"))
    assert lines(client, season["season_id"]) == [("Bob", 10, 3), ("Cid", 5, 3)]


def test_the_nights_own_standings_use_its_names_and_its_seasons_scheme(
    client: TestClient,
) -> None:
    reply = client.post("/api/seasons", json={"name": "Places", "scoring": "placement"})
    season = reply.json()
    stored_night(client, season["season_id"], (["Ann", "Bob", "Cid"], "Cid"))
    event_id = client.get(f"/api/seasons/{season['season_id']}/host",
                          headers=bearer(season["host_token"])).json()["nights"][0]["event_id"]
    night = client.get(f"/api/events/{event_id}/standings").json()
    assert night["season_id"] == season["season_id"]
    assert [(s["rank"], s["name"], s["points"]) for s in night["standings"]] == [
        (1, "Cid", 4), (2, "Ann", 3), (2, "Bob", 3)]
