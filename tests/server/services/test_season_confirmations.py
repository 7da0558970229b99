"""A game counts for its season only once another player at its table or the host
confirms it: until then the season's standings list it as pending, and a restart keeps
which games are pending and which count (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import httpx
from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.support.builders import SeatHandle, bearer, draft_until_done
from tests.server.support.databases import SQLITE_ONLY

NAMES = ("Ann", "Bob", "Cid", "Dee")


class Night:
    """A season's night of one pod of four at one table, the game just started (over
    any HTTP client: the API tests' TestClient, the browser tests' real server)."""

    def __init__(self, client: httpx.Client) -> None:
        season = client.post("/api/seasons", json={"name": "Fridays",
                                                   "scoring": "win-draw-loss"}).json()
        self.season_id = season["season_id"]
        opened = client.post("/api/events", headers=bearer(season["host_token"]),
                             json={"set": "CMR", "seed": 13, "season_id": self.season_id})
        assert opened.status_code == 201, opened.text
        night = opened.json()
        self.host = bearer(night["host_token"])
        tokens = {}
        for name in NAMES:
            joined = client.post(f"/api/events/{night['event_id']}/players",
                                 json={"name": name})
            assert joined.status_code == 201, joined.text
            tokens[name] = joined.json()["player_token"]
        formed = client.post(f"/api/events/{night['event_id']}/pods", headers=self.host,
                             json={"policy": "balanced"})
        assert formed.status_code == 200, formed.text
        assert client.post(f"/api/events/{night['event_id']}/start",
                           headers=self.host).status_code == 200
        self.pod_id = formed.json()["pods"][0]["pod_id"]
        self.seats = {name: SeatHandle(self.pod_id, "", tokens[name], name) for name in NAMES}
        draft_until_done(client, list(self.seats.values()))
        split = client.post(f"/api/pods/{self.pod_id}/tables", headers=self.host,
                            json={"without_decks": True})
        assert split.status_code == 200, split.text

    def auth(self, who: str | None) -> dict[str, str]:
        return self.seats[who].auth if who else self.host

    def game(self, client: httpx.Client, who: str | None = None) -> dict[str, Any]:
        reply = client.get(f"/api/pods/{self.pod_id}/games/1", headers=self.auth(who))
        assert reply.status_code == 200, reply.text
        return dict(reply.json())

    def post(self, client: httpx.Client, who: str | None, path: str, body: dict[str, Any]) -> Any:
        url = f"/api/pods/{self.pod_id}/games/1" + (f"/{path}" if path else "")
        return client.post(url, headers=self.auth(who), json=body)

    def knock_out_everyone_from(self, client: httpx.Client, who: str) -> int:
        """The bug report: one phone takes every opponent to −999; returns `result_seq`."""
        ids = {p["name"]: p["player_id"] for p in self.game(client, who)["players"]}
        for name in NAMES:
            if name != who:
                tapped = self.post(client, who, "", {"kind": "life", "target": ids[name],
                                                     "delta": -999})
                assert tapped.status_code == 200, tapped.text
        return int(self.game(client, who)["result"]["result_seq"])

    def standings(self, client: httpx.Client) -> dict[str, Any]:
        return dict(client.get(f"/api/seasons/{self.season_id}/standings").json())


def points(standings: dict[str, Any]) -> dict[str, int]:
    return {line["name"]: line["points"] for line in standings["standings"]}


@SQLITE_ONLY
def test_a_game_ended_by_one_phone_is_pending_and_counts_for_nobody(
        client: TestClient) -> None:
    night = Night(client)
    night.knock_out_everyone_from(client, "Ann")
    standings = night.standings(client)
    assert standings["standings"] == []
    [pending] = standings["pending"]
    assert pending["night"] == 1 and pending["table"] == 1 and not pending["disputed"]
    assert {p["name"]: p["place"] for p in pending["placings"]}["Ann"] == 1
    assert not night.game(client, "Bob")["result"]["counts"]


@SQLITE_ONLY
def test_the_reporter_cannot_confirm_their_own_result(client: TestClient) -> None:
    night = Night(client)
    seq = night.knock_out_everyone_from(client, "Ann")
    refused = night.post(client, "Ann", "confirm", {"result_seq": seq})
    assert refused.status_code == 403, refused.text
    assert refused.json()["error"]["code"] == "own_result"
    disputed = night.post(client, "Ann", "dispute", {"result_seq": seq})
    assert disputed.json()["error"]["code"] == "own_result"
    assert night.standings(client)["standings"] == []


@SQLITE_ONLY
def test_another_player_at_the_table_confirming_makes_it_count(client: TestClient) -> None:
    night = Night(client)
    seq = night.knock_out_everyone_from(client, "Ann")
    confirmed = night.post(client, "Bob", "confirm", {"result_seq": seq})
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json()["result"]["counts"]
    standings = night.standings(client)
    assert standings["pending"] == [] and points(standings)["Ann"] == 5


@SQLITE_ONLY
def test_the_host_confirming_makes_it_count(client: TestClient) -> None:
    night = Night(client)
    seq = night.knock_out_everyone_from(client, "Ann")
    confirmed = night.post(client, None, "confirm", {"result_seq": seq})
    assert confirmed.status_code == 200, confirmed.text
    assert points(night.standings(client))["Ann"] == 5


@SQLITE_ONLY
def test_a_disputed_result_waits_for_the_host(client: TestClient) -> None:
    night = Night(client)
    seq = night.knock_out_everyone_from(client, "Ann")
    assert night.post(client, "Bob", "dispute", {"result_seq": seq}).status_code == 200
    assert night.post(client, "Cid", "confirm", {"result_seq": seq}).status_code == 200
    standings = night.standings(client)
    assert standings["standings"] == [] and standings["pending"][0]["disputed"]
    refused = night.post(client, None, "dispute", {"result_seq": seq})
    assert refused.json()["error"]["code"] == "players_only"
    ids = {p["name"]: p["player_id"] for p in night.game(client)["players"]}
    corrected = night.post(client, None, "result", {"placings": [
        {"player_id": ids[name], "place": place}
        for name, place in (("Bob", 1), ("Ann", 2), ("Cid", 3), ("Dee", 4))]})
    assert corrected.status_code == 200, corrected.text
    standings = night.standings(client)
    assert standings["pending"] == [] and points(standings)["Bob"] == 5


def test_a_restart_keeps_which_games_are_pending_and_which_count(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        night = Night(client)
        seq = night.knock_out_everyone_from(client, "Ann")
        pending = night.standings(client)
        assert pending["standings"] == [] and len(pending["pending"]) == 1
    with app_client(settings) as client:
        assert night.standings(client) == pending
        refused = night.post(client, "Ann", "confirm", {"result_seq": seq})
        assert refused.json()["error"]["code"] == "own_result"
        assert night.post(client, "Dee", "confirm", {"result_seq": seq}).status_code == 200
        counted = night.standings(client)
    with app_client(settings) as client:
        assert night.standings(client) == counted
        assert counted["pending"] == [] and points(counted)["Ann"] == 5


@SQLITE_ONLY
def test_a_game_the_table_already_left_is_still_confirmed_by_naming_it(
        client: TestClient) -> None:
    """The table started its next game before anyone confirmed: the result stays pending
    until another player (or the host) confirms game 1 by its number."""
    night = Night(client)
    seq = night.knock_out_everyone_from(client, "Ann")
    assert client.post(f"/api/pods/{night.pod_id}/games/1/next",
                       headers=night.host).status_code == 200
    assert len(night.standings(client)["pending"]) == 1
    earlier = {"result_seq": seq, "game": 1}
    refused = night.post(client, "Ann", "confirm", earlier)
    assert refused.json()["error"]["code"] == "own_result"
    unknown = night.post(client, "Bob", "confirm", {"result_seq": seq, "game": 0})
    assert unknown.status_code == 422  # game numbers start at 1
    confirmed = night.post(client, "Bob", "confirm", earlier)
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json()["number"] == 1 and confirmed.json()["result"]["counts"]
    again = night.post(client, "Cid", "confirm", {**earlier, "ref": "r1"})
    assert again.status_code == 200
    assert night.post(client, "Cid", "confirm", {**earlier, "ref": "r1"}).json()["applied"] \
        == again.json()["applied"]  # a resend with the same ref stores nothing more
    standings = night.standings(client)
    assert standings["pending"] == [] and points(standings)["Ann"] == 5
    assert night.game(client, "Bob")["number"] == 2 and night.game(client)["result"] is None
