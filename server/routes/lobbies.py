"""`/api/laptop`: the host's laptop lists every night and lobby and ends or deletes any
(`server.services.lobbies`), and lists every season with its host page; 403 `laptop_only`
for any other device."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from server.db import season_repo
from server.protocol.moments import iso_utc
from server.protocol.season_bodies import LaptopSeason
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


@router.get("/seasons")
async def list_seasons(rt: RuntimeDep) -> list[LaptopSeason]:
    """Every season, with its host page: on the laptop it opens without a token (a host
    who lost the season's key gets back in here, or with the recovery code)."""
    rows = await rt.read(season_repo.list_seasons)
    return [LaptopSeason(season_id=id_, name=name, created_at=iso_utc(created),
                         host_path=f"/seasons/{id_}/host", standings_path=f"/seasons/{id_}")
            for id_, name, created in rows]
