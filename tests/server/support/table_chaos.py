"""Scripted phones at a table for crash tests: each keeps tapping life, commander damage
and commander casts, and undoing its own taps, over HTTP (like the phones' board) or over
the WebSocket (`adjust`/`undo`); it resends the same tap, with the same `ref`, until it
gets an answer, and remembers exactly what the server acknowledged.

Why resend with the same `ref`: after a kill the phone cannot know whether its tap was
committed before the crash. Resending is the only way not to lose it; the `ref` is what
keeps the resend from counting twice. Any refusal other than "busy" is a bug here (every
tap the script makes is legal), so it is recorded, not retried.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
import sqlalchemy as sa
from websockets.sync.client import ClientConnection, connect

from pods.tracker import Adjustment, CommanderRef, Entry, Kind, Undo, replay_game
from server.db.game_repo import players_of
from server.db.tables import GameRow
from server.realtime.live import LiveGame
from server.views.game import game_view
from tests.server.support.builders import PodHandle, SeatHandle
from tests.server.support.chaos import NETWORK_ERRORS
from tests.server.support.live import LiveServer


@dataclass(frozen=True)
class Tap:
    """One change a phone makes: an adjust body, or an undo of its entry `undoes`."""

    ref: str
    body: dict[str, Any]
    undoes: int | None = None

    def as_entry(self, seq: int, author: str) -> Entry:
        """What the stored log must hold for this tap at `seq`."""
        if self.undoes is not None:
            return Undo(seq, author, self.undoes)
        source = self.body.get("source")
        return Adjustment(seq, author, Kind(self.body["kind"]), self.body["target"],
                          self.body["delta"],
                          CommanderRef(source["owner"], source["index"]) if source else None)


@dataclass
class TablePhone:
    """One scripted seat at table 1. Read its fields only after `thread` has ended."""

    seat: SeatHandle
    board: dict[str, Any]
    """The game view at the start: players and their commanders."""
    over_socket: bool
    http_base: str
    ws_base: str
    seed: int
    deadline: float
    acked: dict[str, tuple[Tap, int]] = field(default_factory=dict)
    """ref -> (tap, seq of the entry the server said holds it)."""
    sent: dict[str, Tap] = field(default_factory=dict)
    undone: set[int] = field(default_factory=set)
    resends: int = 0
    interrupted: set[str] = field(default_factory=set)
    """Taps whose connection died after they were sent, before any answer: the server
    may or may not have stored them; only the resend with the same ref can tell."""
    on_the_wire: bool = False
    pending: Tap | None = None
    errors: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    sending: threading.Event = field(default_factory=threading.Event)
    """Set whenever this phone sends a tap (the killer may aim at that moment)."""
    thread: threading.Thread | None = None

    def start(self) -> None:
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        rng = random.Random(self.seed)
        while time.monotonic() < self.deadline:
            try:
                if self.over_socket:
                    url = f"{self.ws_base}/ws/pods/{self.seat.pod_id}?token={self.seat.token}"
                    with connect(url, open_timeout=3, close_timeout=1, ping_interval=None) as ws:
                        self.tap_until_stopped(rng, lambda tap: self.send_over_socket(ws, tap))
                else:
                    with httpx.Client(base_url=self.http_base, timeout=3) as http:
                        self.tap_until_stopped(rng, lambda tap: self.send(http, tap))
                return
            except NETWORK_ERRORS + (httpx.HTTPError,):
                self.resends += 1
                if self.on_the_wire and self.pending is not None:
                    self.interrupted.add(self.pending.ref)
                time.sleep(0.1)  # then the same tap again, with the same ref
            except Exception as error:  # a thread's exception is otherwise silent
                self.errors.append(f"the phone stopped: {error!r}")
                return

    def progress(self) -> str:
        """A line for a failed wait: what this phone got done so far."""
        alive = self.thread is not None and self.thread.is_alive()
        return (f"{self.seat.name}: {len(self.acked)} acked of {len(self.sent)} sent, "
                f"{self.resends} resends, {'tapping' if alive else 'stopped'}, "
                f"errors {self.errors[:3]}")

    def tap_until_stopped(self, rng: random.Random,
                          send: Callable[[Tap], int | str | None]) -> None:
        """Tap (or resend the pending tap) until stopped and nothing is pending."""
        while time.monotonic() < self.deadline:
            if self.pending is None:
                if self.stop.is_set():
                    return
                time.sleep(rng.uniform(0.03, 0.09))  # a fast thumb; faster burns the suite's CPU
                self.pending = self.next_tap(rng)
                self.sent[self.pending.ref] = self.pending
            tap = self.pending
            self.on_the_wire = False
            answer = send(tap)
            if answer is None:
                continue  # busy: try again
            if isinstance(answer, str):
                self.errors.append(f"{tap.ref}: {answer}")
            else:
                self.acked[tap.ref] = (tap, answer)
                if tap.undoes is not None:
                    self.undone.add(tap.undoes)
            self.pending = None

    def next_tap(self, rng: random.Random) -> Tap:
        ref = f"{self.seat.name}-{len(self.sent)}"
        mine = [seq for t, seq in self.acked.values()
                if t.undoes is None and seq not in self.undone]
        players = self.board["players"]
        me = next(p for p in players if p["player_id"] == self.seat.player_id)
        roll = rng.random()
        if mine and roll < 0.2:
            return Tap(ref, {}, undoes=rng.choice(mine))
        if roll < 0.6:
            target = rng.choice(players)["player_id"]
            delta = rng.choice([-5, -3, -1, 1, 2])
            return Tap(ref, {"kind": "life", "target": target, "delta": delta, "ref": ref})
        if roll < 0.85:
            victim = rng.choice([p for p in players if p is not me])
            owner = rng.choice([p for p in players if p is not victim])
            source = {"owner": owner["player_id"],
                      "index": rng.randrange(len(owner["commanders"]))}
            return Tap(ref, {"kind": "commander_damage", "target": victim["player_id"],
                             "delta": rng.randint(1, 3), "source": source, "ref": ref})
        source = {"owner": me["player_id"], "index": rng.randrange(len(me["commanders"]))}
        return Tap(ref, {"kind": "commander_cast", "target": me["player_id"], "delta": 1,
                         "source": source, "ref": ref})

    def send(self, http: httpx.Client, tap: Tap) -> int | str | None:
        """POST the tap like the phone's board: the entry's seq, a refusal code, or None
        when the server said "busy"."""
        path = f"/api/pods/{self.seat.pod_id}/games/1"
        if tap.undoes is not None:
            path, body = path + "/undo", {"seq": tap.undoes, "ref": tap.ref}
        else:
            body = tap.body
        self.sending.set()
        try:
            response = http.post(path, json=body, headers=self.seat.auth)
        except httpx.ConnectError:
            raise  # refused: the server is down and nothing was sent
        except httpx.HTTPError:
            self.on_the_wire = True
            raise
        if response.status_code == 503:
            return None
        if response.status_code != 200:
            return f"{response.status_code} {response.json()['error']['code']}"
        return int(response.json()["applied"])

    def send_over_socket(self, ws: ClientConnection, tap: Tap) -> int | str | None:
        """The same as one socket message; the answer is the `ack` or `error` with its ref."""
        if tap.undoes is not None:
            message = {"type": "undo", "seq": tap.undoes, "ref": tap.ref}
        else:
            message = {"type": "adjust", **tap.body}
        self.sending.set()
        ws.send(json.dumps(message))
        self.on_the_wire = True
        while True:
            answer = json.loads(ws.recv(timeout=3))
            if answer.get("ref") != tap.ref:
                continue  # snapshots and the updates other phones' taps cause
            if answer["type"] == "ack":
                return int(answer["seq"])
            if answer["code"] == "db_busy":
                return None
            return f"error {answer['code']}"


def stored_entries(db_url: str, pod_id: str) -> tuple[str, list[tuple[Entry, str | None]]]:
    """(players_json, [(entry, ref)]) of table 1's current game's taps, straight from the
    database, in `seq` order; the logged draw of the first player (entry 0, no phone's
    tap) is left out."""
    engine = sa.create_engine(db_url)
    with engine.connect() as connection:
        game_id, players = connection.execute(sa.text(
            "SELECT id, players_json FROM game WHERE pod_id = :p AND table_number = 1 "
            "AND current"), {"p": pod_id}).one()
        rows = connection.execute(sa.text(
            "SELECT seq, author, kind, target, delta, source_owner, source_index, undoes, ref "
            "FROM game_entry WHERE game_id = :g AND kind <> 'first_drawn' ORDER BY seq"),
            {"g": game_id}).all()
    engine.dispose()
    entries: list[tuple[Entry, str | None]] = []
    for seq, author, kind, target, delta, owner, index, undoes, ref in rows:
        if kind == "undo":
            entries.append((Undo(seq, author, undoes), ref))
        else:
            source = CommanderRef(owner, index) if owner is not None else None
            entries.append((Adjustment(seq, author, Kind(kind), target, delta, source), ref))
    return players, entries


def stop_phones(phones: Sequence[TablePhone], deadline: float) -> None:
    """Stop every phone and wait, until `deadline` (at least a second), for the answer to
    the tap each one still had in flight."""
    for phone in phones:
        phone.stop.set()
    for phone in phones:
        assert phone.thread is not None
        phone.thread.join(max(1.0, deadline - time.monotonic()))
        assert not phone.thread.is_alive(), "a phone never got its last tap answered"


def taps_lost(phones: Sequence[TablePhone], stored: list[tuple[Entry, str | None]]) -> int:
    """Check the stored log against the phones: no ref stored twice, nothing stored that
    no phone sent (or other than it was sent), every acknowledged tap stored as it was
    acknowledged. Returns how many acknowledged taps the log lacks (a test wants 0)."""
    by_ref = {(entry.author, ref): entry for entry, ref in stored}
    assert len(by_ref) == len(stored), "an entry without a ref, or one ref stored twice"
    sent = {(phone.seat.player_id, ref): tap for phone in phones
            for ref, tap in phone.sent.items()}
    for (author, ref), entry in by_ref.items():  # nothing but what phones sent, as sent
        assert entry == sent[(author, ref)].as_entry(entry.seq, author)
    lost = 0
    for phone in phones:
        for ref, (tap, seq) in phone.acked.items():
            entry = by_ref.get((phone.seat.player_id, ref))
            lost += entry is None
            assert entry is None or entry == tap.as_entry(seq, phone.seat.player_id)
    return lost


def assert_shows_the_replay(server: LiveServer, pod: PodHandle, players_json: str,
                            stored: list[tuple[Entry, str | None]],
                            seconds: float = 5.0) -> None:
    """`server` shows table 1's game as the replay of the stored log, once it has caught
    up with it (another process's taps reach it a moment later)."""
    replayed = replay_game(players_of(GameRow(id="g", pod_id=pod.pod_id, table_number=1,
                                              players_json=players_json)),
                           [entry for entry, _ref in stored])
    deadline = time.monotonic() + seconds
    with server.client() as client:
        while (shown := client.get(pod.url("/games/1"),
                                   headers=pod.host).json())["seq"] < len(stored):
            assert time.monotonic() < deadline, "the server never showed every stored tap"
            time.sleep(0.02)
    expected = game_view(LiveGame(id=shown["game_id"], table=1, number=1, game=replayed,
                                  next_seq=len(stored) + 1))
    assert shown["players"] == expected["players"] and shown["seq"] == len(stored)
