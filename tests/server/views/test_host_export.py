"""The host sees no cards during the draft (docs/protocol.md), and that holds for the
night's export too: `export.zip` holds every pool, so it waits until the draft is over."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.support.builders import draft_until_done, join, new_pod, start, take_first


def test_the_hosts_export_waits_until_the_draft_is_over(client: TestClient) -> None:
    pod = new_pod(client, seats=2)
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
