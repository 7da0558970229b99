"""The laptop's list of every night open for joining and every live pod, and its End and
Delete for each (issue #42): how the host takes back the caps' places that strangers on
the Wi-Fi filled (`server.services.caps`) without waiting for them to expire.

Why the laptop alone (the routes' `LaptopOnly`): it holds no host token of these nights
and pods (host tokens are stored only as hashes), and it is the one device a stranger
cannot be (`server.edge.laptop`).

End keeps the record (a pod ends `done`, a night `ended`: their phones are told);
Delete removes it for good, and only a lobby may go so: a pod that never started, a
night whose pods were never formed. Anything further holds picks, games or results
that a season and the replays read, so it can only be ended (409 `not_a_lobby`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from server.core.errors import ConflictError
from server.db import Session, lobby_repo, repo
from server.realtime.live import LivePod
from server.runtime import Runtime
from server.services import expiry
from server.services.commit import commit
from server.services.events.events import event_channel, load_night
from server.services.night import lifecycle

NOT_A_LOBBY = "not_a_lobby"


def _age(now: datetime, created: datetime | None) -> int:
    moment = repo.as_utc(created)
    return max(0, int((now - moment).total_seconds())) if moment is not None else 0


def _live_pods(rt: Runtime) -> list[LivePod]:
    return sorted((pod for pod in rt.registry.all() if pod.night.phase != "done"),
                  key=lambda pod: pod.id)


async def list_lobbies(rt: Runtime) -> dict[str, list[dict[str, Any]]]:
    """Every night open for joining and every pod not ended, oldest first, with its
    phase, how many people are in it and its age in seconds (by the server's clock)."""
    pods = _live_pods(rt)
    events, created = await rt.read(lambda session: (
        lobby_repo.open_events(session),
        lobby_repo.pods_created_at(session, [pod.id for pod in pods])))
    now = rt.now()
    return {
        "events": [{"event_id": row.id, "phase": row.phase, "players": joined,
                    "age_seconds": _age(now, row.created_at), "locked": row.locked,
                    "code_required": row.join_code is not None}
                   for row, joined in events],
        "pods": sorted(({"pod_id": pod.id, "phase": pod.night.phase,
                         "event_id": pod.setup.event_id,
                         "players": sum(1 for p in pod.night.players
                                        if not p.bot and not p.kicked),
                         "age_seconds": _age(now, created.get(pod.id)),
                         "locked": pod.night.locked,
                         "code_required": pod.night.join_code is not None}
                        for pod in pods), key=lambda pod: -pod["age_seconds"]),
    }


async def end_event(rt: Runtime, event_id: str) -> None:
    """End a night still open for joining (its phones are told); 409 `wrong_phase` once
    its pods are formed (end them one by one) or it has ended."""
    if not await expiry.end_night(rt, event_id):
        raise ConflictError("only a night still open for joining can be ended here; "
                            "end its pods instead", "wrong_phase")


async def end_pod(rt: Runtime, pod_id: str) -> None:
    """End a pod in any phase, as its own host's End does (`lifecycle.end_pod`)."""
    await lifecycle.end_pod(rt, rt.registry.get(pod_id))


async def delete_event(rt: Runtime, event_id: str) -> None:
    """Delete a night whose pods were never formed, with its players (their tokens are
    no one's); 409 `not_a_lobby` for a night with pods."""
    async with rt.event_lock:
        await load_night(rt, event_id)  # 404 `unknown_event`

        def stage(session: Session) -> None:
            if not lobby_repo.delete_unformed_event(session, event_id):
                raise ConflictError("this night's pods are formed: it can only be ended",
                                    NOT_A_LOBBY)

        await commit(rt, stage, lambda: rt.hub.publish(event_channel(event_id), "ended"),
                     refusable=True)


async def delete_pod(rt: Runtime, pod_id: str) -> None:
    """Delete a pod of its own that never started, with its seats; 409 `not_a_lobby`
    for a started pod or a night's pod (the night holds its players)."""
    pod = rt.registry.get(pod_id)
    async with pod.lock:
        if pod.night.phase != "lobby" or pod.setup.event_id is not None:
            raise ConflictError("this pod has started or belongs to a night: it can only "
                                "be ended", NOT_A_LOBBY)

        def deleted() -> None:
            pod.night.phase = "done"
            rt.hub.publish(pod.channel, pod.bump())
            rt.registry.discard(pod.id)

        # Not `pod=pod`: the revision rule of several processes updates the pod's row,
        # which this change removes.
        await commit(rt, lambda session: lobby_repo.delete_lobby_pod(session, pod_id),
                     deleted)
