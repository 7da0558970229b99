"""The host sets round 1's length when the tables are split: the split that seats the
night's last pod starts round 1's clock (60 minutes unless the host says otherwise, none
when the host says null); a bad length is refused and splits nothing. A lone pod (no
night) has no round clock. The server's clock is injected: no test waits for wall time."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.db import clock_repo
from server.runtime import Runtime
from tests.server.support.builders import draft_until_done, join, me, new_pod, start
from tests.server.support.nights import Night, building_night, night_building
from tests.server.support.saved import saved_fixtures

# Two pods of five building their decks, drafted once for this module.
saved_night, saved_night_postgresql, settings, night = saved_fixtures(
    building_night, night_building, "night")


def split(client: TestClient, night: Night, pod_index: int, **body: Any) -> Any:
    return client.post(f"/api/pods/{night.pod_ids[pod_index]}/tables", headers=night.host,
                       json={"without_decks": True, **body})


def host_clock(client: TestClient, night: Night) -> Any:
    return client.get(night.url("/host"), headers=night.host).json()["round_clock"]


def clock_log(client: TestClient, night: Night) -> list[tuple[str, int]]:
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    with rt.session() as session:
        entries = clock_repo.entries(session, night.event_id)
    return [(action, clock.round) for action, clock in entries]


def test_the_split_of_the_last_pod_starts_round_ones_clock_of_the_hosts_length(
        client: TestClient, night: Night) -> None:
    assert split(client, night, 0, clock_minutes=50).status_code == 200
    assert host_clock(client, night) is None  # pod 2 still builds: no round yet
    last = split(client, night, 1, clock_minutes=50)
    assert last.status_code == 200, last.text
    clock = host_clock(client, night)
    assert (clock["round"], clock["length_seconds"], clock["running"]) == (1, 50 * 60, True)
    assert clock_log(client, night) == [("start", 1)]
    phone = client.get(f"/api/pods/{night.pod_of['Player 1']}/me",
                       headers=night.seat("Player 1")).json()["round_clock"]
    assert phone["round"] == 1 and phone["running"]


def test_the_round_lasts_an_hour_unless_the_host_says_otherwise(
        client: TestClient, night: Night) -> None:
    assert split(client, night, 0).status_code == 200
    assert split(client, night, 1).status_code == 200
    assert host_clock(client, night)["length_seconds"] == 60 * 60


def test_a_null_length_splits_without_a_clock(client: TestClient, night: Night) -> None:
    for index in (0, 1):
        assert split(client, night, index, clock_minutes=None).status_code == 200
    assert host_clock(client, night) is None
    assert clock_log(client, night) == []


@pytest.mark.parametrize("minutes", [0, 241, -5])
def test_a_bad_length_is_refused_and_splits_nothing(
        client: TestClient, night: Night, minutes: int) -> None:
    assert split(client, night, 0, clock_minutes=50).status_code == 200
    refused = split(client, night, 1, clock_minutes=minutes)
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"]["code"] == "bad_length"
    pods = client.get(night.url("/host"), headers=night.host).json()["pods"]
    assert [pod["phase"] for pod in pods] == ["playing", "building"]
    assert host_clock(client, night) is None


def test_round_ones_clock_takes_over_from_the_deckbuilding_countdown(
        client: TestClient, night: Night) -> None:
    countdown = client.post(night.url("/clock"), headers=night.host,
                            json={"action": "start", "round": 0, "minutes": 20})
    assert countdown.status_code == 200, countdown.text
    assert split(client, night, 0, clock_minutes=None).status_code == 200
    assert host_clock(client, night)["round"] == 0  # still building at pod 2
    assert split(client, night, 1, clock_minutes=45).status_code == 200
    clock = host_clock(client, night)
    assert (clock["round"], clock["length_seconds"]) == (1, 45 * 60)
    assert clock_log(client, night) == [("start", 0), ("start", 1)]


def test_a_re_split_leaves_the_running_clock_as_it_is(
        client: TestClient, night: Night) -> None:
    assert split(client, night, 0).status_code == 200
    assert split(client, night, 1, clock_minutes=50).status_code == 200
    again = split(client, night, 0, clock_minutes=30, end_games=True)
    assert again.status_code == 200, again.text
    assert host_clock(client, night)["length_seconds"] == 50 * 60
    assert clock_log(client, night) == [("start", 1)]


def test_a_lone_pod_splits_with_no_round_clock_but_still_refuses_a_bad_length(
        client: TestClient) -> None:
    pod = new_pod(client, seats=3, seed=9)
    seats = [join(client, pod, name) for name in ("Ann", "Bob", "Cid")]
    start(client, pod)
    draft_until_done(client, seats)
    refused = client.post(pod.url("/tables"), headers=pod.host,
                          json={"without_decks": True, "clock_minutes": 0})
    assert refused.json()["error"]["code"] == "bad_length"
    assert client.get(pod.url("/host"), headers=pod.host).json()["phase"] == "building"
    split = client.post(pod.url("/tables"), headers=pod.host,
                        json={"without_decks": True, "clock_minutes": 50})
    assert split.status_code == 200, split.text
    assert split.json()["phase"] == "playing"
    assert me(client, seats[0])["round_clock"] is None
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    assert rt.round_clocks == {}
