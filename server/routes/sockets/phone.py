"""One WebSocket connection: a snapshot on connect, versioned updates, picks from the phone.

Why a reader and a writer task: the writer drains this connection's bounded hub queue and
builds the view only when it sends (a burst of picks becomes one update); the reader
enforces size and rate limits and answers on the same socket. A send lock keeps the two
from interleaving frames. Closing codes: 4401 token, 4404 pod, 4408 flood, 4413 too large.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Protocol

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from server.edge.rate_limits import TokenBucket
from server.edge.refusal_for import Refusal, refusal_for
from server.i18n.catalogs import DEFAULT_LANGUAGE
from server.i18n.errors import error_message
from server.protocol import pick_frame
from server.protocol.bodies import WsAdjust, WsMove, WsUndo
from server.realtime.hub import RESYNC, Subscription
from server.realtime.live import LivePlayer, LivePod, Notice
from server.runtime import Runtime
from server.services.night import drafting
from server.services.night.lifecycle import mark_connected
from server.services.tables import games
from server.views.pod import PoolSent, dumps, host_dashboard, seat_view_text

CLOSE_BAD_TOKEN = 4401
CLOSE_UNKNOWN_POD = 4404
CLOSE_TOO_FAST = 4408
CLOSE_TOO_LARGE = 4413
CLOSE_REASONS = {
    CLOSE_BAD_TOKEN: "bad token",
    CLOSE_UNKNOWN_POD: "unknown pod",
    CLOSE_TOO_FAST: "too many messages",
    CLOSE_TOO_LARGE: "message too large",
}

log = logging.getLogger(__name__)


@dataclass(eq=False)
class PendingAck:
    """A pick of this socket queued for the group commit: acknowledged by the first view
    this socket sends after its write committed (`acks` in that message), so the picker's
    next view and the acknowledgement are one socket write, not two, and the view is the
    write loop's, coalesced with every other change due for this seat."""

    ref: str | None
    stored: asyncio.Future[None]
    sent: bool = False

    def ready(self) -> bool:
        """Committed and live (a failed write is never acknowledged: it gets `error`)."""
        stored = self.stored
        return stored.done() and not stored.cancelled() and stored.exception() is None


class AckedInView:
    """What a command returns when its acknowledgement already rode in a view."""


ACKED_IN_VIEW = AckedInView()


class Reader(Protocol):
    """What `read_messages` needs of a socket's connection (a phone's, the store's screen)."""

    rt: Runtime
    ws: WebSocket
    bucket: TokenBucket
    refused: int

    async def close(self, code: int) -> None: ...

    async def error(self, code: str, message: str) -> None: ...

    async def handle(self, raw: bytes) -> None: ...


async def read_messages(conn: Reader) -> None:
    """Every message a client sends, until it leaves, through the guards every socket
    applies: a message over the size limit closes it (4413), one over the rate limit is
    refused, and a client that keeps flooding is closed (4408)."""
    limit = conn.rt.settings.ws_max_message_bytes
    while True:
        message = await conn.ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        raw = text.encode() if text is not None else (message.get("bytes") or b"")
        if len(raw) > limit:
            await conn.close(CLOSE_TOO_LARGE)
            return
        if not conn.bucket.take():
            conn.refused += 1
            if conn.refused > conn.rt.settings.ws_abuse_limit:
                await conn.close(CLOSE_TOO_FAST)
                return
            await conn.error("rate_limited", "Too many messages; slow down.")
            continue
        await conn.handle(raw)


async def run_until_one_ends(*loops: Coroutine[Any, Any, None]) -> None:
    """Run a socket's reader and writer until either ends (the peer left, or the server
    closed it), then cancel and await the other: no task outlives its socket, also when
    the handler itself is cancelled."""
    tasks = {asyncio.create_task(loop) for loop in loops}
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
            await task


class Connection:
    def __init__(self, rt: Runtime, websocket: WebSocket, pod: LivePod,
                 player: LivePlayer | None, language: str = DEFAULT_LANGUAGE) -> None:
        self.rt, self.ws, self.pod, self.player = rt, websocket, pod, player
        self.version = 0
        self.send_lock = asyncio.Lock()
        settings = rt.settings
        self.bucket = TokenBucket(settings.ws_rate_burst, settings.ws_rate_per_second)
        self.refused = 0
        self.closed = False
        self.language = language
        self.pool_sent = PoolSent()
        self.pending_acks: list[PendingAck] = []

    @property
    def who(self) -> str:
        return self.player.id if self.player else "host"

    def view_text(self, kind: str) -> tuple[int, str]:
        """A snapshot is whole; an update carries only the pool cards added since the
        last view this socket sent (the phone appends them, protocol.md)."""
        if self.player is None:
            view = host_dashboard(self.rt, self.pod)
            return view["version"], dumps(view)
        if kind == "snapshot":
            self.pool_sent = PoolSent()
        return seat_view_text(self.pod, self.player, self.pool_sent, self.language)

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(dumps(message))

    async def send_text(self, text: str) -> None:
        async with self.send_lock:
            if not self.closed:
                await self.ws.send_text(text)

    async def send_view(self, kind: str) -> None:
        version, view = self.view_text(kind)
        base = f',"base":{self.version}' if kind == "update" else ""
        self.version = version
        acks = self.take_acks()
        await self.send_text(
            f'{{"type":"{kind}","version":{version}{base}{acks},"view":{view}}}')

    def take_acks(self) -> str:
        """`,"acks":[ref, ...]` for this socket's picks committed by now (the view being
        sent shows them: it was built after their commit), or nothing."""
        if not self.pending_acks:
            return ""
        ready = [pending for pending in self.pending_acks if pending.ready()]
        if not ready:
            return ""
        for pending in ready:
            pending.sent = True
        self.pending_acks = [pending for pending in self.pending_acks if not pending.sent]
        return ',"acks":' + dumps([pending.ref for pending in ready])

    async def close(self, code: int) -> None:
        async with self.send_lock:
            if not self.closed:
                self.closed = True
                with contextlib.suppress(Exception):
                    await self.ws.close(code, CLOSE_REASONS.get(code))

    async def run(self) -> None:
        with self.rt.hub.subscribe(self.pod.channel, self._accepts) as subscription:
            mark_connected(self.rt, self.pod, self.who, +1)
            try:
                await self.send_view("snapshot")
                await run_until_one_ends(self.write_loop(subscription), self.read_loop())
            except (WebSocketDisconnect, RuntimeError):
                pass
            finally:
                mark_connected(self.rt, self.pod, self.who, -1)

    def _revoked(self) -> bool:
        return self.player is not None and self.player.token_hash is None

    def _accepts(self, item: Any) -> bool:
        """Whether this socket's writer wakes for `item`: anything but a notice for other
        seats (asked of every socket of the pod on every pick: one call, #45); the host
        hears every change, but not a waiting seats' flush, which changes nothing new."""
        if not isinstance(item, Notice) or item.seats is None:
            return True
        if self.player is None:
            return not item.waiting_only
        seat = self.player.seat
        return seat is None or seat in item.seats

    async def write_loop(self, subscription: Subscription) -> None:
        while True:
            items = await subscription.batch()
            if self._revoked():
                await self.close(CLOSE_BAD_TOKEN)
                return
            if RESYNC in items:  # `in` tries identity first; a notice is never equal to it
                await self.send_view("snapshot")
            elif self.pod.connections.version != self.version:  # only notices for me were queued
                await self.send_view("update")

    async def read_loop(self) -> None:
        await read_messages(self)

    async def error(self, code: str, message: str, ref: str | None = None) -> None:
        """Refuse one message, in the phone's language (chosen like its pages' language)."""
        text = error_message(code, self.language, message)
        body: dict[str, Any] = {"type": "error", "code": code, "message": text}
        if ref is not None:
            body["ref"] = ref
        await self.send(body)

    async def handle(self, raw: bytes) -> None:
        try:
            data = orjson.loads(raw)
        except ValueError:  # orjson.JSONDecodeError: bad JSON, bad UTF-8, too deep nesting
            await self.error("malformed", "That message is not valid JSON.")
            return
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == "ping":
            await self.send({"type": "pong"})
        elif kind == "snapshot":
            await self.send_view("snapshot")
        elif kind == "pick":
            await self.pick(data)
        elif kind in ("adjust", "undo", "move"):
            await self.game(data)
        else:
            await self.error("unknown_type", "Unknown message type; expected pick, adjust, "
                             "undo, move, snapshot or ping.")

    async def pick(self, data: dict[str, Any]) -> None:
        if self.player is None:
            await self.error("wrong_role", "The host does not pick; use a seat.", _ref(data))
            return
        player = self.player

        async def run() -> AckedInView | None:
            body = pick_frame.parse(data)  # hand-checked: the model only for a refusal
            if not self.rt.mode.acks_picks_in_views:  # a lost race is retried
                await drafting.submit_pick(self.rt, self.pod, player, body.pick, body.cards)
                return None  # (`submit_pick`), so its ack comes alone, after it landed
            stored = await drafting.queue_pick(self.rt, self.pod, player, body.pick,
                                               body.cards)
            if stored is None:  # a repeat of a stored pick: a plain ack
                return None
            pending = PendingAck(_ref(data), stored)
            self.pending_acks.append(pending)
            try:
                await stored
            except BaseException:
                self.pending_acks.remove(pending)
                raise
            # The commit queued a notice for this seat, so the write loop sends a view
            # (coalesced with whatever else is due) and the ack rides in it; only if a
            # view went out since without it (it cannot: it would have taken the ack)
            # is the ack sent alone.
            if not pending.sent and self.pod.connections.version == self.version:
                self.pending_acks.remove(pending)
                return None
            return ACKED_IN_VIEW

        await self.acked(data, run)

    async def game(self, data: dict[str, Any]) -> None:
        """A tap at the table (`adjust`), a move of the whole table (`move`) or taking
        one back (`undo`); `table` defaults to the seat's own table (the host names it)."""

        async def run() -> dict[str, Any]:
            body: WsAdjust | WsMove | WsUndo
            if data.get("type") == "adjust":
                body = WsAdjust.model_validate(data)
            elif data.get("type") == "move":
                body = WsMove.model_validate(data)
            else:
                body = WsUndo.model_validate(data)
            table = body.table or (self.player.table if self.player else None) or 0
            if isinstance(body, WsAdjust):
                applied = await games.adjust(self.rt, self.pod, self.player, table, body)
            elif isinstance(body, WsMove):
                applied = await games.move(self.rt, self.pod, self.player, table, body)
            else:
                applied = await games.undo(self.rt, self.pod, self.player, table, body)
            return {"seq": applied.seq}

        await self.acked(data, run)

    async def acked(self, data: dict[str, Any],
                    run: Callable[[], Awaitable[dict[str, Any] | AckedInView | None]],
                    ) -> None:
        """Run a command; `ack` (with what `run` returns) once it is durably stored, else
        an error frame. Nothing more when `run` acknowledged it inside a view."""
        ref = _ref(data)
        try:
            extra = await run()
        except Exception as error:
            refused = refusal_for(error)
            if refused is None:  # a bug: the phone is told, its socket stays open
                log.exception("unexpected error in a %s message", data.get("type"))
                refused = Refusal(500, "internal", "Something went wrong on the server.")
            await self.error(refused.code, refused.message, ref)
        else:
            if isinstance(extra, AckedInView):
                return
            ack: dict[str, Any] = {"type": "ack", **(extra or {})}
            if ref is not None:
                ack["ref"] = ref
            await self.send(ack)


def _ref(data: dict[str, Any]) -> str | None:
    ref = data.get("ref")
    return ref if isinstance(ref, str) and len(ref) <= 64 else None
