"""A pick racing the pick timer: an `ack` (or 200) always means "these cards are yours".

Found by the crash harness: after a restart the timer auto-picked for a seat while its
phone's pick for the same pick number was on the way; the phone's pick was answered as a
harmless repeat, so the phone believed it held cards that were never in its pool.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient

from server.core.settings import Settings
from tests.server.services.test_timers import wait_for
from tests.server.support.builders import bearer, join, me, new_pod, start


def test_a_pick_the_timer_already_made_differently_is_stale(
    make_settings: Callable[..., Settings], app_client: Any
) -> None:
    # The clock jumps 5 minutes to make the deadline pass: a gap limit above that keeps
    # the timer loop from taking the jump for a sleeping laptop (`server.services.night.timers`).
    with app_client(make_settings(timer_gap_seconds=3600)) as client:
        pod = new_pod(client, seats=2, pick_timer_seconds=60)
        ann = join(client, pod, "Ann")
        start(client, pod)
        view = me(client, ann)
        runtime = client.app.state.runtime
        real_clock = runtime.clock
        runtime.clock = lambda: real_clock() + timedelta(minutes=5)  # the deadline passes
        assert wait_for(lambda: me(client, ann)["pick"] == 2)
        runtime.clock = real_clock
        taken = {c["id"] for c in me(client, ann)["pool"]}
        mine = [c["id"] for c in view["pack"] if c["id"] not in taken][:2]

        late = client.post(pod.url("/picks"), headers=bearer(ann.token),
                           json={"pick": 1, "cards": mine})

        assert late.status_code == 409
        assert late.json()["error"]["code"] == "stale_pick"
        assert {c["id"] for c in me(client, ann)["pool"]} == taken


def test_a_repeat_of_the_pick_that_was_made_is_answered_with_the_view(
    client: TestClient,
) -> None:
    pod = new_pod(client, seats=2)
    ann = join(client, pod, "Ann")
    start(client, pod)
    view = me(client, ann)
    cards = [c["id"] for c in view["pack"][:2]]
    body = {"pick": 1, "cards": cards}
    assert client.post(pod.url("/picks"), headers=bearer(ann.token), json=body).status_code == 200
    again = client.post(pod.url("/picks"), headers=bearer(ann.token), json=body)
    assert again.status_code == 200
    assert [c["id"] for c in again.json()["pool"]] == cards
