"""Simulated phones: pods of seats that draft over real WebSockets, as fast as told.

Why this shape: a phone at the table does exactly this — it waits for a pack, thinks,
sends a pick and waits for its next state. Timing from the pick's send to the first
message whose view has moved past that pick measures what a player feels, including the
database commit the server makes before it answers.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from loadgen.drop import Drop, retry_delay
from loadgen.http1 import Http1Connection
from loadgen.tail import PickSample


@dataclass
class RunStats:
    """Everything the phones observed during one run."""

    latencies: list[float] = field(default_factory=list)
    samples: list[PickSample] = field(default_factory=list)
    """Each latency with when its pick was sent and whether it opened a round
    (`loadgen.tail`)."""
    picks_sent: int = 0
    acks: int = 0
    views: int = 0
    waiting_views: int = 0
    """Views whose only news is whom the seat waits for (`is_waiting_only`)."""
    frames: int = 0
    """Every message the phones received (views, acks, errors)."""
    view_bytes: int = 0
    last_ack_at: float = 0.0  # perf_counter of the run's last acknowledgement
    errors: list[str] = field(default_factory=list)
    pools: list[int] = field(default_factory=list)


@dataclass
class Seat:
    """One simulated phone's seat: its token and what it has sent."""

    pod_id: str
    token: str
    sent_pick: int = 0
    sent_at: float = 0.0
    sent_wall: float = 0.0
    picks_sent: int = 0
    acks: int = 0
    done: bool = False
    version: int = 0
    pool: int = 0
    shown_pick: int = 0
    """The pick number of the last view this seat was shown."""
    rejoining: bool = False
    """Its socket was cut (`loadgen.drop`): the next view is its first on a new one."""

    def acked(self, stats: RunStats, at: float) -> None:
        """An acknowledgement of one of this seat's picks (a socket `ack` or an HTTP 200)."""
        self.acks += 1
        stats.acks += 1
        stats.last_ack_at = at

    def shown(self, stats: RunStats, view: dict[str, Any], at: float) -> None:
        """A view arrived: if it has moved past the pick in flight, that pick's latency."""
        if self.sent_pick and view["pick"] > self.sent_pick and self.sent_at:
            stats.latencies.append(at - self.sent_at)
            new_round = view.get("phase") == "drafting" and view.get("pick_in_round") == 1
            stats.samples.append(PickSample(self.sent_wall, at - self.sent_at, new_round))
            self.sent_at = 0.0


async def create_pod(client: httpx.AsyncClient, seats: int, set_code: str) -> list[Seat]:
    """A pod with `seats` simulated players joined and the draft started."""
    host, pod = await open_pod(client, seats, set_code)
    await start_pod(client, pod[0].pod_id, host)
    return pod


async def open_pod(client: httpx.AsyncClient, seats: int,
                   set_code: str) -> tuple[str, list[Seat]]:
    """(host token, seats): a pod with `seats` simulated players joined, not started."""
    created = (await client.post("/api/pods", json={"set": set_code, "seats": seats})).json()
    pod_id, host = created["pod_id"], created["host_token"]
    tokens = []
    for i in range(seats):
        joined = await client.post(f"/api/pods/{pod_id}/seats", json={"name": f"Phone {i + 1}"})
        joined.raise_for_status()
        tokens.append(joined.json()["seat_token"])
    return host, [Seat(pod_id, token) for token in tokens]


async def start_pod(client: httpx.AsyncClient, pod_id: str, host: str) -> None:
    started = await client.post(
        f"/api/pods/{pod_id}/start", headers={"Authorization": f"Bearer {host}"}
    )
    started.raise_for_status()


HANDSHAKES_AT_ONCE = 64
"""Sockets the bench opens at once, at most. Why: 2,000 simulated phones opening their
sockets in the same instant on a busy 2-core machine left the server more than its 10 s
header timeout (`server.edge.connection_limits`) to read some handshakes, and it refused
them (408). Real phones open theirs over minutes; the draft's own bursts are unaffected
(every socket is open before its pod's first pick)."""
_GATES: WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = WeakKeyDictionary()


async def open_socket(url: str, timeout: float, max_size: int | None = 2**20) -> ClientConnection:
    """A WebSocket to `url`, opened with at most `HANDSHAKES_AT_ONCE` others at a time."""
    loop = asyncio.get_running_loop()
    gate = _GATES.get(loop)
    if gate is None:
        gate = _GATES[loop] = asyncio.Semaphore(HANDSHAKES_AT_ONCE)
    async with gate:
        return await connect(url, max_size=max_size, open_timeout=timeout)


def ws_url(base_url: str, path: str) -> str:
    return base_url.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + path


CARDS_AT = b',"pack":'
POOL_AT = b',"pool'  # "pool" in a snapshot, "pool_added" in an update


def read_message(raw: bytes) -> tuple[dict[str, Any], bytes]:
    """(the message parsed up to the view's cards, the rest: its pack and pool as JSON).

    Why: a seat view ends with its pack and its pool (up to 60 cards, most of the bytes),
    and the client and server share the CPU. A phone only needs the cards when it picks,
    so the bench parses the small head of every message and the pack only when it picks.
    Anything not shaped so is parsed whole (the rest is then empty)."""
    cut = raw.find(CARDS_AT)
    if cut >= 0 and raw.endswith(b"]}}"):
        try:
            return json.loads(raw[:cut] + b"}}"), raw[cut + 1:-1]
        except ValueError:
            pass
    return json.loads(raw), b""


def is_waiting_only(message: dict[str, Any], view: dict[str, Any], rest: bytes,
                    shown_pick: int) -> bool:
    """Whether an update tells a waiting seat nothing but whom it waits for: it shows no
    pack, acknowledges no pick, and the seat's pick number is the one it already showed
    (neither its own pick nor a pack that arrived). Counted to see how many of a pick's
    frames go to waiting seats (issue #45, docs/performance.md)."""
    if message.get("type") != "update" or message.get("acks") or view.get("phase") != "drafting":
        return False
    if rest:  # the pack is still unparsed: `"pack":null` (none) or `"pack":[]`
        empty = rest.startswith((CARDS_AT[1:] + b"null", CARDS_AT[1:] + b"[]"))
    else:
        empty = not view.get("pack")
    return empty and view.get("pick") == shown_pick


def pack_of(view: dict[str, Any], rest: bytes) -> list[dict[str, Any]] | None:
    """The view's pack (parsed from the rest when `read_message` left it there)."""
    if not rest:
        pack: list[dict[str, Any]] | None = view.get("pack")
        return pack
    end = rest.find(POOL_AT)
    parsed: list[dict[str, Any]] | None = json.loads(rest[len(CARDS_AT) - 1:end])
    return parsed


def pool_cards(view: dict[str, Any], rest: bytes) -> int:
    """How many cards the view's `pool` (or `pool_added`) holds, counted without parsing
    them: every card object starts with its id."""
    if not rest:
        cards = view.get("pool_added", view.get("pool")) or []
        return len(cards)
    return rest[rest.find(POOL_AT):].count(b'{"id":')


async def draft_seat(
    base_url: str,
    seat: Seat,
    think: tuple[float, float],
    rng: random.Random,
    stats: RunStats,
    timeout: float,
    over_http: bool = False,
    drop: Drop | None = None,
) -> None:
    """Connect, pick whenever a pack is in front of the seat, until the draft ends.

    With `over_http` the seat picks over `POST /picks` as the phone UI does: the answer is the
    seat's next view (and the pick's acknowledgement), and the socket still brings updates."""
    url = ws_url(base_url, f"/ws/pods/{seat.pod_id}?token={seat.token}")
    refs = itertools.count(1)
    http = Http1Connection(base_url, timeout) if over_http else None
    try:
        await _draft(url, seat, think, rng, stats, timeout, http, refs, drop)
    finally:
        if http is not None:
            await http.close()


async def _draft(url: str, seat: Seat, think: tuple[float, float], rng: random.Random,
                 stats: RunStats, timeout: float, http: Http1Connection | None,
                 refs: Iterator[int], drop: Drop | None) -> None:
    """Draft over one socket; with `drop`, come back as the phone page does after the cut."""
    attempt = 0
    while True:
        try:
            ws = await open_socket(url, timeout, max_size=2**22)
        except (OSError, InvalidHandshake, TimeoutError):
            if drop is None or drop.cut_at is None:
                raise
            attempt += 1
            await asyncio.sleep(retry_delay(rng, attempt))
            continue
        attempt = 0
        async with ws:
            if drop is not None:
                drop.sockets.add(ws)
            try:
                await _session(ws, seat, think, rng, stats, timeout, http, refs, drop)
                return
            except ConnectionClosed:
                if drop is None or not drop.was_cut(ws):
                    raise
                unacknowledged = seat.picks_sent - seat.acks  # the next view tells
                drop.in_flight += unacknowledged
                stats.picks_sent -= unacknowledged
                seat.picks_sent, seat.sent_pick, seat.sent_at = seat.acks, 0, 0.0
                seat.rejoining = True
            finally:
                if drop is not None:
                    drop.sockets.discard(ws)
        await asyncio.sleep(retry_delay(rng, 0))


async def _session(ws: ClientConnection, seat: Seat, think: tuple[float, float],
                   rng: random.Random, stats: RunStats, timeout: float,
                   http: Http1Connection | None, refs: Iterator[int],
                   drop: Drop | None) -> None:
    """Pick over the open socket `ws` until the seat's draft is over."""
    while True:
        raw = await asyncio.wait_for(ws.recv(decode=False), timeout)
        now = time.perf_counter()
        stats.frames += 1
        message, rest = read_message(raw)
        kind = message.get("type")
        for _ in message.get("acks") or ():  # picks acknowledged inside this view
            seat.acked(stats, now)
        if kind == "ack":
            seat.acked(stats, now)
            if seat.done and seat.acks >= seat.picks_sent:
                return
            continue
        if kind == "error":
            stats.errors.append(str(message.get("code")))
            continue
        if kind not in ("snapshot", "update"):
            continue
        stats.views += 1
        stats.view_bytes += len(raw)
        if kind == "update" and message.get("base") != seat.version:
            seat.version = message["version"]
            await ws.send(json.dumps({"type": "snapshot"}))
            continue
        seat.version = message["version"]
        view: dict[str, Any] = message["view"]
        if is_waiting_only(message, view, rest, seat.shown_pick):
            stats.waiting_views += 1
        seat.shown_pick = view.get("pick", 0)
        if seat.rejoining and drop is not None and drop.cut_at is not None:
            seat.rejoining = False
            drop.back.append(now - drop.cut_at)
            if view["phase"] == "drafting" and view["pick"] - 1 < seat.acks:
                drop.lost += seat.acks - (view["pick"] - 1)
        delta = b'"pool_added":' in rest or "pool_added" in view
        seat.pool = (seat.pool if delta else 0) + pool_cards(view, rest)
        if seat.pool != view["pool_count"]:
            stats.errors.append("pool_mismatch")
            seat.pool = view["pool_count"]
        seat.shown(stats, view, now)
        if view["phase"] != "drafting":
            if not seat.done:
                seat.done = True
                stats.pools.append(seat.pool)
            if seat.acks >= seat.picks_sent:  # the ack may follow the final update
                return
            continue
        pack = pack_of(view, rest) if view["pick"] > seat.sent_pick else None
        while pack:
            answer = await _think_and_pick(ws, http, seat, view, pack, think, rng, stats,
                                           next(refs))
            if answer is None:
                break
            view = answer  # over HTTP: the next pack may be in the answer already
            fresh = view["phase"] == "drafting" and view["pick"] > seat.sent_pick
            pack = view["pack"] if fresh else None


async def _think_and_pick(
    ws: ClientConnection,
    http: Http1Connection | None,
    seat: Seat,
    view: dict[str, Any],
    pack: list[dict[str, Any]],
    think: tuple[float, float],
    rng: random.Random,
    stats: RunStats,
    ref: int,
) -> dict[str, Any] | None:
    """Send one pick; over HTTP, the answer (the seat's next view) once it is stored."""
    low, high = think
    if high > 0:
        await asyncio.sleep(rng.uniform(low, high))
    body = {"pick": view["pick"], "cards": [card["id"] for card in pack[: view["picks_needed"]]]}
    seat.sent_pick = view["pick"]
    seat.sent_at, seat.sent_wall = time.perf_counter(), time.time()
    seat.picks_sent += 1
    stats.picks_sent += 1
    if http is None:
        await ws.send(json.dumps({"type": "pick", **body, "ref": str(ref)}))
        return None
    status, text = await http.post_json(f"/api/pods/{seat.pod_id}/picks",
                                        json.dumps(body).encode(), seat.token)
    if status != 200:
        stats.errors.append(f"http_{status}")
        return None
    answered = time.perf_counter()
    seat.acked(stats, answered)
    answer: dict[str, Any] = json.loads(text)
    seat.shown(stats, answer, answered)  # the phone shows the answer at once
    return answer


async def echo_socket(
    base_url: str,
    rounds: int,
    think: tuple[float, float],
    rng: random.Random,
    samples: list[float],
    timeout: float,
    connected: asyncio.Barrier | None = None,
) -> None:
    """The baseline: the same socket stack, a round trip that does no draft work at all.
    With `connected`, every echo socket connects before any round trip starts (the
    server's CPU for the round trips is then measured without the handshakes)."""
    async with await open_socket(ws_url(base_url, "/ws/echo"), timeout) as ws:
        if connected is not None:
            await connected.wait()
        payload = json.dumps({"type": "pick", "pick": 1, "cards": [1, 2], "ref": "x"})
        for _ in range(rounds):
            low, high = think
            if high > 0:
                await asyncio.sleep(rng.uniform(low, high))
            started = time.perf_counter()
            await ws.send(payload)
            await asyncio.wait_for(ws.recv(), timeout)
            samples.append(time.perf_counter() - started)


async def hold_idle_seats(base_url: str, seats: list[Seat], ready: asyncio.Event,
                          release: asyncio.Event, timeout: float) -> None:
    """Keep every seat's socket open and idle (after its snapshot) until released."""
    async def one(seat: Seat, opened: list[int]) -> None:
        url = ws_url(base_url, f"/ws/pods/{seat.pod_id}?token={seat.token}")
        async with await open_socket(url, timeout, max_size=2**22) as ws:
            await asyncio.wait_for(ws.recv(), timeout)
            opened.append(1)
            if len(opened) == len(seats):
                ready.set()
            await release.wait()

    opened: list[int] = []
    await asyncio.gather(*(one(seat, opened) for seat in seats))
