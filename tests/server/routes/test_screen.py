"""The store's screen (`/api/screen`, `/screen`, `WS /ws/screen`): only its token opens
it, it answers 404 alike for every token that opens nothing, and it never holds a card
of a pack, a pool or a deck, nor a token."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from server.core.security import hash_token
from server.core.settings import Settings
from server.services.events.screen_tokens import screen_token
from tests.server.support.builders import SeatHandle, bearer, draft_until_done, take_first

PEOPLE = 4


def open_night(client: Any, people: int = PEOPLE, season: dict[str, Any] | None = None,
               **options: Any) -> tuple[dict[str, Any], list[SeatHandle]]:
    """A night of `people` players dealt into one pod and started (in a new season of
    `season`'s scheme, when given)."""
    headers = {}
    if season is not None:
        made = client.post("/api/seasons", json=season).json()
        options["season_id"], headers = made["season_id"], bearer(made["host_token"])
    created = client.post("/api/events", json={"set": "CMR", "seed": 31, **options},
                          headers=headers)
    assert created.status_code == 201, created.text
    night = created.json()
    tokens = {}
    for i in range(people):
        joined = client.post(f"/api/events/{night['event_id']}/players",
                             json={"name": f"Player {i + 1}"})
        assert joined.status_code == 201, joined.text
        tokens[f"Player {i + 1}"] = joined.json()["player_token"]
    host = bearer(night["host_token"])
    formed = client.post(f"/api/events/{night['event_id']}/pods", headers=host,
                         json={"policy": "balanced"})
    assert formed.status_code == 200, formed.text
    started = client.post(f"/api/events/{night['event_id']}/start", headers=host)
    assert started.status_code == 200, started.text
    pod_id = formed.json()["pods"][0]["pod_id"]
    seats = [SeatHandle(pod_id, "", token, name) for name, token in tokens.items()]
    return {**night, **started.json()}, seats


def token_of(screen_url: str) -> str:
    path, _, fragment = screen_url.partition("#")
    assert path.endswith("/screen") and fragment.startswith("screen_token=")
    return fragment.removeprefix("screen_token=")


def screen(client: Any, token: str) -> Any:
    return client.get("/api/screen", headers=bearer(token))


def secret_cards(client: Any, seats: list[SeatHandle]) -> set[str]:
    """Every card name in the seats' packs and pools right now."""
    names: set[str] = set()
    for seat in seats:
        view = client.get(f"/api/pods/{seat.pod_id}/me", headers=seat.auth).json()
        for card in [*(view["pack"] or []), *view["pool"]]:
            names.add(card["name"])
    return names


def assert_shows_none(text: str, secrets: set[str]) -> None:
    leaked = sorted(name for name in secrets if name in text)
    assert not leaked, f"the screen shows {leaked}"


def test_the_host_gets_a_screen_link_whose_token_is_stored_only_as_a_hash(
    client: TestClient, settings: Settings
) -> None:
    night, _ = open_night(client)
    assert night["screen_url"].startswith("http://prismatic.test/screen#screen_token=")
    assert night["screen_qr"].startswith("data:image/svg+xml;base64,")
    token = token_of(night["screen_url"])
    assert token == screen_token(night["host_token"]) and len(token) >= 43
    engine = sa.create_engine(str(settings.db_url))
    with engine.connect() as connection:
        stored = connection.execute(sa.text("SELECT screen_token_hash FROM event")).scalar_one()
        dump = "\n".join(str(row) for row in connection.execute(sa.text("SELECT * FROM event")))
    engine.dispose()
    assert stored == hash_token(token) and token not in dump
    view = screen(client, token)
    assert view.status_code == 200, view.text
    assert view.json()["event_id"] == night["event_id"]
    assert [pod["number"] for pod in view.json()["pods"]] == [1]


def test_every_token_that_opens_nothing_is_the_same_404(client: TestClient) -> None:
    night, _ = open_night(client)
    answers = [client.get("/api/screen"),
               screen(client, "nope"),
               screen(client, night["host_token"]),  # the host's own token is not the screen's
               screen(client, screen_token("a host token of no night")),
               client.get("/api/screen", headers={"Authorization": "Basic abc"})]
    assert {a.status_code for a in answers} == {404}
    assert {a.json()["error"]["code"] for a in answers} == {"unknown_screen"}
    assert len({a.text for a in answers}) == 1
    translated = client.get("/api/screen", headers={"Accept-Language": "ru"})
    assert translated.json()["error"]["message"].startswith("Эта ссылка на экран")


def test_a_night_stored_before_the_screen_gets_its_link_when_the_host_opens_it(
    client: TestClient, settings: Settings
) -> None:
    night, _ = open_night(client)
    token = token_of(night["screen_url"])
    engine = sa.create_engine(str(settings.db_url))
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE event SET screen_token_hash = NULL"))
    engine.dispose()
    assert screen(client, token).status_code == 404
    host = client.get(f"/api/events/{night['event_id']}/host",
                      headers=bearer(night["host_token"]))
    assert host.status_code == 200 and token_of(host.json()["screen_url"]) == token
    assert screen(client, token).status_code == 200


def test_the_screen_shows_who_is_still_picking_and_no_card_while_drafting(
    client: TestClient
) -> None:
    night, seats = open_night(client)
    token = token_of(night["screen_url"])
    first = screen(client, token).json()["pods"][0]
    assert first["phase"] == "drafting" and first["round"] == 1
    assert sorted(first["picking"]) == [seat.name for seat in seats]  # each has a pack
    assert first["slowest"]["pick"] == 1
    assert take_first(client, seats[0]).status_code == 200
    after = screen(client, token)
    pod = after.json()["pods"][0]
    # Player 1 passed their pack and waits for their neighbour's: three still pick.
    assert sorted(pod["picking"]) == [seat.name for seat in seats[1:]]
    assert pod["slowest"]["name"] in pod["picking"] and pod["slowest"]["pick"] == 1
    assert_shows_none(after.text, secret_cards(client, seats))
    for secret in [night["host_token"], token, *(seat.token for seat in seats)]:
        assert secret not in after.text


def test_the_slowest_seat_is_the_one_with_fewest_picks_and_its_time_left_is_shown(
    client: TestClient
) -> None:
    night, seats = open_night(client, pick_timer_seconds=90)
    token = token_of(night["screen_url"])
    pod_id, host = seats[0].pod_id, bearer(night["host_token"])
    for seat in seats[:3]:  # three take their first pick; Player 4 has not picked yet
        assert take_first(client, seat).status_code == 200
    pod = screen(client, token).json()["pods"][0]
    assert pod["timer_seconds"] == 90 and "Player 4" in pod["picking"]
    assert pod["slowest"]["name"] == "Player 4" and pod["slowest"]["pick"] == 1
    deadlines = {p["name"]: p["deadline"] for p in
                 client.get(f"/api/pods/{pod_id}/host", headers=host).json()["players"]}
    assert pod["slowest"]["deadline"] == deadlines["Player 4"] is not None
    assert client.post(f"/api/pods/{pod_id}/pause", headers=host).status_code == 200
    paused = screen(client, token).json()["pods"][0]
    assert paused["paused"] and paused["slowest"]["deadline"] is None


def test_no_card_while_building_and_life_and_results_once_games_are_on(
    client: TestClient
) -> None:
    night, seats = open_night(client, 3)
    token = token_of(night["screen_url"])
    draft_until_done(client, seats)
    pools = secret_cards(client, seats)
    building = screen(client, token)
    assert building.json()["pods"][0]["phase"] == "building"
    assert building.json()["pods"][0]["decks"] == 0 and building.json()["pods"][0]["people"] == 3
    assert_shows_none(building.text, pools)
    pod_id = seats[0].pod_id
    host = bearer(night["host_token"])
    split = client.post(f"/api/pods/{pod_id}/tables", headers=host, json={"without_decks": True})
    assert split.status_code == 200, split.text
    table = screen(client, token).json()["pods"][0]["tables"][0]
    assert {p["name"] for p in table["players"]} == {s.name for s in seats}
    assert {p["life"] for p in table["players"]} == {40} and table["result"] is None
    game = client.get(f"/api/pods/{pod_id}/games/1", headers=host).json()
    target = game["players"][1]
    tapped = client.post(f"/api/pods/{pod_id}/games/1", headers=seats[0].auth,
                         json={"kind": "life", "target": target["player_id"], "delta": -7})
    assert tapped.status_code == 200, tapped.text
    table = screen(client, token).json()["pods"][0]["tables"][0]
    assert {p["name"]: p["life"] for p in table["players"]}[target["name"]] == 33
    won = client.post(f"/api/pods/{pod_id}/games/1/winner", headers=host,
                      json={"player_id": target["player_id"]})
    assert won.status_code == 200, won.text
    view = screen(client, token)
    table = view.json()["pods"][0]["tables"][0]
    assert table["result"]["placings"][0] == {"name": target["name"], "place": 1}
    assert table["result"]["pending"] is False  # the host's word counts at once
    standings = view.json()["standings"]
    assert standings[0]["name"] == target["name"] and standings[0]["wins"] == 1
    assert (standings[0]["rank"], standings[0]["points"], standings[0]["games"]) == (1, 5, 1)
    assert sorted(line["name"] for line in standings) == sorted(s.name for s in seats)
    assert all(line["points"] == 0 for line in standings[1:])
    assert_shows_none(view.text, pools)
    # Nobody submitted a deck: their commanders are placeholders, which the screen omits.
    assert [p["commanders"] for p in json.loads(view.text)["pods"][0]["tables"][0]["players"]] \
        == [[], [], []]


def test_the_standings_score_by_the_nights_season(client: TestClient) -> None:
    night, seats = open_night(client, 3, season={"name": "Fridays", "scoring": "placement"})
    draft_until_done(client, seats)
    pod_id, host = seats[0].pod_id, bearer(night["host_token"])
    assert client.post(f"/api/pods/{pod_id}/tables", headers=host,
                       json={"without_decks": True}).status_code == 200
    winner = client.get(f"/api/pods/{pod_id}/games/1", headers=host).json()["players"][0]
    assert client.post(f"/api/pods/{pod_id}/games/1/winner", headers=host,
                       json={"player_id": winner["player_id"]}).status_code == 200
    standings = screen(client, token_of(night["screen_url"])).json()["standings"]
    # Placement 4/3/2/1: the winner is first, the others share second.
    assert (standings[0]["name"], standings[0]["points"]) == (winner["name"], 4)
    assert {line["points"] for line in standings[1:]} == {3}


def test_the_screen_link_outlives_a_restart(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    settings = make_settings()
    with app_client(settings) as client:
        night, seats = open_night(client)
        assert take_first(client, seats[0]).status_code == 200
        before = screen(client, token_of(night["screen_url"])).json()
    with app_client(settings) as client:
        after = screen(client, token_of(night["screen_url"]))
    assert after.status_code == 200 and after.json() == before


def test_while_players_join_the_screen_shows_the_join_link_its_code_and_the_names(
    client: TestClient
) -> None:
    """The room joins from the TV: the night's join link (its QR code on the page), the
    code a locked-down lobby asks for, and each name as it arrives; gone once pods form."""
    created = client.post("/api/events", json={"set": "CMR"}).json()
    event, host = created["event_id"], bearer(created["host_token"])
    coded = client.post(f"/api/events/{event}/lobby", headers=host, json={"join_code": True})
    assert coded.status_code == 200, coded.text
    code = coded.json()["lobby"]["join_code"]
    for name in ("Ann", "Bob", "Cid"):
        joined = client.post(f"/api/events/{event}/players", json={"name": name, "code": code})
        assert joined.status_code == 201, joined.text
    token = token_of(client.get(f"/api/events/{event}/host", headers=host).json()["screen_url"])
    join = screen(client, token).json()["join"]
    assert join == {"url": f"http://prismatic.test/events/{event}/join", "code": code,
                    "names": ["Ann", "Bob", "Cid"], "wifi": None}
    assert client.post(f"/api/events/{event}/pods", headers=host,
                       json={"policy": "balanced"}).status_code == 200
    assert screen(client, token).json()["join"] is None


def test_a_seasons_night_shows_the_seasons_name_and_standings(client: TestClient) -> None:
    night, seats = open_night(client, 3, season={"name": "Fridays", "scoring": "placement"})
    draft_until_done(client, seats)
    pod_id, host = seats[0].pod_id, bearer(night["host_token"])
    assert client.post(f"/api/pods/{pod_id}/tables", headers=host,
                       json={"without_decks": True}).status_code == 200
    token = token_of(night["screen_url"])
    assert screen(client, token).json()["season"] == {"name": "Fridays", "standings": []}
    winner = client.get(f"/api/pods/{pod_id}/games/1", headers=host).json()["players"][0]
    assert client.post(f"/api/pods/{pod_id}/games/1/winner", headers=host,
                       json={"player_id": winner["player_id"]}).status_code == 200
    season = screen(client, token).json()["season"]
    assert season["name"] == "Fridays"
    assert (season["standings"][0]["name"], season["standings"][0]["points"]) == (winner["name"], 4)
    assert len(season["standings"]) == 3
    outside, _ = open_night(client, 3)
    assert screen(client, token_of(outside["screen_url"])).json()["season"] is None


def test_at_the_nights_end_the_screen_still_shows_tonights_results_draws_as_draws(
    make_settings: Callable[..., Settings],
    app_client: Callable[[Settings], AbstractContextManager[TestClient]],
) -> None:
    """The night's end is when the room reads the results: a pod the host ended keeps its
    tables' results on the TV (a draw is said as a draw, not as a win), after a restart too
    (a start leaves finished pods on disk)."""
    settings = make_settings()
    with app_client(settings) as client:
        night, seats = open_night(client, 3)
        draft_until_done(client, seats)
        pod_id, host = seats[0].pod_id, bearer(night["host_token"])
        assert client.post(f"/api/pods/{pod_id}/tables", headers=host,
                           json={"without_decks": True}).status_code == 200
        players = client.get(f"/api/pods/{pod_id}/games/1", headers=host).json()["players"]
        placings = [{"player_id": p["player_id"], "place": 1 if i < 2 else 3}
                    for i, p in enumerate(players)]
        drawn = client.post(f"/api/pods/{pod_id}/games/1/result", headers=host,
                            json={"placings": placings, "draw": True})
        assert drawn.status_code == 200, drawn.text
        assert client.post(f"/api/pods/{pod_id}/end", headers=host).status_code == 200
        pod = screen(client, token_of(night["screen_url"])).json()["pods"][0]
    assert pod["phase"] == "done"
    [table] = pod["tables"]
    assert table["result"] is not None and table["result"]["draw"] is True
    assert {p["name"] for p in table["result"]["placings"] if p["place"] == 1} == {
        p["name"] for p in players[:2]}
    with app_client(settings) as client:
        after = screen(client, token_of(night["screen_url"])).json()
    assert after["pods"] == [pod]


def test_commander_damage_from_fifteen_on_is_on_the_tv_by_its_commander(
    client: TestClient
) -> None:
    night, seats = open_night(client, 3)
    draft_until_done(client, seats)
    pod_id, host = seats[0].pod_id, bearer(night["host_token"])
    assert client.post(f"/api/pods/{pod_id}/tables", headers=host,
                       json={"without_decks": True}).status_code == 200
    game = client.get(f"/api/pods/{pod_id}/games/1", headers=host).json()
    victim, attacker = game["players"][0], game["players"][1]

    def hit(damage: int) -> dict[str, Any]:
        tapped = client.post(f"/api/pods/{pod_id}/games/1", headers=seats[0].auth, json={
            "kind": "commander_damage", "target": victim["player_id"], "delta": damage,
            "source": {"owner": attacker["player_id"], "index": 0}})
        assert tapped.status_code == 200, tapped.text
        table = screen(client, token_of(night["screen_url"])).json()["pods"][0]["tables"][0]
        return {p["name"]: p["danger"] for p in table["players"]}

    assert hit(14)[victim["name"]] == [], "14 is not close yet"
    seen = hit(1)
    # Nobody submitted a deck: the commander is a placeholder, called by its owner's name.
    assert seen[victim["name"]] == [{"commander": attacker["name"], "damage": 15}]
    assert all(danger == [] for name, danger in seen.items() if name != victim["name"])
