"""`/api/pods`: create and join pods, the host's commands, and seats' views and picks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Response, status

from server.i18n.choice import LanguageDep
from server.protocol.bodies import (
    BotUpdate,
    LobbyUpdate,
    PickCreate,
    PodCreate,
    PodCreated,
    SeatCreate,
    SeatCreated,
)
from server.protocol.shapes.pod import OpenPods
from server.realtime.live import LivePlayer, LivePod
from server.routes.deps import (
    ClientAddress,
    HostPod,
    LimitCreate,
    LimitJoin,
    PodDep,
    RuntimeDep,
    Seat,
)
from server.services import caps
from server.services.night import drafting, lifecycle
from server.views.pod import host_dashboard, seat_view, seat_view_text, summary

router = APIRouter(prefix="/api/pods", tags=["pods"])


@router.post("", status_code=status.HTTP_201_CREATED, response_model=PodCreated,
             dependencies=[LimitCreate])
async def create_pod(body: PodCreate, rt: RuntimeDep, address: ClientAddress) -> PodCreated:
    given_set = "set_code" in body.model_fields_set
    created = await lifecycle.create_pod(
        rt, body.set_code, body.seats, body.seed, body.pick_timer_seconds, body.bots, body.cube,
        lifecycle.PodOptions(body.packs, body.starting_life, body.deck_size, given_set,
                             body.replay_visibility, body.bots_between_people),
        caps.for_address(rt, address),
    )
    pod_id = created.pod.id
    return PodCreated(pod_id=pod_id, host_token=created.token,
                      host_url=rt.host_url(pod_id, created.token), join_url=rt.join_url(pod_id))


@router.get("", response_model=Mapping[str, Any])
async def list_open_pods(rt: RuntimeDep) -> OpenPods:
    """Pods still in their lobby: what a phone that scanned the server's QR code can join.
    A night's pods are left out: their players were dealt into them by the host."""
    pods = [pod for pod in rt.registry.all()
            if pod.night.phase == "lobby" and pod.setup.event_id is None]
    return {"pods": [summary(pod) for pod in sorted(pods, key=lambda p: p.id)]}


@router.get("/{pod_id}")
async def get_summary(pod: PodDep) -> Mapping[str, Any]:
    return summary(pod)


@router.post("/{pod_id}/seats", status_code=status.HTTP_201_CREATED, response_model=SeatCreated,
             dependencies=[LimitJoin])
async def join(body: SeatCreate, pod: PodDep, rt: RuntimeDep,
               language: LanguageDep) -> SeatCreated:
    player, token = await lifecycle.join_pod(rt, pod, body.name, body.code)
    return SeatCreated(player_id=player.id, seat_token=token,
                       seat_url=rt.seat_url(pod.id, token),
                       view=dict(seat_view(pod, player, language)))


@router.post("/{pod_id}/start")
async def start(pod: HostPod, rt: RuntimeDep) -> Mapping[str, Any]:
    await lifecycle.start_pod(rt, pod)
    return host_dashboard(rt, pod)


@router.post("/{pod_id}/pause")
async def pause(pod: HostPod, rt: RuntimeDep) -> Mapping[str, Any]:
    await lifecycle.pause_pod(rt, pod)
    return host_dashboard(rt, pod)


@router.post("/{pod_id}/resume")
async def resume(pod: HostPod, rt: RuntimeDep) -> Mapping[str, Any]:
    await lifecycle.resume_pod(rt, pod)
    return host_dashboard(rt, pod)


@router.post("/{pod_id}/end")
async def end(pod: HostPod, rt: RuntimeDep) -> Mapping[str, Any]:
    await lifecycle.end_pod(rt, pod)
    return host_dashboard(rt, pod)


@router.post("/{pod_id}/lobby")
async def lobby(body: LobbyUpdate, pod: HostPod, rt: RuntimeDep) -> Mapping[str, Any]:
    """Lock the lobby, or ask every joining phone for a short code shown on the host screen."""
    await lifecycle.set_lobby(rt, pod, body.locked, body.join_code, body.replay_visibility)
    return host_dashboard(rt, pod)


@router.post("/{pod_id}/players/{player_id}/bot")
async def set_bot(player_id: str, body: BotUpdate, pod: HostPod,
                  rt: RuntimeDep) -> Mapping[str, Any]:
    await lifecycle.set_bot(rt, pod, pod.player(player_id), body.bot)
    return host_dashboard(rt, pod)


@router.delete("/{pod_id}/players/{player_id}")
async def kick(player_id: str, pod: HostPod, rt: RuntimeDep) -> Mapping[str, Any]:
    await lifecycle.kick(rt, pod, pod.player(player_id))
    return host_dashboard(rt, pod)


@router.get("/{pod_id}/host")
async def get_host_view(pod: HostPod, rt: RuntimeDep) -> Mapping[str, Any]:
    return host_dashboard(rt, pod)


def seat_view_response(pod: LivePod, player: LivePlayer, language: str) -> Response:
    """The seat view as ready JSON text (the phone's pick path: no re-encoding of cards)."""
    return Response(seat_view_text(pod, player, language=language)[1],
                    media_type="application/json")


@router.get("/{pod_id}/me")
async def get_seat_view(seat: Seat, language: LanguageDep) -> Response:
    pod, player = seat
    return seat_view_response(pod, player, language)


@router.post("/{pod_id}/picks")
async def pick(body: PickCreate, seat: Seat, rt: RuntimeDep, language: LanguageDep) -> Response:
    pod, player = seat
    await drafting.submit_pick(rt, pod, player, body.pick, body.cards)
    return seat_view_response(pod, player, language)
