"""The achievements a host offers: for one pod, or for a night (event) and so all its pods.

Why the event's list is copied into each pod: a claim is checked against the pod's own
list under the pod's lock, like every move at the table, and a pod formed from the night
keeps working on its own row after a restart. Setting the night's list therefore sets
every pod's list too (`set_event_achievements`, also what a season copies into its
nights).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from pods.achievements import Achievement, AchievementError, as_json, parse_achievements
from server.core.errors import InvalidError
from server.db import Session, event_repo, repo
from server.db.writer import Rows
from server.realtime.live import LivePod
from server.runtime import Runtime
from server.services.commit import commit
from server.services.events.events import load_night


def parse(items: Iterable[Mapping[str, Any]]) -> tuple[Achievement, ...]:
    """The host's list, or 422 `bad_achievements` saying what is wrong."""
    try:
        return parse_achievements(items)
    except AchievementError as error:
        raise InvalidError(str(error), error.code) from error


def stored(achievements: Iterable[Achievement]) -> str:
    return json.dumps(as_json(achievements), ensure_ascii=False)


async def set_pod_achievements(rt: Runtime, pod: LivePod,
                               achievements: tuple[Achievement, ...]) -> None:
    """The pod's list from now on; claims already made keep the points they were worth."""
    async with pod.lock:
        text = stored(achievements)
        version = pod.connections.version + 1

        def changed() -> None:
            pod.night.achievements = achievements
            rt.hub.publish(pod.channel, pod.bump())

        await commit(rt, lambda session: repo.update_pod(
            session, pod.id, achievements_json=text, version=version), changed, pod=pod)


async def set_event_achievements(rt: Runtime, event_id: str,
                                 achievements: tuple[Achievement, ...]) -> None:
    """The night's list, and every one of its pods' lists (a plain service function: a
    season sets its nights' lists through it)."""
    async with rt.event_lock:
        night = await load_night(rt, event_id)
        text = stored(achievements)
        live = [pod for pod_id in night.pod_ids if (pod := rt.registry.find(pod_id))]
        resting = [pod_id for pod_id in night.pod_ids if rt.registry.find(pod_id) is None]

        def staged(session: Session) -> None:
            event_repo.set_event_achievements(session, event_id, text)
            for pod_id in resting:  # pods not loaded in this process keep their row
                repo.update_pod(session, pod_id, achievements_json=text)

        await commit(rt, staged, lambda: None, rows=Rows(events=(event_id,)))
    for pod in live:
        await set_pod_achievements(rt, pod, achievements)
