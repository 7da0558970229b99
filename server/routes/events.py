"""`/api/events`: a night bigger than one pod — open it, join it, form pods, follow them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Path, status
from fastapi.responses import PlainTextResponse, Response

from pods.achievements import Achievement
from pods.forming import PodPolicy
from server.core.errors import BadTokenError, InvalidError, WrongRoleError
from server.core.security import bearer_token, token_matches
from server.edge.laptop import is_laptop
from server.i18n.choice import LanguageDep
from server.protocol.bodies import (
    AchievementsBody,
    EventCreate,
    EventCreated,
    EventJoined,
    EventPodsCreate,
    EventRoundCreate,
    LobbyUpdate,
    RoundClockChange,
    SeatCreate,
)
from server.protocol.file_names import content_disposition
from server.protocol.shapes.season import NightStandings
from server.protocol.shapes.summary import NightSummary
from server.routes.deps import ClientAddress, LimitCreate, LimitJoin, RuntimeDep, token_hash_of
from server.routes.games import SUMMARY_RESPONSES
from server.runtime import Runtime
from server.services.events import events, screens
from server.services.exports import night_label, summary
from server.services.night import lifecycle
from server.services.seasons import seasons
from server.services.tables import achievements, round_clock, round_links, rounds, standings
from server.values.night import Night
from server.views import events as event_views
from server.views import summary as summary_view
from server.views.qr import qr_data_uri
from server.views.round_clock import clock_json
from server.views.standings import standing_lines

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


def host_token(authorization: Annotated[str | None, Header()] = None) -> str:
    """The host's own token (`require_event_host` checked it): the store's screen link
    is derived from it (`server.services.events.screen_tokens`)."""
    return bearer_token(authorization) or ""


HostToken = Annotated[str, Depends(host_token)]


async def _answer(rt: Runtime, night: Night, token: str) -> Mapping[str, Any]:
    """The host view, with the store's screen link and its QR code."""
    url = await screens.screen_url_for_host(rt, night, token)
    pods = events.pods_of(rt, night)
    view = event_views.host_view(night, pods, rt.event_join_url(night.row.id),
                                 round_links.current_round(pods))
    still_playing = rounds.open_tables(pods) if view["pods"] else []
    return {**view, "screen_url": url, "screen_qr": qr_data_uri(url),
            "round_clock": clock_json(round_clock.clock_of(rt, night.row.id), rt.now(),
                                      still_playing)}


async def _refreshed(rt: Runtime, night: Night, token: str) -> Mapping[str, Any]:
    return await _answer(rt, await events.load_night(rt, night.row.id), token)


@router.post("", status_code=status.HTTP_201_CREATED, response_model=EventCreated,
             dependencies=[LimitCreate])
async def create_event(body: EventCreate, rt: RuntimeDep, address: ClientAddress,
                       authorization: Annotated[str | None, Header()] = None) -> EventCreated:
    options = lifecycle.PodOptions(body.packs, body.starting_life, body.deck_size,
                                   "set_code" in body.model_fields_set, body.replay_visibility)
    offered: list[Achievement] = []
    if body.season_id is not None:  # a night for a season: its host's token, or nothing
        season = await seasons.load_season(rt, body.season_id)
        if not is_laptop(address, rt.settings):  # the laptop hosts every season
            seasons.check_host(season, token_hash_of(authorization))
        offered = seasons.chosen_achievements(seasons.achievements_of(season), body.achievements)
    elif body.achievements:
        raise InvalidError("only a season's night offers the season's achievements",
                           "unknown_achievement")
    row, token = await events.create_event(rt, body.set_code, body.seed, body.pick_timer_seconds,
                                           options, body.season_id, offered, address)
    return EventCreated(event_id=row.id, host_token=token,
                        host_url=rt.event_host_url(row.id, token),
                        join_url=rt.event_join_url(row.id))


@router.get("/{event_id}")
async def get_event(night: NightDep) -> Mapping[str, Any]:
    return event_views.public_view(night)


@router.post("/{event_id}/players", status_code=status.HTTP_201_CREATED,
             response_model=EventJoined, dependencies=[LimitJoin])
async def join(event_id: EventId, body: SeatCreate, rt: RuntimeDep) -> EventJoined:
    row, token = await events.join_event(rt, event_id, body.name, body.code)
    return EventJoined(player_id=row.id, player_token=token,
                       event_url=f"{rt.event_join_url(event_id)}#event_token={token}")


@router.get("/{event_id}/standings", response_model=None)
async def night_standings(night: NightDep, rt: RuntimeDep) -> NightStandings:
    """The night's standings by its own names, scored by its season's scheme (anyone)."""
    table = await rt.read(lambda session: standings.night_standings(
        session, night.pod_ids, seasons.scheme_of_event(session, night.row.id)))
    return {"event_id": night.row.id, "season_id": night.row.season_id,
            "standings": standing_lines(table)}


@router.get("/{event_id}/me")
async def me(night: NightDep, rt: RuntimeDep,
             authorization: Annotated[str | None, Header()] = None) -> Mapping[str, Any]:
    token_hash = token_hash_of(authorization)
    for player in night.players:
        if token_matches(token_hash, player.token_hash):
            return event_views.player_view(night, player)
    if token_matches(token_hash, night.row.host_token_hash):
        raise WrongRoleError("that is a player's view; use a player token")
    raise BadTokenError("this token does not belong to this event")


@router.get("/{event_id}/host")
async def host(night: HostNight, rt: RuntimeDep, token: HostToken) -> Mapping[str, Any]:
    return await _answer(rt, night, token)


@router.post("/{event_id}/pods")
async def form_pods(body: EventPodsCreate, night: HostNight, rt: RuntimeDep,
                    token: HostToken, address: ClientAddress) -> Mapping[str, Any]:
    await events.form_pods(rt, night.row.id, PodPolicy(body.policy), address)
    return await _refreshed(rt, night, token)


@router.post("/{event_id}/lobby")
async def lobby(body: LobbyUpdate, night: HostNight, rt: RuntimeDep,
                token: HostToken) -> Mapping[str, Any]:
    """Lock the night's lobby, or ask every joining phone for a code shown on the host
    screen: the pod's guard (`POST /api/pods/{id}/lobby`), until the pods are formed."""
    await events.set_event_lobby(rt, night.row.id, body.locked, body.join_code,
                                 body.replay_visibility)
    return await _refreshed(rt, night, token)


@router.delete("/{event_id}/players/{player_id}")
async def remove_player(player_id: Annotated[str, Path(max_length=32)], night: HostNight,
                        rt: RuntimeDep, token: HostToken) -> Mapping[str, Any]:
    """Remove someone from the night before the pods are formed (their token stops)."""
    await events.remove_player(rt, night.row.id, player_id)
    return await _refreshed(rt, night, token)


@router.put("/{event_id}/achievements")
async def set_achievements(body: AchievementsBody, night: HostNight, rt: RuntimeDep,
                           token: HostToken) -> Mapping[str, Any]:
    """The night's achievements, copied to every pod of the night (now and when formed)."""
    chosen = achievements.parse(item.model_dump() for item in body.achievements)
    await achievements.set_event_achievements(rt, night.row.id, chosen)
    return await _refreshed(rt, night, token)


@router.post("/{event_id}/start")
async def start_all(night: HostNight, rt: RuntimeDep, token: HostToken) -> Mapping[str, Any]:
    await events.start_all(rt, night.row.id)
    return await _refreshed(rt, night, token)


@router.post("/{event_id}/rounds")
async def next_round(body: EventRoundCreate, night: HostNight, rt: RuntimeDep,
                     token: HostToken) -> Mapping[str, Any]:
    """Re-seat every pod's players by tonight's points for round `body.round`, and start
    its clock of `body.clock_minutes` (checked first: a bad length starts no round)."""
    if body.clock_minutes is not None:
        round_clock.check_length(body.clock_minutes)
    await rounds.next_round(rt, night.row.id, body.round, body.force)
    if body.clock_minutes is not None:
        await round_clock.change(rt, night.row.id, "start", body.round, body.clock_minutes)
    return await _refreshed(rt, night, token)


@router.post("/{event_id}/clock")
async def change_clock(body: RoundClockChange, night: HostNight, rt: RuntimeDep,
                       token: HostToken) -> Mapping[str, Any]:
    """Start, pause, resume, add time to or end round `body.round`'s clock, or set what
    happens at time (host only); answers the host view with the clock."""
    await round_clock.change(rt, night.row.id, body.action, body.round, body.minutes,
                             body.rule)
    return await _refreshed(rt, night, token)


@router.get("/{event_id}/summary", response_model=None, responses=SUMMARY_RESPONSES)
async def night_summary(night: HostNight, rt: RuntimeDep, language: LanguageDep,
                        response: Response, format: Literal["json", "text"] = "json"
                        ) -> Response | NightSummary:
    """A file named by the night's season and date (`night_label.file_name`)."""
    pods = [await summary.pod_summary(rt, pod) for pod in events.pods_of(rt, night)]
    label = await night_label.night_label(rt, night.row)
    if format == "text":
        return PlainTextResponse(summary_view.as_text(pods, language), headers={
            "Content-Disposition": content_disposition(
                night_label.file_name(label, "summary", "txt"))})
    response.headers["Content-Disposition"] = content_disposition(
        night_label.file_name(label, "summary", "json"))
    return {"event_id": night.row.id, "set": night.row.set_code,
            "pods": [summary_view.pod_night_json(pod) for pod in pods]}
