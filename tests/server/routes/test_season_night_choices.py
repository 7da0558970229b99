"""Tonight's night from the season's host page: the start page's choices, the season's
achievements tonight offers, and the last night's choices handed back to fill the form."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.support.builders import bearer

AWARDS = [{"name": "First blood", "points": 1}, {"name": "Piper", "points": 3}]


def test_the_host_view_hands_back_the_last_nights_choices(client: TestClient) -> None:
    season = client.post("/api/seasons", json={"name": "League", "achievements": AWARDS}).json()
    host = f"/api/seasons/{season['season_id']}/host"
    token = bearer(season["host_token"])
    assert client.get(host, headers=token).json()["last_night"] is None
    night = client.post("/api/events", headers=token, json={
        "packs": ["CMM", "CLB", "CLB"], "pick_timer_seconds": 90, "starting_life": 30,
        "deck_size": "exact", "replay_visibility": "own_seat",
        "season_id": season["season_id"], "achievements": ["Piper"]})
    assert night.status_code == 201, night.text
    assert client.get(host, headers=token).json()["last_night"] == {
        "set": "CMM", "packs": ["CMM", "CLB", "CLB"], "pick_timer_seconds": 90,
        "starting_life": 30, "deck_size": "exact", "replay_visibility": "own_seat",
        "achievements": ["Piper"]}
    event = client.get(f"/api/events/{night.json()['event_id']}/host",
                       headers=bearer(night.json()["host_token"])).json()
    assert [a["name"] for a in event["achievements"]] == ["Piper"]


def test_a_night_without_a_choice_of_achievements_offers_all_of_the_seasons(
        client: TestClient) -> None:
    season = client.post("/api/seasons", json={"name": "League", "achievements": AWARDS}).json()
    token = bearer(season["host_token"])
    assert client.post("/api/events", headers=token, json={
        "set": "CLB", "season_id": season["season_id"]}).status_code == 201
    last = client.get(f"/api/seasons/{season['season_id']}/host", headers=token).json()
    assert last["last_night"]["achievements"] == ["First blood", "Piper"]
    assert (last["last_night"]["set"], last["last_night"]["packs"]) == ("CLB", None)


def test_an_achievement_the_season_lacks_is_refused_and_nothing_is_opened(
        client: TestClient) -> None:
    season = client.post("/api/seasons", json={"name": "League", "achievements": AWARDS}).json()
    token = bearer(season["host_token"])
    reply = client.post("/api/events", headers=token, json={
        "set": "CMR", "season_id": season["season_id"], "achievements": ["Piper", "Nope"]})
    assert (reply.status_code, reply.json()["error"]["code"]) == (422, "unknown_achievement")
    assert client.get(f"/api/seasons/{season['season_id']}/host",
                      headers=token).json()["last_night"] is None
    alone = client.post("/api/events", json={"set": "CMR", "achievements": ["Piper"]})
    assert (alone.status_code, alone.json()["error"]["code"]) == (422, "unknown_achievement")
