"""`/api/pods/{id}/replay`: the seats a viewer may replay, and one seat pick by pick.

Why no `PodDep`: a finished night is not in memory after a restart, and another process
may hold the pod; the service reads the stored rows (`server.services.exports.replays`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path

from server.i18n.choice import LanguageDep
from server.routes.deps import RuntimeDep, token_hash_of
from server.services.exports import replays
from server.views.replay import openable_json, replay_json

router = APIRouter(prefix="/api/pods", tags=["replays"])

PodId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/{pod_id}/replay")
async def list_replays(pod_id: PodId, rt: RuntimeDep,
                       authorization: Annotated[str | None, Header()] = None
                       ) -> Mapping[str, Any]:
    found = await replays.openable(rt, pod_id, token_hash_of(authorization))
    return openable_json(found)


@router.get("/{pod_id}/replay/{seat}")
async def get_replay(pod_id: PodId, seat: Annotated[int, Path(ge=0, le=7)], rt: RuntimeDep,
                     language: LanguageDep, authorization: Annotated[str | None, Header()] = None
                     ) -> Mapping[str, Any]:
    opened = await replays.opened_seat(rt, pod_id, token_hash_of(authorization), seat)
    return replay_json(opened, language)
