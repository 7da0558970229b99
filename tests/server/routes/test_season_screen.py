"""A season's screen (`/seasons/{id}/screen`, `GET /api/seasons/{id}/screen`): one link for
the whole season, under its own token; it shows the season's newest night while that is
tonight's, and the season's standings before the first night and between nights."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient

from server.runtime import Runtime
from server.services.events.season_screens import TONIGHT_SECONDS
from tests.server.routes.test_screen import open_night, token_of
from tests.server.support.builders import SeatHandle, bearer, draft_until_done


def new_season(client: TestClient, name: str = "Fridays") -> dict[str, Any]:
    made = client.post("/api/seasons", json={"name": name, "scoring": "win-draw-loss"})
    assert made.status_code == 201, made.text
    season = made.json()
    host = client.get(f"/api/seasons/{season['season_id']}/host",
                      headers=bearer(season["host_token"]))
    assert host.status_code == 200, host.text
    return {**season, **host.json()}


def season_token(screen_url: str) -> str:
    path, _, fragment = screen_url.partition("#")
    assert path.endswith("/screen") and fragment.startswith("screen_token=")
    return fragment.removeprefix("screen_token=")


def season_screen(client: TestClient, season_id: str, token: str) -> Any:
    return client.get(f"/api/seasons/{season_id}/screen", headers=bearer(token))


def open_tonight(client: TestClient, season: dict[str, Any]) -> dict[str, Any]:
    """The host opens tonight's night from the season's host page."""
    created = client.post("/api/events", json={"set": "CMR", "season_id": season["season_id"]},
                          headers=bearer(season["host_token"]))
    assert created.status_code == 201, created.text
    return dict(created.json())


def test_the_season_host_gets_one_screen_link_with_its_own_token_and_qr_code(
    client: TestClient,
) -> None:
    season = new_season(client)
    url = season["screen_url"]
    assert f"/seasons/{season['season_id']}/screen#screen_token=" in url
    assert season["screen_qr"].startswith("data:image/svg+xml;base64,")
    token = season_token(url)
    assert token != season["host_token"] and len(token) >= 43
    again = client.get(f"/api/seasons/{season['season_id']}/host",
                       headers=bearer(season["host_token"])).json()
    assert again["screen_url"] == url, "the same link whenever the host asks"
    assert client.get(f"/seasons/{season['season_id']}/screen").status_code == 200


def test_only_the_seasons_own_screen_token_opens_its_screen(client: TestClient) -> None:
    season, other = new_season(client), new_season(client, "Tuesdays")
    night, _ = open_night(client, 3)
    wrong = ["", "nope", season["host_token"], season_token(other["screen_url"]),
             token_of(night["screen_url"])]
    answers = [season_screen(client, season["season_id"], token) for token in wrong]
    assert [a.status_code for a in answers] == [404] * len(wrong)
    assert {a.json()["error"]["code"] for a in answers} == {"unknown_screen"}
    token = season_token(season["screen_url"])
    assert season_screen(client, "nosuchseason", token).status_code == 404
    assert season_screen(client, other["season_id"], token).status_code == 404
    assert client.get("/api/screen", headers=bearer(token)).status_code == 404, \
        "a season's token is no night's"


def test_before_the_first_night_the_screen_shows_the_seasons_standings(
    client: TestClient,
) -> None:
    season = new_season(client)
    view = season_screen(client, season["season_id"], season_token(season["screen_url"])).json()
    assert view == {"season_id": season["season_id"], "name": "Fridays", "night": None,
                    "standings": []}


def test_the_screen_shows_the_night_the_host_opens_and_never_a_night_of_no_season(
    client: TestClient,
) -> None:
    season = new_season(client)
    token = season_token(season["screen_url"])
    open_night(client, 3)  # another night, outside the season, opened later
    tonight = open_tonight(client, season)["event_id"]
    open_night(client, 3)
    view = season_screen(client, season["season_id"], token).json()
    assert view["night"]["event_id"] == tonight
    assert view["night"]["join"] is not None, "players are arriving: the join page"
    assert view["night"]["season"]["name"] == "Fridays"
    later = open_tonight(client, season)["event_id"]
    assert season_screen(client, season["season_id"], token).json()["night"]["event_id"] == later


def play_tonight(client: TestClient, season: dict[str, Any]) -> str:
    """Tonight's night of `season`: three players drafted, one table, a winner (named)."""
    night = open_tonight(client, season)
    event, host = night["event_id"], bearer(night["host_token"])
    tokens = {name: client.post(f"/api/events/{event}/players", json={"name": name}).json()
              ["player_token"] for name in ("Ann", "Bob", "Cid")}
    formed = client.post(f"/api/events/{event}/pods", headers=host, json={"policy": "balanced"})
    assert client.post(f"/api/events/{event}/start", headers=host).status_code == 200
    pod_id = formed.json()["pods"][0]["pod_id"]
    draft_until_done(client, [SeatHandle(pod_id, "", token, name)
                              for name, token in tokens.items()])
    assert client.post(f"/api/pods/{pod_id}/tables", headers=host,
                       json={"without_decks": True}).status_code == 200
    winner = client.get(f"/api/pods/{pod_id}/games/1", headers=host).json()["players"][0]
    assert client.post(f"/api/pods/{pod_id}/games/1/winner", headers=host,
                       json={"player_id": winner["player_id"]}).status_code == 200
    return str(winner["name"])


def test_a_played_night_gives_way_to_the_seasons_standings_the_next_day(
    client: TestClient,
) -> None:
    season = new_season(client)
    token = season_token(season["screen_url"])
    winner = play_tonight(client, season)
    shown = season_screen(client, season["season_id"], token).json()
    assert shown["night"]["pods"][0]["phase"] == "playing" and shown["standings"] == []
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    real = rt.clock
    rt.clock = lambda: real() + timedelta(seconds=TONIGHT_SECONDS - 60)
    assert season_screen(client, season["season_id"], token).json()["night"] is not None
    rt.clock = lambda: real() + timedelta(seconds=TONIGHT_SECONDS + 60)
    between = season_screen(client, season["season_id"], token).json()
    assert between["night"] is None
    assert (between["standings"][0]["name"], between["standings"][0]["wins"]) == (winner, 1)
    assert len(between["standings"]) == 3
