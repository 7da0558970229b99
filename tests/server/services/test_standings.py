"""A night's standings count every stored game of its pods, retired games included."""

from __future__ import annotations

from fastapi.testclient import TestClient

from pods.season.scoring import Scheme
from pods.season.standings import Standing
from server.services.tables.standings import night_standings
from tests.server.support.builders import me, play_tables


def test_every_finished_game_counts_including_the_tables_earlier_games(
    client: TestClient,
) -> None:
    pod, seats = play_tables(client, ("Ann", "Bob", "Cid"))
    ids = {p["name"]: p["player_id"] for p in me(client, seats["Ann"])["game"]["players"]}
    for winner in ("Cid", "Ann", "Cid"):
        won = client.post(pod.url("/games/1/winner"), headers=pod.host,
                          json={"player_id": ids[winner]})
        assert won.status_code == 200, won.text
        assert client.post(pod.url("/games/1/next"), headers=pod.host).status_code == 200
    table = standings_of(client, pod.pod_id, Scheme())
    assert [(s.rank, s.player, s.points, s.games, s.wins) for s in table] == [
        (1, "Cid", 10, 3, 2), (2, "Ann", 5, 3, 1), (3, "Bob", 0, 3, 0)]
    # Placement: a recorded winner is first (4), the others share second (3 each).
    placement = standings_of(client, pod.pod_id, Scheme.parse("placement"))
    assert [(s.player, s.points) for s in placement] == [("Cid", 11), ("Ann", 10), ("Bob", 9)]


def standings_of(client: TestClient, pod_id: str, scheme: Scheme) -> list[Standing]:
    with client.app.state.runtime.session() as session:  # type: ignore[attr-defined]
        return night_standings(session, [pod_id], scheme)
