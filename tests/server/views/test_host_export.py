"""The host sees no cards during the draft (docs/protocol.md), and that holds for the
night's export too: `export.zip` holds every pool, deck and draft log, so it opens only
when the host's reveal rule shows every seat to everyone (`pods.reveal`): after the draft
under `after_draft`, once the night ends under the default `after_night`, never under
`own_seat` or `nobody`."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.support.builders import draft_until_done, join, new_pod, start, take_first


def test_the_hosts_export_waits_until_the_draft_is_over(client: TestClient) -> None:
    pod = new_pod(client, seats=2, replay_visibility="after_draft")
    seats = [join(client, pod, name) for name in ("Ann", "Bob")]
    start(client, pod)
    assert take_first(client, seats[0]).status_code == 200
    early = client.get(pod.url("/export.zip"), headers=pod.host)
    assert early.status_code == 409
    assert early.json()["error"]["code"] == "wrong_phase"
    own = client.get(pod.url("/export"), headers=seats[0].auth,
                     params={"what": "pool", "format": "arena"})
    assert own.status_code == 200, "a seat may still take its own pool along"
    draft_until_done(client, seats)
    late = client.get(pod.url("/export.zip"), headers=pod.host)
    assert late.status_code == 200 and late.content.startswith(b"PK")


def test_under_the_default_the_hosts_export_waits_for_the_night_to_end(
    client: TestClient,
) -> None:
    pod = new_pod(client, seats=2)
    seats = [join(client, pod, name) for name in ("Ann", "Bob")]
    start(client, pod)
    draft_until_done(client, seats)
    during_games = client.get(pod.url("/export.zip"), headers=pod.host)
    assert during_games.status_code == 403
    assert during_games.json()["error"]["code"] == "replay_hidden"
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    ended = client.get(pod.url("/export.zip"), headers=pod.host)
    assert ended.status_code == 200 and ended.content.startswith(b"PK")


@pytest.mark.parametrize("mode", ["nobody", "own_seat"])
def test_a_rule_that_never_shows_every_seat_never_opens_the_hosts_export(
    client: TestClient, mode: str,
) -> None:
    pod = new_pod(client, seats=2, replay_visibility=mode)
    seats = [join(client, pod, name) for name in ("Ann", "Bob")]
    start(client, pod)
    draft_until_done(client, seats)
    assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
    hidden = client.get(pod.url("/export.zip"), headers=pod.host)
    assert hidden.status_code == 403
    assert hidden.json()["error"]["code"] == "replay_hidden"
    own = client.get(pod.url("/export"), headers=seats[0].auth,
                     params={"what": "log", "format": "mtgo"})
    assert own.status_code == 200, "each player still takes their own draft along"
