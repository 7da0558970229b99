"""Requests read the database off the event loop: a blocking query on the loop stalls every
socket of every pod while it runs (`queries_on_the_loop` in conftest fails the block).

Covers the reads that are not picks: the night's summary, exports, splitting tables, the
event pages and commands, and the start page's card status."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

from fastapi.testclient import TestClient

from tests.server.support.builders import bearer, draft_until_done, join, new_pod, start

Watch = Callable[[], AbstractContextManager[None]]


def test_summary_exports_and_the_split_read_off_the_loop(
        client: TestClient, queries_on_the_loop: Watch) -> None:
    pod = new_pod(client, seats=2, seed=3, replay_visibility="after_draft")
    seats = [join(client, pod, name) for name in ("Ann", "Bob")]
    start(client, pod)
    draft_until_done(client, seats)
    deck = {"commanders": [{"piper": True, "color": "R"}], "main": [],
            "basics": {"Mountain": 10}}
    assert client.put(pod.url("/deck"), headers=seats[0].auth, json=deck).status_code == 200
    with queries_on_the_loop():
        split = client.post(pod.url("/tables"), headers=pod.host,
                            json={"without_decks": True})
        assert split.status_code == 200, split.text
        for fmt in ("json", "text"):
            answer = client.get(pod.url("/summary"), headers=pod.host, params={"format": fmt})
            assert answer.status_code == 200, answer.text
        for what, fmt in (("pool", "arena"), ("deck", "mtgo"), ("log", "mtgo"), ("log", "json")):
            answer = client.get(pod.url("/export"), headers=seats[0].auth,
                                params={"what": what, "format": fmt})
            assert answer.status_code == 200, answer.text
        archive = client.get(pod.url("/export.zip"), headers=pod.host)
        assert archive.status_code == 200 and archive.content.startswith(b"PK")


def test_a_nights_pages_and_commands_read_off_the_loop(
        client: TestClient, queries_on_the_loop: Watch) -> None:
    with queries_on_the_loop():
        created = client.post("/api/events", json={"set": "CMR", "seed": 4})
        assert created.status_code == 201, created.text
        night = created.json()
        url, host = f"/api/events/{night['event_id']}", bearer(night["host_token"])
        tokens = []
        for name in ("Ann", "Bob", "Cid"):
            joined = client.post(f"{url}/players", json={"name": name})
            assert joined.status_code == 201, joined.text
            tokens.append(joined.json()["player_token"])
        assert client.get(url).status_code == 200
        assert client.get(f"{url}/me", headers=bearer(tokens[0])).status_code == 200
        assert client.get(f"{url}/host", headers=host).status_code == 200
        formed = client.post(f"{url}/pods", headers=host, json={"policy": "balanced"})
        assert formed.status_code == 200, formed.text
        started = client.post(f"{url}/start", headers=host)
        assert started.status_code == 200, started.text
        for fmt in ("json", "text"):
            answer = client.get(f"{url}/summary", headers=host, params={"format": fmt})
            assert answer.status_code == 200, answer.text


def test_the_card_status_reads_off_the_loop(
        client: TestClient, queries_on_the_loop: Watch) -> None:
    with queries_on_the_loop():
        assert client.get("/api/cards/status").status_code == 200
