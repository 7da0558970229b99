"""The reveal in cluster mode: a pod drafted on one process replays the same on the other,
and the host's rule, changed on one process, holds on both (each reads the stored rows)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.server.cluster.members import SEED, two_members, wait_known
from tests.server.support.builders import draft_until_done, join, me, new_pod, start


@pytest.mark.slow
def test_a_replay_is_the_same_on_both_processes_and_the_rule_holds_on_both(
    postgres_url: str, tmp_path: Path,
) -> None:
    with two_members(postgres_url, tmp_path) as (a, b):
        with a.client() as client:
            pod = new_pod(client, seats=3, seed=SEED)
            ann, bob = join(client, pod, "Ann"), join(client, pod, "Bob")
        wait_known(b, pod)
        with b.client() as client:  # changed on the second process…
            changed = client.post(pod.url("/lobby"), headers=pod.host,
                                  json={"replay_visibility": "own_seat"})
            assert changed.status_code == 200, changed.text
        with a.client() as client:  # …seen by phones of the first
            deadline = time.monotonic() + 5
            while me(client, ann)["replay_visibility"] != "own_seat":
                assert time.monotonic() < deadline, "the rule never reached the first process"
                time.sleep(0.02)
            start(client, pod)
            draft_until_done(client, [ann, bob])
            mine = me(client, ann)["me"]["seat"]
            theirs = me(client, bob)["me"]["seat"]
            on_a = client.get(pod.url(f"/replay/{mine}"), headers=ann.auth)
        assert on_a.status_code == 200, on_a.text
        with b.client() as client:
            on_b = client.get(pod.url(f"/replay/{mine}"), headers=ann.auth)
            hidden = client.get(pod.url(f"/replay/{theirs}"), headers=ann.auth)
            listed = client.get(pod.url("/replay"), headers=ann.auth).json()["seats"]
        assert on_b.json() == on_a.json()
        assert len(on_b.json()["picks"]) == 30
        assert hidden.status_code == 403 and hidden.json()["error"]["code"] == "replay_hidden"
        assert [s["seat"] for s in listed] == [mine]
