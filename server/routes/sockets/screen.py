"""The store's screen's socket: the night's view on connect, a new one after each change.

Why its own connection and not `sockets.Connection`: the screen belongs to no pod and
takes no commands. It listens to every pod of its night and to the night itself (a join,
the pods formed), sends a whole view when what it shows changed (a screen's view is a
few kilobytes, and a TV that missed one needs no deltas), and reads only `ping` and
`snapshot`, under the same size and rate limits as a phone's socket.

Why a refresh every few seconds as well: when several processes serve a night, a join
or the pods formed in another process reach this one's pods but not its night channel.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from server.db import OperationalError
from server.edge.rate_limits import TokenBucket
from server.i18n.catalogs import DEFAULT_LANGUAGE
from server.i18n.errors import error_message
from server.realtime.live import Notice
from server.routes.sockets.phone import CLOSE_REASONS, read_messages, run_until_one_ends
from server.runtime import Runtime
from server.services.events import events, screens
from server.services.events.screens import StandingsCache
from server.values.night import Night
from server.views.pod import dumps, iso
from server.views.screen import night_screen

REFRESH_SECONDS = 10.0
"""How often the screen reads its night again even when nothing woke it."""


class ScreenSocket:
    """What every screen's socket does: send a whole view when it changed, read only
    `ping` and `snapshot`. A subclass says what it shows (`view_text`) and how it
    follows it (`run`)."""

    def __init__(self, rt: Runtime, websocket: WebSocket,
                 language: str = DEFAULT_LANGUAGE) -> None:
        self.rt, self.ws = rt, websocket
        self.language = language
        self.send_lock = asyncio.Lock()
        self.bucket = TokenBucket(rt.settings.ws_rate_burst, rt.settings.ws_rate_per_second)
        self.refused = 0
        self.closed = False
        self.standings = StandingsCache()
        self.changed = asyncio.Event()
        self.night_changed = False
        self.sent: str | None = None

    async def view_text(self) -> str:
        raise NotImplementedError

    async def send_view(self, kind: str) -> None:
        """A `screen` frame when the view differs from the last one sent (or always, for
        a `snapshot` asked for by the screen)."""
        text = await self.view_text()
        if kind != "snapshot" and text == self.sent:
            return
        self.sent = text
        now = dumps(iso(self.rt.now()))
        await self.send_text(f'{{"type":"screen","now":{now},"view":{text}}}')

    async def send_text(self, text: str) -> None:
        async with self.send_lock:
            if not self.closed:
                await self.ws.send_text(text)

    async def close(self, code: int) -> None:
        async with self.send_lock:
            if not self.closed:
                self.closed = True
                with contextlib.suppress(Exception):
                    await self.ws.close(code, CLOSE_REASONS.get(code))

    def _wake(self, item: Any) -> bool:
        """Every message of a listened channel only wakes the writer (nothing is queued:
        the writer builds one view for however many changes came meanwhile), except a
        waiting seats' flush, which brings no change the screen shows."""
        if not (isinstance(item, Notice) and item.waiting_only):
            self.changed.set()
        return False

    def _wake_night(self, item: Any) -> bool:
        self.night_changed = True
        return self._wake(item)

    async def read_loop(self) -> None:
        await read_messages(self)

    async def handle(self, raw: bytes) -> None:
        try:
            data = orjson.loads(raw)
        except ValueError:
            await self.error("malformed", "That message is not valid JSON.")
            return
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == "ping":
            await self.send_text('{"type":"pong"}')
        elif kind == "snapshot":
            await self.send_view("snapshot")
        else:
            await self.error("unknown_type", "Unknown message type; the store's screen "
                             "takes snapshot and ping.")

    async def error(self, code: str, message: str) -> None:
        text = error_message(code, self.language, message)
        await self.send_text(dumps({"type": "error", "code": code, "message": text}))


class ScreenConnection(ScreenSocket):
    """A night's screen: its pods and the night itself."""

    def __init__(self, rt: Runtime, websocket: WebSocket, night: Night,
                 language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(rt, websocket, language)
        self.night = night

    async def view_text(self) -> str:
        return dumps(night_screen(await screens.night_screen(self.rt, self.night,
                                                             self.standings)))

    async def run(self) -> None:
        with contextlib.ExitStack() as listening:
            listening.enter_context(self.rt.hub.subscribe(
                events.event_channel(self.night.row.id), self._wake_night))
            watched: set[str] = set()

            def watch() -> None:
                for pod in events.pods_of(self.rt, self.night):
                    if pod.channel not in watched:
                        watched.add(pod.channel)
                        listening.enter_context(self.rt.hub.subscribe(pod.channel, self._wake))

            watch()
            try:
                await self.send_view("snapshot")
                await run_until_one_ends(self.write_loop(watch), self.read_loop())
            except (WebSocketDisconnect, RuntimeError):
                pass

    async def write_loop(self, watch: Callable[[], None]) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), REFRESH_SECONDS)
            self.changed.clear()
            try:
                if self.night_changed or not self.night.pod_ids or self.night.row.phase == "open":
                    self.night = await events.load_night(self.rt, self.night.row.id)
                    self.night_changed = False
                    watch()
                await self.send_view("update")
            except OperationalError:
                # A busy database: the next change, or the refresh at the latest, tries
                # again (`night_changed` stays set until the night is read).
                continue
