"""A night's round clock: the host starts, pauses, adds time to and ends a round's clock;
the host view, the phones and the TV read it; every change is a log entry; bad input is
refused with a sentence and changes nothing. The server's clock is injected: no test
waits for wall time."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.db import clock_repo
from server.runtime import Runtime
from tests.server.support.builders import bearer
from tests.server.support.nights import Night, drafted_night, night_at_tables
from tests.server.support.saved import saved_fixtures


class StoppedClock:
    """The server's now, moved only by the test."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)


# Two pods of five at their tables (round 1), drafted once for this module.
saved_night, saved_night_postgresql, settings, night = saved_fixtures(
    drafted_night, night_at_tables, "night")


def runtime(client: TestClient) -> Runtime:
    rt: Runtime = client.app.state.runtime  # type: ignore[attr-defined]
    return rt


@pytest.fixture
def clock(client: TestClient) -> StoppedClock:
    rt = runtime(client)
    stopped = StoppedClock(rt.now())
    rt.clock = stopped
    return stopped


def change(client: TestClient, night: Night, action: str, number: int = 1,
           headers: dict[str, str] | None = None, **body: Any) -> Any:
    return client.post(night.url("/clock"), headers=night.host if headers is None else headers,
                       json={"action": action, "round": number, **body})


def host_clock(client: TestClient, night: Night) -> dict[str, Any]:
    clock: dict[str, Any] = client.get(night.url("/host"), headers=night.host).json()["round_clock"]
    return clock


def seat_clock(client: TestClient, night: Night, name: str) -> Any:
    response = client.get(f"/api/pods/{night.pod_of[name]}/me", headers=night.seat(name))
    assert response.status_code == 200, response.text
    return response.json()["round_clock"]


def test_the_host_starts_pauses_adds_time_and_the_host_view_counts_down(
        client: TestClient, night: Night, clock: StoppedClock) -> None:
    assert host_clock(client, night) is None
    started = change(client, night, "start", minutes=50)
    assert started.status_code == 200, started.text
    assert started.json()["round_clock"]["left_seconds"] == 50 * 60
    clock.advance(20)
    assert host_clock(client, night)["left_seconds"] == 30 * 60
    assert change(client, night, "pause").status_code == 200
    clock.advance(15)  # a judge call: paused
    assert host_clock(client, night)["left_seconds"] == 30 * 60
    assert change(client, night, "resume").status_code == 200
    assert change(client, night, "add", minutes=5).status_code == 200
    clock.advance(10)
    view = host_clock(client, night)
    assert (view["left_seconds"], view["length_seconds"], view["running"]) == (25 * 60, 55 * 60,
                                                                              True)
    assert not view["at_time"] and view["still_playing"] == []


def test_at_time_the_host_view_names_the_tables_still_playing_and_phones_read_the_rule(
        client: TestClient, night: Night, clock: StoppedClock) -> None:
    assert change(client, night, "start", minutes=60, rule="one_more_turn").status_code == 200
    phone = seat_clock(client, night, "Player 1")
    assert phone["round"] == 1 and phone["running"] and phone["rule"] == "one_more_turn"
    assert phone["left_seconds"] is None  # a seat's cached view: it counts to ends_at
    ends = datetime.fromisoformat(phone["ends_at"].replace("Z", "+00:00"))
    assert abs((ends - clock.now).total_seconds() - 3600) < 1
    clock.advance(61)
    view = host_clock(client, night)
    assert view["at_time"] and view["left_seconds"] == 0
    assert len(view["still_playing"]) == 2  # each pod's round-1 table has no result


def test_ending_early_reaches_every_phone_and_the_tv(
        client: TestClient, night: Night, clock: StoppedClock) -> None:
    assert change(client, night, "start").status_code == 200
    assert change(client, night, "end").status_code == 200
    for name in ("Player 1", "Player 2"):
        phone = seat_clock(client, night, name)
        assert phone["ended"] and phone["at_time"] and phone["left_seconds"] == 0
    rt = runtime(client)
    screen = client.get("/api/screen", headers=bearer(screen_token(client, night)))
    assert screen.status_code == 200, screen.text
    assert screen.json()["round_clock"]["at_time"]
    assert rt.round_clocks[night.event_id].clock.ended


def screen_token(client: TestClient, night: Night) -> str:
    url: str = client.get(night.url("/host"), headers=night.host).json()["screen_url"]
    return url.split("screen_token=")[-1]


def test_every_change_is_a_log_entry_in_order(
        client: TestClient, night: Night, clock: StoppedClock) -> None:
    for action, body in (("start", {"minutes": 45}), ("pause", {}), ("resume", {}),
                         ("add", {"minutes": 10}), ("rule", {"rule": "one_more_turn"}),
                         ("end", {})):
        clock.advance(1)
        assert change(client, night, action, **body).status_code == 200
    with runtime(client).session() as session:
        log = clock_repo.entries(session, night.event_id)
    assert [action for action, _ in log] == ["start", "pause", "resume", "add", "rule", "end"]
    assert log[3][1].length == 55 * 60 and log[4][1].rule == "one_more_turn" and log[5][1].ended


@pytest.mark.parametrize(("action", "body", "number", "status", "code"), [
    ("start", {"minutes": 0}, 1, 422, "bad_length"),
    ("start", {"minutes": 241}, 1, 422, "bad_length"),
    ("start", {}, 2, 422, "unknown_round"),
    ("pause", {}, 1, 422, "unknown_round"),  # no clock started yet
])
def test_a_bad_request_is_refused_with_a_sentence_and_starts_nothing(
        client: TestClient, night: Night, action: str, body: dict[str, Any], number: int,
        status: int, code: str) -> None:
    refused = change(client, night, action, number, **body)
    assert refused.status_code == status, refused.text
    assert refused.json()["error"]["code"] == code
    russian = client.post(night.url("/clock"), headers={**night.host, "Accept-Language": "ru"},
                          json={"action": action, "round": number, **body})
    assert russian.json()["error"]["message"] != refused.json()["error"]["message"]
    assert host_clock(client, night) is None


def test_a_change_that_does_not_fit_the_clock_is_refused(
        client: TestClient, night: Night, clock: StoppedClock) -> None:
    assert change(client, night, "start").status_code == 200
    assert change(client, night, "start").json()["error"]["code"] == "clock_started"
    assert change(client, night, "resume").json()["error"]["code"] == "clock_running"
    assert change(client, night, "pause").status_code == 200
    assert change(client, night, "pause").json()["error"]["code"] == "clock_paused"
    assert change(client, night, "end").status_code == 200
    refused = change(client, night, "add", minutes=5)
    assert (refused.status_code, refused.json()["error"]["code"]) == (409, "clock_ended")
    italian = client.post(night.url("/clock"), headers={**night.host, "Accept-Language": "it"},
                          json={"action": "add", "round": 1, "minutes": 5})
    assert "orologio" in italian.json()["error"]["message"]


def test_only_the_host_changes_the_clock(client: TestClient, night: Night) -> None:
    refused = change(client, night, "start", headers=night.seat("Player 1"))
    assert refused.status_code == 403
    assert host_clock(client, night) is None


def test_the_next_round_starts_its_clock_and_a_bad_length_starts_no_round(
        client: TestClient, night: Night, clock: StoppedClock) -> None:
    refused = client.post(night.url("/rounds"), headers=night.host,
                          json={"round": 2, "force": True, "clock_minutes": 0})
    assert refused.json()["error"]["code"] == "bad_length"
    assert client.get(night.url("/host"), headers=night.host).json()["round"] == 1
    started = client.post(night.url("/rounds"), headers=night.host,
                          json={"round": 2, "force": True})
    assert started.status_code == 200, started.text
    view = started.json()["round_clock"]
    assert (view["round"], view["left_seconds"]) == (2, 60 * 60)  # the default hour
    assert seat_clock(client, night, "Player 7")["round"] == 2
    assert change(client, night, "pause", 1).json()["error"]["code"] == "unknown_round"


def test_the_night_summary_names_each_tables_round(client: TestClient, night: Night) -> None:
    text = client.get(night.url("/summary?format=text"), headers=night.host).text
    assert "Round 1 · Table 1: " in text
    assert client.post(night.url("/rounds"), headers=night.host,
                       json={"round": 2, "force": True}).status_code == 200
    text = client.get(night.url("/summary?format=text"), headers=night.host).text
    assert "Round 2 · Table 1: " in text
