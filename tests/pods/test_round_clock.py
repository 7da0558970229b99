"""A round's clock counts down from its length, pauses, takes added time, ends early, and
gives back the time a restart took; the moments are passed in, never read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pods.round_clock import (
    FINISH_TURN,
    ONE_MORE_TURN,
    BadLengthError,
    BadRuleError,
    ClockStateError,
    start,
)

T0 = datetime(2026, 12, 4, 19, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_a_running_clock_counts_down_and_reaches_time() -> None:
    clock = start(2, 60, T0)
    assert clock.left(at(0)) == 3600
    assert clock.left(at(45)) == 15 * 60
    assert not clock.at_time(at(59.9))
    assert clock.at_time(at(60))
    assert clock.left(at(90)) == 0
    assert clock.ends_at(at(10)) == at(60)
    assert clock.rule == FINISH_TURN


def test_a_paused_clock_keeps_its_time_until_resumed() -> None:
    paused = start(1, 50, T0).pause(at(20))
    assert paused.left(at(200)) == 30 * 60
    assert paused.ends_at(at(200)) is None
    resumed = paused.resume(at(200))
    assert resumed.left(at(210)) == 20 * 60


def test_pausing_twice_or_resuming_a_running_clock_is_refused() -> None:
    clock = start(1, 50, T0)
    with pytest.raises(ClockStateError) as running:
        clock.resume(at(1))
    assert running.value.code == "clock_running"
    with pytest.raises(ClockStateError) as paused:
        clock.pause(at(1)).pause(at(2))
    assert paused.value.code == "clock_paused"


def test_added_time_counts_even_after_time() -> None:
    clock = start(1, 60, T0)
    more = clock.add(5, at(58))
    assert more.left(at(58)) == 7 * 60
    assert more.length == 65 * 60
    late = clock.add(10, at(70))  # at time already: ten minutes from now
    assert late.left(at(75)) == 5 * 60


def test_ending_early_is_at_time_and_final() -> None:
    ended = start(3, 60, T0).end(at(30))
    assert ended.at_time(at(30)) and ended.left(at(31)) == 0
    for change in (lambda c: c.pause(at(31)), lambda c: c.resume(at(31)),
                   lambda c: c.add(5, at(31)), lambda c: c.end(at(31))):
        with pytest.raises(ClockStateError) as refused:
            change(ended)
        assert refused.value.code == "clock_ended"


@pytest.mark.parametrize("minutes", [0, -5, 241, True, 2.5, "60"])
def test_a_length_outside_one_to_240_whole_minutes_is_refused(minutes: object) -> None:
    with pytest.raises(BadLengthError) as refused:
        start(1, minutes, T0)  # type: ignore[arg-type]
    assert refused.value.code == "bad_length"
    with pytest.raises(BadLengthError):
        start(1, 60, T0).add(minutes, at(1))  # type: ignore[arg-type]


def test_an_unknown_round_or_rule_is_refused() -> None:
    with pytest.raises(ClockStateError) as round_refused:
        start(100, 60, T0)
    assert round_refused.value.code == "unknown_round"
    with pytest.raises(BadRuleError) as rule_refused:
        start(1, 60, T0, "sudden_death")
    assert rule_refused.value.code == "clock_rule"
    assert start(1, 60, T0, ONE_MORE_TURN).with_rule(FINISH_TURN).rule == FINISH_TURN


def test_a_restart_gives_back_the_time_the_server_was_down() -> None:
    clock = start(2, 60, T0)
    # stored at minute 20 that it ran; killed at 21; started again at minute 40
    back = clock.restored(saved_at=at(20), now=at(40))
    assert back.left(at(40)) == 40 * 60
    assert back.left(at(50)) == 30 * 60


def test_a_restart_leaves_a_paused_or_ended_clock_as_it_was() -> None:
    paused = start(2, 60, T0).pause(at(10))
    assert paused.restored(at(30), at(90)) == paused
    ended = start(2, 60, T0).end(at(10))
    assert ended.restored(at(30), at(90)) == ended


def test_a_restart_with_no_save_since_the_change_counts_from_the_change() -> None:
    resumed = start(2, 60, T0).pause(at(10)).resume(at(30))
    back = resumed.restored(saved_at=at(25), now=at(100))  # saved before the resume
    assert back.left(at(100)) == 50 * 60
    assert start(2, 60, T0).restored(None, at(100)).left(at(100)) == 3600
