"""Moves of the whole table over HTTP and the socket: whose turn, the monarch, the
initiative and Undercity, counters; each one a log entry like a tap (refs, undo, restart)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import PodHandle, SeatHandle, play_tables
from tests.server.support.databases import SQLITE_ONLY

People = tuple[PodHandle, dict[str, SeatHandle]]


@pytest.fixture
def table(played_table: People) -> People:
    """Ann, Bob and Cid at their table, played once per worker (services/conftest.py)."""
    return played_table


def board(client: TestClient, pod: PodHandle) -> dict[str, Any]:
    return dict(client.get(pod.url("/games/1"), headers=pod.host).json())


def pid(client: TestClient, pod: PodHandle, name: str) -> str:
    return str(next(p["player_id"] for p in board(client, pod)["players"] if p["name"] == name))


def move(client: TestClient, pod: PodHandle, seat: SeatHandle | None, kind: str,
         **body: Any) -> Any:
    return client.post(pod.url("/games/1/moves"), headers=seat.auth if seat else pod.host,
                       json={"move": kind, **body})


def refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.json()["error"]["code"] == code


@SQLITE_ONLY
def test_the_host_picks_the_first_player_and_only_the_active_player_ends_the_turn(
    client: TestClient, table: People
) -> None:
    pod, seats = table
    first = board(client, pod)["turn"]
    assert first["number"] == 1 and first["player_id"] == first["first_player_id"]
    assert not first["first_picked"]
    picked = move(client, pod, None, "first_player", player_id=pid(client, pod, "Bob"))
    assert picked.json()["turn"]["player_id"] == pid(client, pod, "Bob")
    refused(move(client, pod, seats["Ann"], "end_turn"), 403, "not_your_turn")
    ended = move(client, pod, seats["Bob"], "end_turn").json()
    assert ended["turn"]["number"] == 2
    assert ended["turn"]["player_id"] == pid(client, pod, "Cid")
    refused(move(client, pod, seats["Ann"], "first_player"), 409, "turns_started")


@SQLITE_ONLY
def test_the_monarch_and_the_initiative_with_its_venture_show_on_every_board(
    client: TestClient, table: People
) -> None:
    pod, seats = table
    ann, cid = pid(client, pod, "Ann"), pid(client, pod, "Cid")
    move(client, pod, seats["Ann"], "monarch")
    crowned = move(client, pod, seats["Bob"], "monarch", player_id=cid).json()
    assert crowned["monarch"] == cid
    took = move(client, pod, seats["Ann"], "initiative", room="Secret Entrance").json()
    assert took["initiative"] == ann
    mine = next(p for p in took["players"] if p["player_id"] == ann)["undercity"]
    assert mine == {"room": "Secret Entrance", "next_rooms": ["Forge", "Lost Well"],
                    "completed": 0}
    refused(move(client, pod, seats["Ann"], "venture", room="Stash"), 422, "not_an_exit")
    refused(move(client, pod, seats["Cid"], "venture", room="Forge"), 409, "no_initiative")
    ventured = move(client, pod, seats["Ann"], "venture", room="Lost Well").json()
    assert [line["kind"] for line in ventured["log"][:2]] == ["venture", "initiative"]
    assert ventured["log"][0]["room"] == "Lost Well"


@SQLITE_ONLY
def test_moves_refuse_unknown_and_out_players_and_a_finished_game(
    client: TestClient, table: People
) -> None:
    pod, seats = table
    refused(move(client, pod, None, "monarch", player_id="nobody"), 422, "unknown_player")
    refused(move(client, pod, None, "monarch"), 422, "unknown_player")
    refused(move(client, pod, seats["Ann"], "initiative"), 422, "not_an_exit")
    client.post(pod.url("/games/1/concede"), headers=seats["Cid"].auth, json={})
    refused(move(client, pod, seats["Ann"], "monarch", player_id=pid(client, pod, "Cid")),
            409, "already_out")
    client.post(pod.url("/games/1/concede"), headers=seats["Bob"].auth, json={})
    refused(move(client, pod, seats["Ann"], "monarch"), 409, "game_ended")
    assert board(client, pod)["turn"]["player_id"] is None


@SQLITE_ONLY
def test_a_move_resent_with_its_ref_applies_once_and_undo_is_its_authors(
    client: TestClient, table: People
) -> None:
    pod, seats = table
    first = move(client, pod, seats["Bob"], "monarch", ref="m1").json()
    again = move(client, pod, seats["Bob"], "monarch", ref="m1").json()
    assert first["applied"] == again["applied"] == again["seq"] == 1
    refused(move(client, pod, seats["Bob"], "end_turn", ref="m1"), 409, "ref_reused")
    refused(client.post(pod.url("/games/1/undo"), headers=seats["Ann"].auth, json={"seq": 1}),
            409, "undo_refused")
    undone = client.post(pod.url("/games/1/undo"), headers=seats["Bob"].auth, json={"seq": 1})
    assert undone.json()["monarch"] is None


@SQLITE_ONLY
def test_counters_and_commander_damage_by_five(client: TestClient, table: People) -> None:
    pod, seats = table
    cid = pid(client, pod, "Cid")
    for kind, delta in (("poison", 4), ("experience", 2), ("energy", 3)):
        response = client.post(pod.url("/games/1"), headers=seats["Ann"].auth,
                               json={"kind": kind, "target": cid, "delta": delta})
        assert response.status_code == 200, response.text
    line = next(p for p in board(client, pod)["players"] if p["player_id"] == cid)
    assert line["counters"] == {"poison": 4, "experience": 2, "energy": 3}
    poisoned = client.post(pod.url("/games/1"), headers=seats["Ann"].auth,
                           json={"kind": "poison", "target": cid, "delta": 6}).json()
    assert next(p for p in poisoned["players"] if p["player_id"] == cid)["out"]


@SQLITE_ONLY
def test_a_move_over_the_socket_is_acked_with_its_ref(client: TestClient, table: People) -> None:
    pod, seats = table
    with client.websocket_connect(f"/ws/pods/{pod.pod_id}?token={seats['Ann'].token}") as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "initiative", "room": "Secret Entrance",
                      "ref": "i1"})
        while (message := ws.receive_json())["type"] != "ack":
            pass
        assert message == {"type": "ack", "ref": "i1", "seq": 1}
        ws.send_json({"type": "move", "move": "venture", "room": "Trap!", "ref": "v1"})
        while (message := ws.receive_json())["type"] != "error":
            pass
        assert (message["code"], message["ref"]) == ("not_an_exit", "v1")
    assert board(client, pod)["initiative"] == pid(client, pod, "Ann")


@SQLITE_ONLY
def test_undercitys_map_has_names_alone_without_the_downloaded_text(
    client: TestClient,
) -> None:
    rooms = client.get("/api/cards/undercity").json()["rooms"]
    assert rooms[0] == {"name": "Secret Entrance", "next": ["Forge", "Lost Well"], "text": None}
    assert len(rooms) == 9 and all(room["text"] is None for room in rooms)


def stored_draws(settings: Settings) -> list[tuple[int, str, str]]:
    """(seq, author, player) of every logged draw of a first player, from the database."""
    engine = sa.create_engine(settings.db_url)
    with engine.connect() as connection:
        rows = connection.execute(sa.text(
            "SELECT seq, author, target FROM game_entry WHERE kind = 'first_drawn'")).all()
    engine.dispose()
    return [(int(seq), str(author), str(target)) for seq, author, target in rows]


def test_the_first_players_draw_is_logged_with_the_first_change_and_replayed_after_a_restart(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod, seats = play_tables(client)
        drawn = board(client, pod)["turn"]["first_player_id"]
        assert stored_draws(settings) == []  # an untouched game stores nothing
        tapped = client.post(pod.url("/games/1"), headers=seats["Ann"].auth,
                             json={"kind": "life", "target": pid(client, pod, "Ann"),
                                   "delta": -1}).json()
        assert tapped["applied"] == 1  # the tap keeps its number; the draw is entry 0
        assert stored_draws(settings) == [(0, "host", drawn)]
        other = next(p["player_id"] for p in tapped["players"] if p["player_id"] != drawn)
    engine = sa.create_engine(settings.db_url)  # the log, not the seed, says who drew
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE game_entry SET target = :p "
                                   "WHERE kind = 'first_drawn'"), {"p": other})
    engine.dispose()
    with app_client(settings) as client:
        turn = board(client, pod)["turn"]
        assert (turn["first_player_id"], turn["player_id"]) == (other, other)
        assert [line["kind"] for line in board(client, pod)["log"]] == ["life"]
        refused(client.post(pod.url("/games/1/undo"), headers=pod.host, json={"seq": 0}),
                422, "invalid")


def test_the_monarch_the_initiative_and_the_turn_survive_a_restart(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        pod, seats = play_tables(client)
        active = board(client, pod)["turn"]["player_id"]
        ender = next(s for name, s in seats.items() if pid(client, pod, name) == active)
        move(client, pod, seats["Bob"], "monarch")
        move(client, pod, seats["Cid"], "initiative", room="Secret Entrance")
        move(client, pod, seats["Cid"], "venture", room="Forge", ref="v1")
        move(client, pod, ender, "end_turn")
        client.post(pod.url("/games/1"), headers=seats["Ann"].auth,
                    json={"kind": "poison", "target": pid(client, pod, "Ann"), "delta": 2})
        before = board(client, pod)
    with app_client(settings) as client:
        after = board(client, pod)
        assert after == before
        assert after["monarch"] == pid(client, pod, "Bob")
        assert after["initiative"] == pid(client, pod, "Cid")
        assert after["turn"]["number"] == 2
        resent = move(client, pod, seats["Cid"], "venture", room="Forge", ref="v1").json()
        assert resent["applied"] == 3 and resent["seq"] == 5
