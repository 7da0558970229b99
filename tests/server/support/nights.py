"""A night of two pods at their tables (round 1), for the rounds' service and browser tests;
and the same night drafted once per module, copied for each test (`DraftedNight`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.server.support.builders import Client, SeatHandle, bearer, draft_until_done
from tests.server.support.saved import Saved, saved

PIPERS = {"commanders": [{"piper": True, "color": "R"}, {"piper": True, "color": "G"}],
          "main": [], "basics": {"Mountain": 10}}


@dataclass
class Night:
    """An event of two pods of five whose tables are split (round 1)."""

    event_id: str
    host: dict[str, str]
    tokens: dict[str, str]
    pod_of: dict[str, str]
    pod_ids: list[str]

    def seat(self, name: str) -> dict[str, str]:
        return bearer(self.tokens[name])

    def url(self, suffix: str = "") -> str:
        return f"/api/events/{self.event_id}{suffix}"


def night_at_tables(client: Client, players: int = 10,
                    season: dict[str, Any] | None = None) -> Night:
    """`night_building`, then every pod splits its tables, with no round clock (the
    tests start it when they need one)."""
    night = night_building(client, players, season)
    for pod_id in night.pod_ids:
        split = client.post(f"/api/pods/{pod_id}/tables", headers=night.host,
                            json={"without_decks": True, "clock_minutes": None})
        assert split.status_code == 200, split.text
    return night


def night_building(client: Client, players: int = 10,
                   season: dict[str, Any] | None = None) -> Night:
    """Ten people join (or `players`), two pods of five draft (equal pods of the count),
    Player 1 submits a deck; every pod builds. With `season` (the body of
    `POST /api/seasons`), the night belongs to a new season of that scheme."""
    body: dict[str, Any] = {"set": "CMR", "seed": 31}
    headers: dict[str, str] = {}
    if season is not None:
        made = client.post("/api/seasons", json=season)
        assert made.status_code == 201, made.text
        body["season_id"] = made.json()["season_id"]
        headers = bearer(made.json()["host_token"])
    created = client.post("/api/events", json=body, headers=headers).json()
    event_id, host = created["event_id"], bearer(created["host_token"])
    tokens = {}
    for i in range(1, players + 1):
        joined = client.post(f"/api/events/{event_id}/players", json={"name": f"Player {i}"})
        tokens[f"Player {i}"] = joined.json()["player_token"]
    formed = client.post(f"/api/events/{event_id}/pods", headers=host,
                         json={"policy": "balanced"}).json()
    pod_ids = [pod["pod_id"] for pod in formed["pods"]]
    pod_of = {p["name"]: pod_ids[p["pod"] - 1] for p in formed["players"]}
    assert client.post(f"/api/events/{event_id}/start", headers=host).status_code == 200
    for pod_id in pod_ids:
        draft_until_done(client, [SeatHandle(pod_id, "", tokens[name], name)
                                  for name in tokens if pod_of[name] == pod_id])
    deck = client.put(f"/api/pods/{pod_of['Player 1']}/deck", headers=bearer(tokens["Player 1"]),
                      json=PIPERS)
    assert deck.status_code == 200, deck.text
    return Night(event_id, host, tokens, pod_of, pod_ids)


DraftedNight = Saved[Night]
"""A night at its tables (`night_at_tables`), drafted once into a SQLite file
(tests/server/support/saved.py)."""


def drafted_night(folder: Path) -> DraftedNight:
    """Draft `night_at_tables` in an app on a SQLite file in `folder`, and close the app."""
    return saved(folder, night_at_tables)


def building_night(folder: Path) -> DraftedNight:
    """Draft `night_building` in an app on a SQLite file in `folder`, and close the app."""
    return saved(folder, night_building)
