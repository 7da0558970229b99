"""The store's screen: `GET /api/screen` (its view) and `WS /ws/screen?token=…` (the
view, live); the page `GET /screen` is a shell in `server.routes.pages`. The screen token
authorizes both. A season's screen (`/seasons/{id}/screen`) is the same with the season
named: `GET /api/seasons/{id}/screen` and `WS /ws/screen?season={id}&token=…`, under the
season's screen token (`server.services.events.season_screens`).

Why the token is a bearer and not part of the path: tokens never appear in a path that
access logs print. The page's link carries it in the fragment, the API in the
`Authorization` header, the socket in `?token=` (masked in logs like a seat's).
Why 404 for any token that opens nothing: a missing, wrong or old token all answer the
same, so trying tokens tells nothing about which nights exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Header, WebSocket

from server.core.errors import UnknownPodError
from server.core.security import bearer_token
from server.i18n.choice import request_language
from server.protocol.shapes.screen import SeasonScreenView
from server.routes.deps import RuntimeDep
from server.routes.season_screen_view import season_screen
from server.routes.seasons import SeasonId
from server.routes.sockets.screen import ScreenConnection
from server.routes.sockets.season_screen import SeasonScreenConnection
from server.runtime import Runtime
from server.services.events import events, screens, season_screens
from server.values.night import Night
from server.views.screen import night_screen

router = APIRouter(tags=["screen"])

CLOSE_UNKNOWN_SCREEN = 4404
"""The same code as an unknown pod: nothing to show for this token."""


async def screen_night(rt: Runtime, token: str | None) -> Night:
    night = await screens.night_of_screen(rt, token or "")
    if night is None:
        raise UnknownPodError("there is no store's screen for this link", "unknown_screen")
    return night


@router.get("/api/screen")
async def get_screen(rt: RuntimeDep,
                     authorization: Annotated[str | None, Header()] = None,
                     ) -> Mapping[str, Any]:
    night = await screen_night(rt, bearer_token(authorization))
    return night_screen(await screens.night_screen(rt, night))


async def screen_season(rt: Runtime, season_id: str, token: str | None) -> str:
    if await season_screens.season_of_screen(rt, season_id, token or "") is None:
        raise UnknownPodError("there is no store's screen for this link", "unknown_screen")
    return season_id


@router.get("/api/seasons/{season_id}/screen", response_model=None)
async def get_season_screen(season_id: SeasonId, rt: RuntimeDep,
                            authorization: Annotated[str | None, Header()] = None,
                            ) -> SeasonScreenView:
    await screen_season(rt, season_id, bearer_token(authorization))
    tonight = await season_screens.tonight_of(rt, season_id)
    night = await events.load_night(rt, tonight) if tonight is not None else None
    return await season_screen(rt, season_id, night)


async def screen_socket(websocket: WebSocket) -> None:
    """`WS /ws/screen?token=…` (a night's) or `?season=…&token=…` (a season's), served
    in front of the middleware stack like a phone's socket
    (`server.routes.ws.SOCKET_ROUTES`, `server.edge.socket_dispatch`)."""
    rt: Runtime = websocket.app.state.runtime
    await websocket.accept()
    season_id = websocket.query_params.get("season")
    if season_id is not None:
        token = websocket.query_params.get("token", "")
        if len(season_id) > 32 or await season_screens.season_of_screen(
                rt, season_id, token) is None:
            await websocket.close(CLOSE_UNKNOWN_SCREEN, "unknown screen")
            return
        await SeasonScreenConnection(rt, websocket, season_id,
                                     request_language(websocket)).run()
        return
    night = await screens.night_of_screen(rt, websocket.query_params.get("token", ""))
    if night is None:
        await websocket.close(CLOSE_UNKNOWN_SCREEN, "unknown screen")
        return
    await ScreenConnection(rt, websocket, night, request_language(websocket)).run()
