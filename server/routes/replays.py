"""`/api/pods/{id}/replay`: the seats a viewer may replay, and one seat pick by pick.

Why no `PodDep`: a finished night is not in memory after a restart, and another process
may hold the pod; the service reads the stored rows (`server.services.exports.replays`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query

from server.i18n.choice import LanguageDep
from server.routes.deps import RuntimeDep, token_hash_of
from server.services.exports import replays
from server.views.replay import openable_json, opened_by_default, replay_json

router = APIRouter(prefix="/api/pods", tags=["replays"])

PodId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/{pod_id}/replay")
async def list_replays(pod_id: PodId, rt: RuntimeDep, language: LanguageDep,
                       authorization: Annotated[str | None, Header()] = None,
                       with_seat: Annotated[bool, Query(alias="open")] = False,
                       seat: Annotated[int | None, Query(ge=0, le=7)] = None,
                       ) -> Mapping[str, Any]:
    """The seats the viewer may open; with `open`, also the replay of the one the page
    opens (`opened`, `None` when there is none): `seat` if the viewer may open it, else
    their own, else the first. Why in one answer: the replay page asked the list, then the
    seat, two round trips one after the other (~150 ms each on a crowded Wi-Fi, #46)."""
    token_hash = token_hash_of(authorization)
    found = await replays.openable(rt, pod_id, token_hash)
    listing = openable_json(found)
    if not with_seat:
        return listing
    chosen = opened_by_default(listing, seat)
    return {**listing, "opened": None if chosen is None else replay_json(
        await replays.opened_seat(rt, pod_id, token_hash, chosen), language)}


@router.get("/{pod_id}/replay/{seat}")
async def get_replay(pod_id: PodId, seat: Annotated[int, Path(ge=0, le=7)], rt: RuntimeDep,
                     language: LanguageDep, authorization: Annotated[str | None, Header()] = None
                     ) -> Mapping[str, Any]:
    opened = await replays.opened_seat(rt, pod_id, token_hash_of(authorization), seat)
    return replay_json(opened, language)
