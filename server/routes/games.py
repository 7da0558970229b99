"""`/api/pods/{pod_id}/games/{table}`: the life tracker of each table, and the summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from fastapi import APIRouter, Path
from fastapi.responses import PlainTextResponse, Response

from pods.achievements import as_json
from server.i18n.choice import LanguageDep
from server.protocol.bodies import (
    AchievementsBody,
    GameAct,
    GameAdjust,
    GameClaim,
    GameConcede,
    GameConfirm,
    GameCorrect,
    GameMove,
    GameUndo,
    GameWinner,
)
from server.protocol.file_names import content_disposition
from server.protocol.shapes.game import AppliedView
from server.realtime.live import LiveGame, LivePod
from server.routes.deps import HostPod, RuntimeDep, SeatOrHost
from server.services.exports import night_label, summary
from server.services.tables import achievements, confirmations, games, round_links, rounds
from server.views import summary as summary_view
from server.views.game import game_view

router = APIRouter(prefix="/api/pods", tags=["games"])

Table = Path(ge=1, le=16)


Seq = Path(ge=1, le=1_000_000)


def board(pod: LivePod, live: LiveGame) -> Mapping[str, Any]:
    return game_view(live, pod.night.achievements)


def applied_view(pod: LivePod, applied: games.Applied) -> AppliedView:
    """The board after a tap, and `applied`: the seq of the log entry holding that tap."""
    return {**game_view(applied.live, pod.night.achievements), "applied": applied.seq}


@router.get("/{pod_id}/games/{table}")
async def get_game(who: SeatOrHost, table: int = Table) -> Mapping[str, Any]:
    pod, player = who
    games.check_may_act(pod, player, table)
    return board(pod, games.game_at(pod, table))


@router.post("/{pod_id}/games/{table}")
async def adjust(body: GameAdjust, who: SeatOrHost, rt: RuntimeDep,
                 table: int = Table) -> Mapping[str, Any]:
    pod, player = who
    return applied_view(pod, await games.adjust(rt, pod, player, table, body))


@router.post("/{pod_id}/games/{table}/undo")
async def undo(body: GameUndo, who: SeatOrHost, rt: RuntimeDep,
               table: int = Table) -> Mapping[str, Any]:
    pod, player = who
    return applied_view(pod, await games.undo(rt, pod, player, table, body))


@router.post("/{pod_id}/games/{table}/moves")
async def move(body: GameMove, who: SeatOrHost, rt: RuntimeDep,
               table: int = Table) -> Mapping[str, Any]:
    """End the turn, pick the first player, the monarch, the initiative, a venture."""
    pod, player = who
    return applied_view(pod, await games.move(rt, pod, player, table, body))


@router.post("/{pod_id}/games/{table}/winner")
async def winner(body: GameWinner, pod: HostPod, rt: RuntimeDep,
                 table: int = Table) -> Mapping[str, Any]:
    return board(pod, await games.set_winner(rt, pod, table, body.player_id))


@router.post("/{pod_id}/games/{table}/next")
async def next_game(pod: HostPod, rt: RuntimeDep, table: int = Table) -> Mapping[str, Any]:
    live = pod.night.games.get(table)
    if live is not None and live.round > 1:  # a later round's table: same players again
        return board(pod, await rounds.next_game_at(rt, round_links.holder(rt, pod, table),
                                                    table))
    return board(pod, await games.next_game(rt, pod, table))


@router.post("/{pod_id}/games/{table}/concede")
async def concede(body: GameConcede, who: SeatOrHost, rt: RuntimeDep,
                  table: int = Table) -> Mapping[str, Any]:
    pod, player = who
    return applied_view(pod, await games.concede(rt, pod, player, table, body))


@router.post("/{pod_id}/games/{table}/draw")
async def offer_draw(body: GameAct, who: SeatOrHost, rt: RuntimeDep,
                     table: int = Table) -> Mapping[str, Any]:
    pod, player = who
    return applied_view(pod, await games.offer_draw(rt, pod, player, table, body))


@router.post("/{pod_id}/games/{table}/time")
async def call_time(body: GameAct, pod: HostPod, rt: RuntimeDep,
                    table: int = Table) -> Mapping[str, Any]:
    return applied_view(pod, await games.call_time(rt, pod, table, body))


@router.post("/{pod_id}/games/{table}/confirm")
async def confirm(body: GameConfirm, who: SeatOrHost, rt: RuntimeDep,
                  table: int = Table) -> Mapping[str, Any]:
    pod, player = who
    return applied_view(pod, await confirmations.confirm(rt, pod, player, table, body))


@router.post("/{pod_id}/games/{table}/dispute")
async def dispute(body: GameConfirm, who: SeatOrHost, rt: RuntimeDep,
                  table: int = Table) -> Mapping[str, Any]:
    pod, player = who
    return applied_view(pod, await confirmations.dispute(rt, pod, player, table, body))


@router.post("/{pod_id}/games/{table}/result")
async def correct(body: GameCorrect, pod: HostPod, rt: RuntimeDep,
                  table: int = Table) -> Mapping[str, Any]:
    return applied_view(pod, await games.correct(rt, pod, table, body))


@router.post("/{pod_id}/games/{table}/claims")
async def claim(body: GameClaim, who: SeatOrHost, rt: RuntimeDep,
                table: int = Table) -> Mapping[str, Any]:
    pod, player = who
    return applied_view(pod, await games.claim(rt, pod, player, table, body))


@router.post("/{pod_id}/games/{table}/claims/{seq}/confirm")
async def confirm_claim(body: GameAct, who: SeatOrHost, rt: RuntimeDep,
                        table: int = Table, seq: int = Seq) -> Mapping[str, Any]:
    pod, player = who
    return applied_view(pod, await games.confirm_claim(rt, pod, player, table, seq, body))


@router.put("/{pod_id}/achievements")
async def set_achievements(body: AchievementsBody, pod: HostPod,
                           rt: RuntimeDep) -> Mapping[str, Any]:
    """The achievements players may claim in this pod's games."""
    chosen = achievements.parse(item.model_dump() for item in body.achievements)
    await achievements.set_pod_achievements(rt, pod, chosen)
    return {"achievements": as_json(pod.night.achievements)}


SUMMARY_RESPONSES: dict[int | str, dict[str, Any]] = {200: {
    "description": "The night's summary: JSON, or plain text with `format=text`",
    "content": {"application/json": {"schema": {}},
                "text/plain": {"schema": {"type": "string"}}}}}
"""Both shapes of a summary in the schema, so clients (and the fuzzer) expect the text."""


@router.get("/{pod_id}/summary", response_model=None, responses=SUMMARY_RESPONSES)
async def night_summary(pod: HostPod, rt: RuntimeDep, language: LanguageDep,
                        response: Response, format: Literal["json", "text"] = "json"
                        ) -> Response | Mapping[str, Any]:
    """A file named by the pod's season, date and number in its night (`night_label`)."""
    data = await summary.pod_summary(rt, pod)
    label = await night_label.pod_night_label(rt, pod.id)
    if format == "text":
        return PlainTextResponse(summary_view.as_text([data], language), headers={
            "Content-Disposition": content_disposition(
                night_label.file_name(label, "summary", "txt"))})
    response.headers["Content-Disposition"] = content_disposition(
        night_label.file_name(label, "summary", "json"))
    return summary_view.pod_night_json(data)
