"""Hidden information over real sockets, and secrets kept out of the server's logs.

Rules: during a whole draft, no message a seat receives names a card it could not see at
the table (only the packs that reached it, at the moment they did); the host's socket gets
no card contents at all while drafting; no token appears in the server's output. After the
draft (the reveal, `pods/reveal.py`): another seat's picks reach a phone only through the
replay routes, and only once the host's rule allows, never on the socket (every mode, as
seat, other seat, host and no token: tests/server/services/test_replays.py).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from draft import engine
from draft.changes import PickMade
from draft.state import DraftConfig
from tests.server.services.test_restore import stored_bots, stored_log
from tests.server.support.builders import bearer, join, me, new_pod, start
from tests.server.support.chaos import draft_to_the_end
from tests.server.support.live import LiveServer

pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
SEED = 404


def cards_in(message: Any) -> Iterator[dict[str, Any]]:
    """Every card payload anywhere in a message."""
    if isinstance(message, dict):
        if "mana_cost" in message and "id" in message:
            yield message
        for value in message.values():
            yield from cards_in(value)
    elif isinstance(message, list):
        for value in message:
            yield from cards_in(value)


def visible_cards(db_url: str, pod_id: str, seed: int = SEED) -> dict[int, set[int]]:
    """Seat → every card id it may have seen: the packs in front of it when it picked."""
    players, log = stored_log(db_url, pod_id)
    state = engine.start(DraftConfig("CMR", 8), players, seed,
                         bots=stored_bots(db_url, pod_id))
    seen: dict[int, set[int]] = {seat: set() for seat in range(8)}
    for seat, cards in log:
        state, changes = engine.pick(state, seat, cards)
        made = changes[0]
        assert isinstance(made, PickMade)
        seen[seat].update(made.pack_before)
    assert state.finished
    return seen


def record_host(url: str, into: list[dict[str, Any]], stop: threading.Event) -> None:
    with connect(url) as ws:
        while not stop.is_set():
            try:
                into.append(json.loads(ws.recv(timeout=0.2)))
            except TimeoutError:
                continue


def test_no_seat_ever_receives_a_card_it_could_not_see(
    live_server: Callable[..., LiveServer], db_url: str
) -> None:
    server = live_server()
    with server.client() as client:
        pod = new_pod(client, seats=8, seed=SEED)
        seats = [join(client, pod, name) for name in ("Ann", "Bob", "Cid")]
    host_messages: list[dict[str, Any]] = []
    stop = threading.Event()
    host = threading.Thread(target=record_host, daemon=True,
                            args=(server.ws_url(pod.pod_id, pod.host_token), host_messages, stop))
    host.start()
    with server.client() as client:
        start(client, pod)
    phones = draft_to_the_end(server.base_url, seats)
    stop.set()
    host.join(5)

    allowed = visible_cards(db_url, pod.pod_id)
    with server.client() as client:
        seat_of = {s.player_id: me(client, s)["me"]["seat"] for s in seats}
    for phone in phones:
        mine = allowed[seat_of[phone.seat.player_id]]
        shown = {card["id"] for message in phone.messages for card in cards_in(message)}
        assert len(phone.messages) > 30
        assert shown <= mine, f"{phone.seat.name} saw cards of other seats"
        assert len(shown) > 60
    drafting = [m for m in host_messages if m.get("view", {}).get("phase") == "drafting"]
    assert len(drafting) > 30
    assert [card for m in drafting for card in cards_in(m)] == []
    assert not any("pack" in m["view"] or "pool" in m["view"] for m in drafting)


def test_no_token_reaches_the_server_log(live_server: Callable[..., LiveServer]) -> None:
    server = live_server(PRISMATIC_ACCESS_LOG="1")
    with server.client() as client:
        pod = new_pod(client, seats=2)
        ann = join(client, pod, "Ann")
        start(client, pod)
        me(client, ann)
        client.get(pod.url("/host"), headers=pod.host)
        client.get(pod.url("/host"), headers=bearer(ann.token))  # refused: wrong role
        client.get(pod.url(f"/me?token={ann.token}"))  # a token where it does not belong
    for token in (ann.token, pod.host_token, "not-a-real-token"):
        with connect(server.ws_url(pod.pod_id, token)) as ws:
            ws.recv(timeout=5) if token != "not-a-real-token" else None
    server.stop()
    output = server.output()
    assert "WebSocket /ws/pods/" in output  # the handshakes were logged…
    assert "token=***" in output
    for secret in (ann.token, pod.host_token, "not-a-real-token"):
        assert secret not in output  # …without the tokens


def test_the_reveal_opens_other_seats_only_when_the_rule_allows_and_never_on_the_socket(
    live_server: Callable[..., LiveServer], db_url: str
) -> None:
    server = live_server()
    with server.client() as client:
        pod = new_pod(client, seats=8, seed=SEED)
        seats = [join(client, pod, name) for name in ("Ann", "Bob")]
        start(client, pod)
    draft_to_the_end(server.base_url, seats)
    allowed = visible_cards(db_url, pod.pod_id)
    ann, bob = seats
    with server.client() as client:
        mine, theirs = me(client, ann)["me"]["seat"], me(client, bob)["me"]["seat"]
        other = client.get(pod.url(f"/replay/{theirs}"), headers=ann.auth)
        assert other.status_code == 403 and "mana_cost" not in other.text
        assert client.get(pod.url(f"/replay/{mine}"), headers=ann.auth).status_code == 200
    messages: list[dict[str, Any]] = []
    with connect(server.ws_url(pod.pod_id, ann.token)) as ws:
        messages.append(json.loads(ws.recv(timeout=5)))
        with server.client() as client:
            assert client.post(pod.url("/end"), headers=pod.host).status_code == 200
            opened = client.get(pod.url(f"/replay/{theirs}"), headers=ann.auth)
        assert opened.status_code == 200
        while True:
            try:
                messages.append(json.loads(ws.recv(timeout=1)))
            except TimeoutError:
                break
    assert any(m.get("view", {}).get("phase") == "done" for m in messages)
    shown = {card["id"] for message in messages for card in cards_in(message)}
    assert shown and shown <= allowed[mine], "the socket carried another seat's cards"
    replayed = {c["id"] for p in opened.json()["picks"] for c in p["pack"]}
    assert replayed == allowed[theirs]
