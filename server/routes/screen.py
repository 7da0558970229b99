"""The store's screen: `GET /screen` (the page), `GET /api/screen` (its view) and
`WS /ws/screen?token=…` (the view, live). The screen token authorizes all of it.

Why the token is a bearer and not part of the path: tokens never appear in a path that
access logs print. The page's link carries it in the fragment, the API in the
`Authorization` header, the socket in `?token=` (masked in logs like a seat's).
Why 404 for any token that opens nothing: a missing, wrong or old token all answer the
same, so trying tokens tells nothing about which nights exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request, WebSocket
from fastapi.responses import HTMLResponse

from server.core.errors import UnknownPodError
from server.core.security import bearer_token
from server.i18n.choice import request_language
from server.realtime.screen_socket import ScreenConnection
from server.routes.deps import RuntimeDep
from server.routes.pages import render
from server.runtime import Runtime
from server.services import events, screens
from server.services.events import Night
from server.views.screen import screen_view

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
    pods = events.pods_of(rt, night)
    standings = await screens.StandingsCache().of(rt, night, pods)
    return screen_view(night, pods, standings)


@router.get("/screen", response_class=HTMLResponse, include_in_schema=False)
def screen_page(request: Request) -> HTMLResponse:
    """The TV's page: a shell; the view comes over the socket (the token is in the
    fragment, which the browser never sends here)."""
    return render(request, "screen.html")


@router.websocket("/ws/screen")
async def screen_socket(websocket: WebSocket, token: str = "") -> None:
    rt: Runtime = websocket.app.state.runtime
    await websocket.accept()
    night = await screens.night_of_screen(rt, token)
    if night is None:
        await websocket.close(CLOSE_UNKNOWN_SCREEN, "unknown screen")
        return
    await ScreenConnection(rt, websocket, night, request_language(websocket)).run()
