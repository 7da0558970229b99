"""Following a pod another process changed takes its stored night whole.

Rule: every stored field of the rebuilt pod reaches the live one (a field added to
`StoredNight` later included, with no list of fields to keep up to date), while the
objects sockets hold stay: the `LivePod` itself and each `LivePlayer` still seated.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

from pods.achievements import Achievement
from server.cluster.follow import _absorb
from server.realtime.live import LivePlayer, LivePod, PodSetup, StoredNight

SETUP = PodSetup(id="p", set_code="CMR", seats=8, seed=1, timer_seconds=None,
                 bots_allowed=True, host_hash="h")


def test_a_followed_pod_takes_every_stored_field_and_keeps_its_objects() -> None:
    ann, bob = (LivePlayer(id="ann", name="Ann", join_index=0, token_hash="a"),
                LivePlayer(id="bob", name="Bob", join_index=1, token_hash="b"))
    pod = LivePod(SETUP, night=StoredNight(players=[ann, bob]))
    pod.connections.connected["ann"] = 1
    fresh_ann = LivePlayer(id="ann", name="Ann", join_index=0, token_hash="a", seat=3)
    fresh = LivePod(SETUP, night=StoredNight(
        phase="playing", paused=True, paused_at=datetime(2026, 12, 1, tzinfo=UTC),
        players=[fresh_ann], next_seq=40, tables=[{"number": 1, "players": ["Ann"]}],
        locked=True, join_code="1234", replay_visibility="after_draft", revision=9,
        achievements=(Achievement("First blood", 2),)))
    fresh.connections.version = 50
    untouched = StoredNight()
    changed = [spec.name for spec in dataclasses.fields(StoredNight)
               if getattr(fresh.night, spec.name) == getattr(untouched, spec.name)]
    assert changed == ["state", "games"]  # every other stored field differs here

    _absorb(pod, fresh)

    assert pod.night is fresh.night
    assert pod.night.players == [ann] and ann.seat == 3  # Ann's object, updated in place
    assert bob.token_hash is None  # left the pod elsewhere: his socket closes
    assert pod.setup is SETUP and pod.connections.connected["ann"] == 1
    assert pod.connections.version == 50
