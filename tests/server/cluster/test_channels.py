"""Which channel a pod's commits are announced on (`server.cluster.channels`).

Rules: a pod every process must know is announced on the shared channel: in its lobby
(any process lists it), while its pick timers may run (the lease's holder fires them), and
always when it belongs to a night (every pod of the night shows its later rounds). Any
other pod is announced on its own channel, which only the processes serving it hear.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from server.cluster.channels import has_own_channel, notice_channel

SHARED = "prismatic"


def pod(phase: str, timer: int | None = None, event: str | None = None) -> SimpleNamespace:
    return SimpleNamespace(id="p1", night=SimpleNamespace(phase=phase),
                           setup=SimpleNamespace(timer_seconds=timer, event_id=event))


@pytest.mark.parametrize("phase", ["drafting", "building", "playing", "done"])
def test_a_pod_of_its_own_without_timers_is_announced_on_its_own_channel(phase: str) -> None:
    assert notice_channel(pod(phase)) == "prismatic.p1"  # type: ignore[arg-type]


def test_a_lobby_is_announced_to_every_process() -> None:
    assert notice_channel(pod("lobby")) == SHARED  # type: ignore[arg-type]


@pytest.mark.parametrize(("phase", "channel"), [
    ("lobby", SHARED), ("drafting", SHARED), ("building", "prismatic.p1")])
def test_a_timed_pod_is_announced_to_every_process_while_its_timers_may_run(
        phase: str, channel: str) -> None:
    assert notice_channel(pod(phase, timer=60)) == channel  # type: ignore[arg-type]


@pytest.mark.parametrize("phase", ["lobby", "drafting", "building", "done"])
def test_a_nights_pod_is_always_announced_to_every_process(phase: str) -> None:
    night_pod = pod(phase, event="e1")
    assert notice_channel(night_pod) == SHARED  # type: ignore[arg-type]
    assert not has_own_channel(night_pod)  # type: ignore[arg-type]
    assert has_own_channel(pod(phase))  # type: ignore[arg-type]
