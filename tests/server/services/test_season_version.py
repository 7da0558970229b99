"""A season's version (what its cached standings and statistics are kept under) moves when a
game's standings facts move (its result, a confirmation, a dispute) and never on a life tap:
a tap at one table must not make the next standings read of the whole season recompute."""

from __future__ import annotations

from fastapi.testclient import TestClient

from server.db import season_repo
from server.runtime import Runtime
from server.services.season_stats.reads import stats_version
from tests.server.services.test_season_confirmations import Night
from tests.server.support.databases import SQLITE_ONLY


def versions(client: TestClient, season_id: str) -> tuple[object, object]:
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    with rt.session() as session:
        return (season_repo.season_version(session, season_id),
                stats_version(session, season_id))


def tap(client: TestClient, night: Night, who: str, target: str, delta: int) -> None:
    ids = {p["name"]: p["player_id"] for p in night.game(client, who)["players"]}
    tapped = night.post(client, who, "", {"kind": "life", "target": ids[target],
                                          "delta": delta})
    assert tapped.status_code == 200, tapped.text


@SQLITE_ONLY
def test_life_taps_leave_the_seasons_version_as_it_was(client: TestClient) -> None:
    night = Night(client)
    before = versions(client, night.season_id)
    tap(client, night, "Ann", "Bob", -3)
    tap(client, night, "Bob", "Bob", +2)
    tap(client, night, "Cid", "Ann", -1)
    assert versions(client, night.season_id) == before


@SQLITE_ONLY
def test_a_result_a_dispute_and_a_confirmation_each_move_it(client: TestClient) -> None:
    night = Night(client)
    seen = [versions(client, night.season_id)]
    seq = night.knock_out_everyone_from(client, "Ann")  # the last knock-out is the result
    seen.append(versions(client, night.season_id))
    assert night.post(client, "Bob", "dispute", {"result_seq": seq}).status_code == 200
    seen.append(versions(client, night.season_id))
    assert night.post(client, None, "confirm", {"result_seq": seq}).status_code == 200
    seen.append(versions(client, night.season_id))
    assert len(set(seen)) == len(seen)
    for kind in (0, 1):
        assert len({version[kind] for version in seen}) == len(seen)


@SQLITE_ONLY
def test_confirming_a_game_the_table_left_moves_it(client: TestClient) -> None:
    night = Night(client)
    seq = night.knock_out_everyone_from(client, "Ann")
    assert client.post(f"/api/pods/{night.pod_id}/games/1/next",
                       headers=night.host).status_code == 200
    before = versions(client, night.season_id)
    tap(client, night, "Bob", "Cid", -5)  # game 2's tap
    assert versions(client, night.season_id) == before
    confirmed = night.post(client, "Bob", "confirm", {"result_seq": seq, "game": 1})
    assert confirmed.status_code == 200, confirmed.text
    after = versions(client, night.season_id)
    assert after[0] != before[0] and after[1] != before[1]
    assert night.standings(client)["pending"] == []
