"""`/api/events`: a night bigger than one pod — open it, join it, form pods, follow them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Path, status
from fastapi.responses import PlainTextResponse, Response

from pods.forming import PodPolicy
from server.core.errors import BadTokenError, WrongRoleError
from server.core.security import token_matches
from server.i18n.choice import LanguageDep
from server.protocol.bodies import (
    AchievementsBody,
    EventCreate,
    EventCreated,
    EventJoined,
    EventPodsCreate,
    SeatCreate,
)
from server.protocol.shapes import NightSummary
from server.routes.deps import LimitCreate, LimitJoin, RuntimeDep, token_hash_of
from server.runtime import Runtime
from server.services import achievements, events, lifecycle, summary
from server.services.events import Night

router = APIRouter(prefix="/api/events", tags=["events"])


EventId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


async def load(event_id: EventId, rt: RuntimeDep) -> Night:
    return await events.load_night(rt, event_id)


NightDep = Annotated[Night, Depends(load)]


def require_event_host(night: NightDep,
                       authorization: Annotated[str | None, Header()] = None) -> Night:
    token_hash = token_hash_of(authorization)
    if token_matches(token_hash, night.row.host_token_hash):
        return night
    if any(token_matches(token_hash, p.token_hash) for p in night.players):
        raise WrongRoleError("only the host can do that")
    raise BadTokenError("this token does not belong to this event")


HostNight = Annotated[Night, Depends(require_event_host)]


async def _refreshed(rt: Runtime, night: Night) -> Mapping[str, Any]:
    return events.host_view(rt, await events.load_night(rt, night.row.id))


@router.post("", status_code=status.HTTP_201_CREATED, response_model=EventCreated,
             dependencies=[LimitCreate])
async def create_event(body: EventCreate, rt: RuntimeDep) -> EventCreated:
    options = lifecycle.PodOptions(body.packs, body.starting_life, body.deck_size,
                                   "set_code" in body.model_fields_set, body.replay_visibility)
    row, token = await events.create_event(rt, body.set_code, body.seed, body.pick_timer_seconds,
                                           options)
    return EventCreated(event_id=row.id, host_token=token,
                        host_url=rt.event_host_url(row.id, token),
                        join_url=rt.event_join_url(row.id))


@router.get("/{event_id}")
async def get_event(night: NightDep) -> Mapping[str, Any]:
    return events.public_view(night)


@router.post("/{event_id}/players", status_code=status.HTTP_201_CREATED,
             response_model=EventJoined, dependencies=[LimitJoin])
async def join(event_id: EventId, body: SeatCreate, rt: RuntimeDep) -> EventJoined:
    row, token = await events.join_event(rt, event_id, body.name)
    return EventJoined(player_id=row.id, player_token=token,
                       event_url=f"{rt.event_join_url(event_id)}#event_token={token}")


@router.get("/{event_id}/me")
async def me(night: NightDep, rt: RuntimeDep,
             authorization: Annotated[str | None, Header()] = None) -> Mapping[str, Any]:
    token_hash = token_hash_of(authorization)
    for player in night.players:
        if token_matches(token_hash, player.token_hash):
            return events.player_view(rt, night, player)
    if token_matches(token_hash, night.row.host_token_hash):
        raise WrongRoleError("that is a player's view; use a player token")
    raise BadTokenError("this token does not belong to this event")


@router.get("/{event_id}/host")
async def host(night: HostNight, rt: RuntimeDep) -> Mapping[str, Any]:
    return events.host_view(rt, night)


@router.post("/{event_id}/pods")
async def form_pods(body: EventPodsCreate, night: HostNight, rt: RuntimeDep) -> Mapping[str, Any]:
    await events.form_pods(rt, night.row.id, PodPolicy(body.policy))
    return await _refreshed(rt, night)


@router.put("/{event_id}/achievements")
async def set_achievements(body: AchievementsBody, night: HostNight,
                           rt: RuntimeDep) -> Mapping[str, Any]:
    """The night's achievements, copied to every pod of the night (now and when formed)."""
    chosen = achievements.parse(item.model_dump() for item in body.achievements)
    await achievements.set_event_achievements(rt, night.row.id, chosen)
    return await _refreshed(rt, night)


@router.post("/{event_id}/start")
async def start_all(night: HostNight, rt: RuntimeDep) -> Mapping[str, Any]:
    await events.start_all(rt, night.row.id)
    return await _refreshed(rt, night)


@router.get("/{event_id}/summary", response_model=None)
async def night_summary(night: HostNight, rt: RuntimeDep, language: LanguageDep,
                        format: Literal["json", "text"] = "json") -> Response | NightSummary:
    pods = [await summary.pod_summary(rt, pod) for pod in events.pods_of(rt, night)]
    if format == "text":
        return PlainTextResponse(summary.as_text(pods, language), headers={
            "Content-Disposition":
                f'attachment; filename="prismatic-night-{night.row.id}-summary.txt"'})
    return {"event_id": night.row.id, "set": night.row.set_code, "pods": pods}
