"""`WS /ws/pods/{pod_id}?token=…`: authenticate, then hand over to `server.sockets`."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from server.runtime import Runtime
from server.security import hash_token
from server.sockets import CLOSE_BAD_TOKEN, CLOSE_UNKNOWN_POD, Connection

router = APIRouter(tags=["websocket"])


@router.websocket("/ws/pods/{pod_id}")
async def pod_socket(websocket: WebSocket, pod_id: str, token: str = "") -> None:
    rt: Runtime = websocket.app.state.runtime
    await websocket.accept()
    pod = rt.registry.find(pod_id)
    if pod is None:
        await websocket.close(CLOSE_UNKNOWN_POD)
        return
    token_hash = hash_token(token)
    player = None
    if not pod.is_host(token_hash):
        player = pod.seat_token_owner(token_hash)
        if player is None:
            await websocket.close(CLOSE_BAD_TOKEN)
            return
    await Connection(rt, websocket, pod, player).run()
