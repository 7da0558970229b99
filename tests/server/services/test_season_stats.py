"""A season's card and commander statistics, from a night played through the API: a night
counts only once its reveal shows every seat, and the figures add up to what was drafted
(SQLite and PostgreSQL)."""

from __future__ import annotations

import csv
import io
from typing import Any

from fastapi.testclient import TestClient

from server.services.season_stats.nights import shown_nights
from tests.server.services.test_season_confirmations import Night
from tests.server.support.nights import PIPERS

PIPER_PAIR = "The Prismatic Piper (green) + The Prismatic Piper (red)"


def cards(client: TestClient, night: Night, **params: str) -> dict[str, Any]:
    reply = client.get(f"/api/seasons/{night.season_id}/cards", params=params)
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def commanders(client: TestClient, night: Night) -> dict[str, Any]:
    reply = client.get(f"/api/seasons/{night.season_id}/commanders")
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def played(client: TestClient) -> Night:
    """Ann leads two Pipers, the host records her win at the table."""
    night = Night(client)
    deck = client.put(f"/api/pods/{night.pod_id}/deck", headers=night.auth("Ann"), json=PIPERS)
    assert deck.status_code == 200, deck.text
    ids = {p["name"]: p["player_id"] for p in night.game(client)["players"]}
    assert night.post(client, None, "winner", {"player_id": ids["Ann"]}).status_code == 200
    return night


def test_a_night_counts_once_its_reveal_shows_every_seat(client: TestClient) -> None:
    """In progress (cached then), it adds nothing; once the host ends it, all of it."""
    night = played(client)
    before = cards(client, night)
    assert (before["nights"], before["cards"], before["sets"]) == (0, [], [])
    assert commanders(client, night)["commanders"] == []
    ended = client.post(f"/api/pods/{night.pod_id}/end", headers=night.host)
    assert ended.status_code == 200, ended.text
    after = cards(client, night)
    assert after["nights"] == 1 and after["sets"] == ["CMR"]
    overall = [line for line in after["cards"] if line["set"] == "*"]
    per_set = [line for line in after["cards"] if line["set"] == "CMR"]
    # Four people, three rounds of four 20-card packs: every card taken by a person.
    assert sum(line["picked"] for line in overall) == 4 * 3 * 20
    assert sum(line["picked"] for line in per_set) == 4 * 3 * 20
    assert all(1 <= line["average_pick"] <= 10 for line in per_set if line["picked"])
    assert after["baseline"] == {"decks": 1, "games": 1, "average_place": "too_few_games",
                                 "win_rate": "too_few_games"}
    figures = commanders(client, night)
    assert figures["commanders"] == [{"key": PIPER_PAIR, "decks": 1, "games": 1,
                                      "average_place": "too_few_games",
                                      "win_rate": "too_few_games"}]
    assert [line["key"] for line in figures["identities"]] == ["RG"]
    _the_csv_has_a_row_per_card_of_the_set_asked(client, night)


def test_a_night_counts_when_every_pod_shows_every_seat() -> None:
    marks = [("n1", "p1", "done", "after_night"), ("n1", "p2", "done", "after_night"),
             ("n2", "p3", "done", "after_night"), ("n2", "p4", "playing", "after_night"),
             ("n3", "p5", "building", "after_draft"), ("n4", "p6", "done", "own_seat"),
             ("n5", "p7", "done", "nobody"), ("n6", "p8", "drafting", "after_draft")]
    assert shown_nights(marks) == [("n1", ["p1", "p2"]), ("n3", ["p5"])]


def _the_csv_has_a_row_per_card_of_the_set_asked(client: TestClient, night: Night) -> None:
    reply = client.get(f"/api/seasons/{night.season_id}/cards",
                       params={"format": "csv", "set": "*"})
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(reply.text.removeprefix("\ufeff"))))
    assert rows[0][:3] == ["set", "name", "seen"]
    assert {row[0] for row in rows[1:]} == {"*"}
    assert len(rows) - 1 == len([c for c in cards(client, night)["cards"] if c["set"] == "*"])
    commander_rows = client.get(f"/api/seasons/{night.season_id}/commanders",
                                params={"format": "csv"}).text.splitlines()
    assert commander_rows[1].startswith(f"commander,{PIPER_PAIR},1,1,too_few_games")


def test_an_unknown_season_or_set_is_refused(client: TestClient) -> None:
    assert client.get("/api/seasons/nope/cards").json()["error"]["code"] == "unknown_season"
    assert client.get("/api/seasons/nope/commanders").status_code == 404
    assert client.get("/api/seasons/nope/cards", params={"set": "C;MR"}).status_code == 422
