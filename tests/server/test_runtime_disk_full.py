"""The host hears a full disk on every pod, and hears it clear, once per change.

Why it is a rule: `Runtime.note_disk_full` runs after every transaction (at table pace,
every pick); it must still reach every pod when the disk fills, also a pod opened while
it was full, and cost nothing while the disk is fine (issue #45)."""

from __future__ import annotations

import sqlalchemy as sa

from server.core.settings import Settings
from server.realtime.hub import Hub
from server.realtime.live import LivePod, PodSetup
from server.runtime import Runtime


def _runtime() -> Runtime:
    settings = Settings(public_url="http://prismatic.test")
    return Runtime(settings=settings, engine=sa.create_engine("sqlite://"),
                   base_url="http://prismatic.test", hub=Hub(settings.hub_queue_size))


def _pod(rt: Runtime, pod_id: str) -> LivePod:
    pod = LivePod(PodSetup(id=pod_id, set_code="CMR", seats=8, seed=1, timer_seconds=None,
                           bots_allowed=True, host_hash="h"))
    rt.registry.add(pod)
    return pod


def test_a_full_disk_reaches_every_pod_and_a_success_clears_it_once() -> None:
    rt = _runtime()
    first, second = _pod(rt, "a"), _pod(rt, "b")
    versions = [first.connections.version, second.connections.version]
    rt.note_disk_full(True)
    assert first.connections.disk_full and second.connections.disk_full
    assert [first.connections.version, second.connections.version] == [v + 1 for v in versions]
    rt.note_disk_full(False)
    rt.note_disk_full(False)
    assert not first.connections.disk_full and not second.connections.disk_full
    assert [first.connections.version, second.connections.version] == [v + 2 for v in versions]


def test_a_pod_opened_while_the_disk_is_full_hears_it_on_the_next_failure() -> None:
    rt = _runtime()
    _pod(rt, "a")
    rt.note_disk_full(True)
    late = _pod(rt, "late")
    rt.note_disk_full(True)
    assert late.connections.disk_full


def test_a_success_on_a_fine_disk_changes_no_pod() -> None:
    rt = _runtime()
    pod = _pod(rt, "a")
    version = pod.connections.version
    for _ in range(3):
        rt.note_disk_full(False)
    assert pod.connections.version == version and not pod.connections.disk_full
