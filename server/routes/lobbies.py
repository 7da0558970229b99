"""`/api/laptop`: the host's laptop lists every night and lobby and ends or deletes any
(`server.services.lobbies`); 403 `laptop_only` for any other device."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from server.routes.deps import LaptopOnly, RuntimeDep
from server.services import lobbies

router = APIRouter(prefix="/api/laptop", tags=["laptop"], dependencies=[LaptopOnly])

Id = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
Lobbies = dict[str, list[dict[str, Any]]]


@router.get("/lobbies")
async def list_lobbies(rt: RuntimeDep) -> Lobbies:
    """Every night open for joining and every pod not ended, with phase, people, age."""
    return await lobbies.list_lobbies(rt)


@router.post("/events/{event_id}/end")
async def end_event(event_id: Id, rt: RuntimeDep) -> Lobbies:
    await lobbies.end_event(rt, event_id)
    return await lobbies.list_lobbies(rt)


@router.delete("/events/{event_id}")
async def delete_event(event_id: Id, rt: RuntimeDep) -> Lobbies:
    await lobbies.delete_event(rt, event_id)
    return await lobbies.list_lobbies(rt)


@router.post("/pods/{pod_id}/end")
async def end_pod(pod_id: Id, rt: RuntimeDep) -> Lobbies:
    await lobbies.end_pod(rt, pod_id)
    return await lobbies.list_lobbies(rt)


@router.delete("/pods/{pod_id}")
async def delete_pod(pod_id: Id, rt: RuntimeDep) -> Lobbies:
    await lobbies.delete_pod(rt, pod_id)
    return await lobbies.list_lobbies(rt)
