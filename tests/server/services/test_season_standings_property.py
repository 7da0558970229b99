"""Property: for random seasons (random nights, games, schemes and merges), the standings
the API serves equal a plain recomputation from the results stored in the database."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlmodel import col, select

from pods.results import GameResult, Placing
from pods.season.scoring import Scheme
from pods.season.standings import standings
from server.db.tables import SeasonNightRow, SeasonResultRow
from tests.server.support.builders import bearer

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
    tied = draw(st.integers(1, len(players)))  # players sharing place 1 (a draw if > 1)
    places = [1] * tied + [draw(st.integers(tied + 1, len(players)))
                           for _ in players[tied:]]
    return {"placings": [{"player": p, "place": n} for p, n in zip(players, places,
                                                                     strict=True)],
            "draw": tied > 1, "awards": []}


@st.composite
def seasons(draw: st.DrawFn) -> dict[str, Any]:
    scoring = draw(st.sampled_from(["win-draw-loss", "placement"]))
    keys = ["win", "draw", "loss"] if scoring == "win-draw-loss" else ["1", "2", "3", "4"]
    points = {key: draw(st.integers(0, 9)) for key in keys}
    nights = draw(st.lists(st.lists(games(), max_size=4), min_size=1, max_size=3))
    return {"format": "prismatic-season", "version": 1,
            "season": {"name": "Random", "scoring": scoring, "points": points},
            "players": [{"name": name, "aliases": []} for name in NAMES],
            "nights": [{"held_at": f"2026-11-{day + 1:02d}T19:00:00+00:00", "results": night}
                       for day, night in enumerate(nights)]}


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=seasons(), merges=st.lists(st.tuples(st.sampled_from(NAMES),
                                                 st.sampled_from(NAMES)), max_size=3))
@example(data={"format": "prismatic-season", "version": 1,  # a merge into a merged name
               "season": {"name": "Chain", "scoring": "win-draw-loss",
                          "points": {"win": 3, "draw": 1, "loss": 0}},
               "players": [{"name": name, "aliases": []} for name in NAMES],
               "nights": [{"held_at": "2026-11-01T19:00:00+00:00", "results": [
                   {"placings": [{"player": "Dee", "place": 1}, {"player": "Bob", "place": 2}],
                    "draw": False, "awards": []},
                   {"placings": [{"player": "Ann", "place": 1}, {"player": "Cid", "place": 2}],
                    "draw": False, "awards": []}]}]},
          merges=[("Dee", "Ann"), ("Ann", "Eve")])
def test_api_standings_equal_a_plain_recomputation_of_the_stored_results(
    client: TestClient, data: dict[str, Any], merges: list[tuple[str, str]]
) -> None:
    created = client.post("/api/seasons/import?existing=keep", json=data)
    assert created.status_code == 201, created.text
    season = created.json()
    same: dict[str, str] = {name: name for name in NAMES}  # name → who it counts for now
    for source, target in merges:
        reply = client.post(f"/api/seasons/{season['season_id']}/players/merge",
                            headers=bearer(season["host_token"]),
                            json={"name": source, "into": target})
        if reply.status_code == 200:  # refused merges (met at a table, one player) change nothing
            merged, into = same[source], same[target]  # read before the loop rewrites them
            for name, now in same.items():
                if now == merged:
                    same[name] = into
        else:
            assert reply.json()["error"]["code"] in {"played_together", "same_player"}
    served = client.get(f"/api/seasons/{season['season_id']}/standings").json()

    scheme = Scheme.parse(data["season"]["scoring"], data["season"]["points"])
    results = [GameResult(tuple(Placing(same[p["player"]], p["place"])
                                for p in stored["placings"]), stored["draw"])
               for stored in stored_results(client, season["season_id"])]
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for result in results:
        for player in result.players:
            line = tally[player]
            line[0] += scheme.for_player(result, player)
            line[1] += 1
            line[2] += result.outcome(player) == "win"
            line[3] += result.outcome(player) == "draw"
    assert {s["name"]: [s["points"], s["games"], s["wins"], s["draws"]]
            for s in served["standings"]} == dict(tally)
    assert [(s["rank"], s["name"]) for s in served["standings"]] == [
        (s.rank, s.player) for s in standings(results, scheme)]
    assert served["nights"] == len(data["nights"])


def stored_results(client: TestClient, season_id: str) -> list[dict[str, Any]]:
    """The season's results as the database holds them (read straight from the rows)."""
    with client.app.state.runtime.session() as session:  # type: ignore[attr-defined]
        query = (select(SeasonResultRow.result_json)
                 .join(SeasonNightRow, col(SeasonNightRow.id) == col(SeasonResultRow.night_id))
                 .where(SeasonNightRow.season_id == season_id))
        return [json.loads(text) for text in session.exec(query)]
