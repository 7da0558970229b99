"""After the draft: `PUT deck`, exports, and the host's `POST tables`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import Response

from server.i18n.choice import LanguageDep
from server.protocol.bodies import DeckSubmit, TablesCreate
from server.protocol.file_names import content_disposition
from server.routes.deps import HostPod, RuntimeDep, Seat
from server.services.exports import exports, night_label
from server.services.night import building, suggestion
from server.services.tables import round_clock
from server.views import exports as export_views
from server.views.decks import deck_json
from server.views.pod import host_dashboard
from server.views.suggestion import suggestions_json

router = APIRouter(prefix="/api/pods", tags=["building"])

Format = Literal["arena", "mtgo", "cockatrice", "forge", "text", "csv", "json"]


def _attachment(filename: str, media_type: str, content: str | bytes) -> Response:
    return Response(content, media_type=media_type,
                    headers={"Content-Disposition": content_disposition(filename)})


@router.put("/{pod_id}/deck")
async def submit_deck(body: DeckSubmit, seat: Seat, rt: RuntimeDep,
                      language: LanguageDep) -> Mapping[str, Any]:
    pod, player = seat
    return dict(deck_json(await building.submit_deck(rt, pod, player, body), language))


@router.post("/{pod_id}/deck/suggestion")
async def suggest_deck(seat: Seat, language: LanguageDep) -> Mapping[str, Any]:
    """Up to three suggested decks for the seat's pool, as deck bodies to edit and submit;
    nothing is stored (docs/building.md)."""
    pod, player = seat
    found = await suggestion.suggest_for_seat(pod, player)
    return suggestions_json(found.found, found.pool, language)


FILE_CONTENT = {"text/plain": {"schema": {"type": "string"}},
                "text/csv": {"schema": {"type": "string"}},
                "application/xml": {"schema": {"type": "string"}},
                "application/json": {"schema": {}}}


@router.get("/{pod_id}/export", response_class=Response,
            responses={200: {"description": "The file", "content": FILE_CONTENT}})
async def export(seat: Seat, rt: RuntimeDep, language: LanguageDep,
                 what: Literal["deck", "pool", "unused", "log"] = "pool",
                 format: Format = "arena") -> Response:
    pod, player = seat
    file = export_views.export_file(await exports.seat_export(rt, pod, player, what, format),
                                    language)
    return _attachment(file.filename, file.media_type, file.content)


@router.get("/{pod_id}/export.zip", response_class=Response,
            responses={200: {"description": "A zip of every seat's files",
                             "content": {"application/zip": {"schema": {"type": "string",
                                                                        "format": "binary"}}}}})
async def export_zip(pod: HostPod, rt: RuntimeDep, language: LanguageDep) -> Response:
    """Every seat's files, named by the pod's season, date and number in its night, like
    its recap and summary (`night_label`)."""
    label = await night_label.pod_night_label(rt, pod.id)
    return _attachment(night_label.file_name(label, "files", "zip"), "application/zip",
                       export_views.export_zip(await exports.seat_exports(rt, pod), language))


@router.post("/{pod_id}/tables")
async def tables(pod: HostPod, rt: RuntimeDep,
                 body: TablesCreate | None = None) -> Mapping[str, Any]:
    """Split the pod's players into tables; the split that seats the night's last pod
    starts round 1's clock of `body.clock_minutes` (checked first: a bad length splits
    nothing)."""
    body = body or TablesCreate()
    if body.clock_minutes is not None:
        round_clock.check_length(body.clock_minutes)
    await building.split(rt, pod, body.policy, without_decks=body.without_decks,
                         end_games=body.end_games)
    if body.clock_minutes is not None and pod.setup.event_id is not None:
        await round_clock.start_first_round(rt, pod.setup.event_id, body.clock_minutes)
    return host_dashboard(rt, pod)
