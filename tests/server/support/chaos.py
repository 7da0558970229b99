"""Scripted phones for crash tests: each drafts over a real WebSocket, reconnects by
itself when the server dies, then submits decks over HTTP, and remembers exactly what the
server acknowledged and what it showed.

Why threads with the sync `websockets` client: the server runs in a subprocess that the
test SIGKILLs; each phone must notice on its own (closed socket, refused connection) and
come back, like a phone on the table's Wi-Fi.
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import connect

from tests.server.support.builders import SeatHandle
from tests.server.support.socket_views import SocketViews

NETWORK_ERRORS = (ConnectionClosed, InvalidHandshake, InvalidStatus, OSError, TimeoutError)


@dataclass
class Sighting:
    """What the phone was shown: a pack at a pick, and the pool beside it."""

    pick: int
    pack_id: int
    pack: frozenset[int]


@dataclass
class Phone:
    """One scripted seat. Read its fields only after `thread` has ended."""

    seat: SeatHandle
    ws_base: str
    http_base: str
    seed: int
    deadline: float
    acked: dict[int, tuple[int, ...]] = field(default_factory=dict)
    sightings: list[Sighting] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)
    reconnects: int = 0
    in_flight_at_crash: int = 0
    """Picks sent but not yet acknowledged when the connection died."""
    pending: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    deck_acked: list[int] | None = None
    deck_in_flight: list[int] | None = None
    deck_acks: int = 0
    drafting_done: threading.Event = field(default_factory=threading.Event)
    stop_decks: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    picking: threading.Event = field(default_factory=threading.Event)
    """Set whenever this phone sends a pick (the killer may aim at that moment)."""
    pool: list[int] = field(default_factory=list)

    def start(self) -> None:
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        rng = random.Random(self.seed)
        while not self.drafting_done.is_set() and time.monotonic() < self.deadline:
            try:
                self.draft_once(rng)
            except NETWORK_ERRORS:
                self.reconnects += 1
                self.in_flight_at_crash += len(self.pending)
                self.pending.clear()
                time.sleep(0.1)
        self.submit_decks()

    def draft_once(self, rng: random.Random) -> None:
        url = f"{self.ws_base}/ws/pods/{self.seat.pod_id}?token={self.seat.token}"
        with connect(url, open_timeout=3, close_timeout=1) as ws:
            pending = self.pending
            pending.clear()
            version = None
            view: dict[str, Any] | None = None
            views = SocketViews()
            while time.monotonic() < self.deadline:
                message = json.loads(ws.recv(timeout=5))
                self.messages.append(message)
                kind = message["type"]
                for ref in message.get("acks") or ():  # acknowledged inside this view
                    pick, cards = pending.pop(ref)
                    self.acked[pick] = cards
                if kind == "ack":
                    pick, cards = pending.pop(message["ref"])
                    self.acked[pick] = cards
                    # The update with the next pack may arrive before this ack (both follow
                    # the same commit): act on the newest view now that nothing is pending.
                    if view is not None and view["pick"] > pick:
                        self.maybe_pick(ws, view, pending, rng)
                    continue
                if kind == "error":
                    self.errors.append(message["code"])
                    pending.pop(message.get("ref", ""), None)
                    ws.send(json.dumps({"type": "snapshot"}))
                    continue
                if kind not in ("snapshot", "update"):
                    continue
                if kind == "update" and message["base"] != version:
                    ws.send(json.dumps({"type": "snapshot"}))  # a gap: as live.js does
                    continue
                version = message["version"]
                view = views.take(message)
                self.pool = [c["id"] for c in view["pool"]]
                if view["phase"] != "drafting":
                    self.drafting_done.set()
                    return
                self.maybe_pick(ws, view, pending, rng)

    def maybe_pick(self, ws: Any, view: dict[str, Any],
                   pending: dict[str, tuple[int, tuple[int, ...]]], rng: random.Random) -> None:
        """Pick at random from the pack in front of the seat, one pick in flight at a time."""
        if view["pack"] and not view["paused"] and not pending:
            ids = [c["id"] for c in view["pack"]]
            self.sightings.append(Sighting(view["pick"], view["pack_id"], frozenset(ids)))
            cards = tuple(rng.sample(ids, view["picks_needed"]))
            ref = f"{view['pick']}"
            pending[ref] = (view["pick"], cards)
            ws.send(json.dumps({"type": "pick", "pick": view["pick"],
                                "cards": list(cards), "ref": ref}))
            self.picking.set()

    def submit_decks(self) -> None:
        """Resubmit ever-changing decks until told to stop; remember the last acked one."""
        n = 0
        headers = {"Authorization": f"Bearer {self.seat.token}"}
        with httpx.Client(base_url=self.http_base, timeout=3) as client:
            while time.monotonic() < self.deadline:
                if self.stop_decks.is_set() and self.deck_in_flight is None:
                    return
                main = self.deck_in_flight or self.pool[: 20 + n % 40]
                try:
                    if not self.pool:
                        self.pool = [c["id"] for c in client.get(
                            f"/api/pods/{self.seat.pod_id}/me", headers=headers).json()["pool"]]
                        continue
                    self.deck_in_flight = main
                    response = client.put(f"/api/pods/{self.seat.pod_id}/deck", headers=headers,
                                          json={"main": main})
                except httpx.HTTPError:
                    time.sleep(0.05)
                    continue
                if response.status_code == 200:
                    self.deck_acked, self.deck_in_flight = main, None
                    self.deck_acks += 1
                    n += 1
                    time.sleep(0.05)  # a builder's pace; a tight loop only burns the suite's CPU
                else:
                    time.sleep(0.05)


def draft_to_the_end(base_url: str, seats: list[SeatHandle], seconds: float = 60) -> list[Phone]:
    """Phones for `seats` that only draft (no decks), run until the draft is over."""
    ws_base = base_url.replace("http://", "ws://")
    phones = [Phone(seat, ws_base, base_url, i, time.monotonic() + seconds)
              for i, seat in enumerate(seats)]
    for phone in phones:
        phone.stop_decks.set()
        phone.start()
    for phone in phones:
        assert phone.thread is not None
        phone.thread.join(seconds)
        assert phone.drafting_done.is_set()
    return phones


def check_sightings(phone: Phone) -> list[str]:
    """Problems with what a phone was shown: a pack holding a card it had already taken
    (acknowledged at an earlier pick), or a pack it had passed shown again with nothing
    taken from it since (the same pack at the same pick, before an ack, is a fair resend)."""
    problems = []
    last_seen: dict[int, Sighting] = {}
    for sight in phone.sightings:
        taken = {card for pick, cards in phone.acked.items() if pick < sight.pick
                 for card in cards}
        if sight.pack & taken:
            problems.append(f"pick {sight.pick}: pack {sight.pack_id} holds cards I took")
        before = last_seen.get(sight.pack_id)
        if before is not None:
            same_pick = before.pick == sight.pick and before.pack == sight.pack
            if not same_pick and not sight.pack < before.pack:
                problems.append(f"pick {sight.pick}: pack {sight.pack_id} came back unpicked")
        last_seen[sight.pack_id] = sight
    return problems
