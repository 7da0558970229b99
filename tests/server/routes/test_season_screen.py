"""A season's screen (`/seasons/{id}/screen`, `GET /api/seasons/{id}/screen`): one link for
the whole season, under its own token; it shows the season's newest night while that is
tonight's, and the season's standings before the first night and between nights."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bench.season_stats import store_season
from pods.season_stats.highlights import MIN_PICKS
from pods.season_stats.outcomes import MIN_GAMES
from server.routes import season_screen_view
from server.runtime import Runtime
from server.services.events.screen_tokens import season_screen_token
from server.services.events.season_screens import TONIGHT_SECONDS
from server.services.season_stats import reads
from server.views.season_stats import SCREEN_ROWS, screen_statistics
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
                    "standings": [], "statistics": None}


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
    return str(played_tonight(client, season)["winner"])


def played_tonight(client: TestClient, season: dict[str, Any]) -> dict[str, Any]:
    """As `play_tonight`: the winner's name, the pod and the night's host header."""
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
    return {"winner": winner["name"], "pod_id": pod_id, "host": host}


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


def stored_season(client: TestClient, nights: int = 3) -> tuple[str, str]:
    """A season of `nights` finished nights of sixteen (`bench.season_stats`), the next
    day: its id and its screen token."""
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    with rt.session() as session:
        season_id = store_season(session, nights, 16, seed=3, season_id="tvstats")
    real = rt.clock
    rt.clock = lambda: real() + timedelta(seconds=TONIGHT_SECONDS + 60)
    return season_id, season_screen_token("x" * 64)  # the bench's stored host token hash


def per_set(client: TestClient, season_id: str) -> list[dict[str, Any]]:
    cards = client.get(f"/api/seasons/{season_id}/cards").json()["cards"]
    return [card for card in cards if card["set"] != "*"]


def test_between_nights_the_screen_carries_the_seasons_top_cards_and_commanders(
    client: TestClient,
) -> None:
    """The rows are the figures of the season's own pages, chosen by the rules the TV
    states: the cards taken earliest (from MIN_PICKS copies), the cards whose decks win
    most (from MIN_GAMES games), and the most played commanders and colors."""
    season_id, token = stored_season(client)
    view = season_screen(client, season_id, token).json()
    assert view["night"] is None and view["standings"]
    stats = view["statistics"]
    assert (stats["nights"], stats["min_games"], stats["min_picks"]) == (3, MIN_GAMES, MIN_PICKS)
    cards = per_set(client, season_id)
    earliest = sorted((c for c in cards if c["picked"] >= MIN_PICKS),
                      key=lambda c: (c["average_pick"], -c["picked"], c["name"], c["set"]))
    assert stats["earliest"] == earliest[:SCREEN_ROWS] and len(stats["earliest"]) == SCREEN_ROWS
    winning = sorted((c for c in cards if c["win_rate"] != "too_few_games"),
                     key=lambda c: (-c["win_rate"], c["average_place"], -c["games"],
                                    c["name"], c["set"]))
    assert stats["winning"] == winning[:SCREEN_ROWS] and len(stats["winning"]) == SCREEN_ROWS
    assert all(card["games"] >= MIN_GAMES for card in stats["winning"])
    figures = client.get(f"/api/seasons/{season_id}/commanders").json()
    assert stats["commanders"] == figures["commanders"][:SCREEN_ROWS]
    assert [line["key"] for line in stats["identities"]] == sorted("WUBRG", key=lambda c: (
        -next(line["decks"] for line in figures["identities"] if line["key"] == c), c))
    assert stats["baseline"] == figures["baseline"]


def test_every_tv_poll_reads_the_kept_rows_and_computes_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    season_id, token = stored_season(client, nights=1)
    computed: list[str] = []
    compute, shape = reads.compute, screen_statistics

    def counted_compute(*args: Any, **kwargs: Any) -> Any:
        computed.append("stats")
        return compute(*args, **kwargs)

    def counted_shape(stats: Any) -> Any:
        computed.append("rows")
        return shape(stats)

    monkeypatch.setattr(reads, "compute", counted_compute)
    monkeypatch.setattr(season_screen_view, "screen_statistics", counted_shape)
    first = season_screen(client, season_id, token).json()
    for _ in range(3):
        assert season_screen(client, season_id, token).json() == first
    assert computed == ["stats", "rows"]


def test_the_nights_end_carries_the_statistics_once_every_pod_is_done(
    client: TestClient,
) -> None:
    """While the tables play, the night counts for nothing yet and the TV shows none; once
    the host ends it, the night counts (every seat shown) and the TV pages through it."""
    season = new_season(client)
    token = season_token(season["screen_url"])
    tonight = played_tonight(client, season)
    assert season_screen(client, season["season_id"], token).json()["statistics"] is None
    ended = client.post(f"/api/pods/{tonight['pod_id']}/end", headers=tonight["host"])
    assert ended.status_code == 200, ended.text
    view = season_screen(client, season["season_id"], token).json()
    assert view["night"]["pods"][0]["phase"] == "done"
    stats = view["statistics"]
    assert stats["nights"] == 1
    assert stats["commanders"] == [] and stats["winning"] == [], "no deck was submitted"
