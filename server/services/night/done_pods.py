"""A finished pod, loaded from the database when someone asks for it.

Why on demand: a start rebuilds only the unfinished pods (`restore.restore_pods`); a
season's finished pods would fill memory and slow every start. Yet a finished pod is
still a pod: its host reads the summary, downloads the exports and corrects last Friday's
wrong result, its players read their views and export their pools. So a done pod that is
not in memory is rebuilt from its rows the first time one of its routes asks, and the
registry keeps it as a resting pod (bounded, least recently used first: `Registry.rest`).

Why the whole night at once: a later round's game is stored in the night's first pod and
shown by every pod whose players sit at it (`server.services.tables.round_links`), so a
night's finished pods are loaded together and linked again.

Why off the loop: the rebuild replays the pick log and the games' logs (a query and a
replay on the loop would stall every socket), so it runs in `rt.read`'s worker thread.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from server.core.errors import UnknownPodError
from server.db import Session, event_repo, repo
from server.realtime.live import LivePod
from server.runtime import Runtime
from server.services.night.restore import load_pod
from server.services.tables import round_links
from server.services.tables.games import restore_games

logger = logging.getLogger(__name__)

MAX_POD_ID = 32
"""Longer ids are never a pod's (`server.core.security.new_id` makes short ones): they
are refused without a query."""


async def find_pod(rt: Runtime, pod_id: str) -> LivePod | None:
    """The pod `pod_id` in memory, or its finished pod loaded from the database; `None`
    when there is no such pod."""
    pod = rt.registry.find(pod_id)
    if pod is not None or len(pod_id) > MAX_POD_ID:
        return pod
    await load_done(rt, [pod_id], whole_night=True)
    return rt.registry.find(pod_id)


async def get_pod(rt: Runtime, pod_id: str) -> LivePod:
    """`find_pod`, or 404 `unknown_pod`."""
    pod = await find_pod(rt, pod_id)
    if pod is None:
        raise UnknownPodError(f"there is no pod {pod_id!r}")
    return pod


async def load_done(rt: Runtime, pod_ids: Iterable[str], whole_night: bool = False) -> None:
    """Load the finished pods among `pod_ids` that are not in memory (with `whole_night`,
    the other finished pods of their nights too) and keep them resting."""
    known = {pod.id for pod in rt.registry.all()} | {gone.pod_id for gone in rt.unrestored}
    missing = [pod_id for pod_id in pod_ids if pod_id not in known]
    if not missing:
        return
    loaded = await rt.read(
        lambda session: read_done_pods(rt, session, missing, known if whole_night else None))
    for pod in loaded:
        rt.registry.rest(pod)  # a pod loaded meanwhile by another request stays
    for event_id in {pod.setup.event_id for pod in loaded if pod.setup.event_id}:
        round_links.relink(rt, event_id)


def read_done_pods(rt: Runtime, session: Session, pod_ids: list[str],
                   known: set[str] | None) -> list[LivePod]:
    """(On a worker thread) the finished pods among `pod_ids`, rebuilt from their rows;
    with `known` (the pods in memory), also their nights' other finished pods not known.
    A pod whose rows no longer rebuild is logged and left out (its rows stay as they are)."""
    rows = [row for pod_id in pod_ids if (row := repo.get_pod(session, pod_id)) is not None]
    if known is not None:
        skip = known | {row.id for row in rows}
        for event_id in {row.event_id for row in rows if row.event_id and row.phase == "done"}:
            rows += [row for pod_id in event_repo.list_event_pod_ids(session, event_id)
                     if pod_id not in skip and (row := repo.get_pod(session, pod_id))]
    pods = []
    for row in rows:
        if row.phase != "done":
            continue
        try:
            pod = load_pod(rt, row, repo.list_players(session, row.id),
                           repo.load_pick_log(session, row.id))
            pod.connections.version += restore_games(session, pod)
        except Exception as error:  # any fault of one pod's rows: leave it out
            session.rollback()
            logger.error("done pod %s could not be loaded: %s", row.id,
                         f"{type(error).__name__}: {error}".splitlines()[0])
            continue
        pods.append(pod)
    return pods
