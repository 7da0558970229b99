"""A season's screen's socket: tonight's night of the season, live, and the next night by
itself once its host opens it (`server.services.events.season_screens`).

Why it looks for tonight's night on every wake and at least every `FOLLOW_SECONDS`: the
TV is opened once for the whole season and never reloaded; a newly opened night must
replace the old one within a few seconds, from whichever process opened it. Each look is
one indexed read. When the night changes, the old night's channels are left and the new
one's listened to, so no message of last week's night wakes the screen again.
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect

from server.core.errors import UnknownPodError
from server.db import OperationalError
from server.i18n.catalogs import DEFAULT_LANGUAGE
from server.routes.season_screen_view import season_screen
from server.routes.sockets.phone import run_until_one_ends
from server.routes.sockets.screen import ScreenSocket
from server.runtime import Runtime
from server.services.events import events, season_screens
from server.services.events.screens import StandingsCache
from server.values.night import Night
from server.views.pod import dumps


class SeasonScreenConnection(ScreenSocket):
    def __init__(self, rt: Runtime, websocket: WebSocket, season_id: str,
                 language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(rt, websocket, language)
        self.season_id = season_id
        self.night: Night | None = None
        self.listening = contextlib.ExitStack()
        self.watched: set[str] = set()

    async def view_text(self) -> str:
        return dumps(await season_screen(self.rt, self.season_id, self.night, self.standings))

    async def run(self) -> None:
        try:
            await self.follow()
            await self.send_view("snapshot")
            await run_until_one_ends(self.write_loop(), self.read_loop())
        except (WebSocketDisconnect, RuntimeError):
            pass
        except UnknownPodError:  # the season was deleted while the TV showed it
            await self.close(4404)
        finally:
            self.listening.close()

    async def follow(self) -> None:
        """Show tonight's night (or none): another night than the one shown is listened
        to from scratch; the same night is read again when it changed."""
        tonight = await season_screens.tonight_of(self.rt, self.season_id)
        shown = self.night.row.id if self.night is not None else None
        if tonight != shown:
            self.listening.close()
            self.listening, self.watched = contextlib.ExitStack(), set()
            self.standings, self.night = StandingsCache(), None
            if tonight is not None:
                self.listening.enter_context(self.rt.hub.subscribe(
                    events.event_channel(tonight), self._wake_night))
                self.night = await events.load_night(self.rt, tonight)
        elif self.night is not None and (self.night_changed or not self.night.pod_ids
                                         or self.night.row.phase == "open"):
            self.night = await events.load_night(self.rt, self.night.row.id)
        self.night_changed = False
        self.watch()

    def watch(self) -> None:
        for pod in events.pods_of(self.rt, self.night) if self.night is not None else []:
            if pod.channel not in self.watched:
                self.watched.add(pod.channel)
                self.listening.enter_context(self.rt.hub.subscribe(pod.channel, self._wake))

    async def write_loop(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), season_screens.FOLLOW_SECONDS)
            self.changed.clear()
            try:
                await self.follow()
                await self.send_view("update")
            except OperationalError:
                continue  # a busy database: the next wake tries again
