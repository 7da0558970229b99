"""`GET /api/pods/{id}/arrivals`, `GET /api/events/{id}/arrivals`: whether a phone has
opened the join page yet (`server.realtime.arrivals`).

Why open to anyone: it says only that some phone reached the page, which anyone on the
Wi-Fi can learn by opening it; the host screen asks it to decide whether to offer its
checklist for phones that cannot connect.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from server.protocol.bodies import JoinArrivals
from server.routes.deps import RuntimeDep

router = APIRouter(tags=["arrivals"])

PageId = Annotated[str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/api/pods/{pod_id}/arrivals")
async def pod_arrivals(pod_id: PageId, rt: RuntimeDep) -> JoinArrivals:
    return JoinArrivals(opened=rt.arrivals.opened("pod", pod_id))


@router.get("/api/events/{event_id}/arrivals")
async def event_arrivals(event_id: PageId, rt: RuntimeDep) -> JoinArrivals:
    return JoinArrivals(opened=rt.arrivals.opened("event", event_id))
