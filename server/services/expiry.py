"""Empty lobbies and idle nights end by themselves, so junk left by strangers on the Wi-Fi
gives its place back under the caps (`server.services.caps`) without the host's help.

Why ended in the database and not only dropped from memory: a restart restores every pod
not `done` and counts every night still `open`; what expired must stay expired. Why the
server's clock (`Runtime.now`, `server.realtime.clock`): a stepped wall clock must not end
a lobby early, and tests move that clock instead of waiting hours.

What expires (settings, `docs/security.md`):
- a pod's own lobby (not a night's pod) with nobody in it `lobby_expiry_seconds` (2 h)
  after it was made: it ends (`done`) and leaves the registry;
- a night still open for joining with no change (a join, a removal, its lobby guard) for
  `night_expiry_seconds` (12 h): it ends (`ended`); its pods were never formed.
A night whose pods are formed is its pods' business: they are pods like any other.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from server.core.errors import BusyError, StaleError
from server.db import Session, event_repo, repo
from server.realtime.live import LivePod
from server.runtime import Runtime
from server.services.commit import commit
from server.services.events.events import event_channel, load_night

log = logging.getLogger(__name__)


@dataclass
class Expired:
    pods: list[str] = field(default_factory=list)
    nights: list[str] = field(default_factory=list)


def _empty_lobby(pod: LivePod) -> bool:
    return (pod.night.phase == "lobby" and pod.setup.event_id is None
            and not any(not p.kicked for p in pod.night.players))


def _expired_ids(session: Session, lobby_before: datetime,
                 night_before: datetime) -> tuple[set[str], list[str]]:
    return (set(repo.lobby_pods_created_before(session, lobby_before)),
            event_repo.open_events_unchanged_since(session, night_before))


async def expire_idle(rt: Runtime) -> Expired:
    """End every lobby and night past its lifetime at the server's now; returns which."""
    now = rt.now()
    lobby_before = now - timedelta(seconds=rt.settings.lobby_expiry_seconds)
    night_before = now - timedelta(seconds=rt.settings.night_expiry_seconds)
    old_pods, old_nights = await rt.read(
        lambda session: _expired_ids(session, lobby_before, night_before))
    expired = Expired()
    for pod in rt.registry.all():
        if pod.id in old_pods and _empty_lobby(pod) and await _end_lobby(rt, pod):
            expired.pods.append(pod.id)
    for event_id in old_nights:
        if await end_night(rt, event_id, unchanged_since=night_before):
            expired.nights.append(event_id)
    if expired.pods or expired.nights:
        log.info("ended %d empty lobbies and %d idle nights", len(expired.pods),
                 len(expired.nights))
    return expired


async def _end_lobby(rt: Runtime, pod: LivePod) -> bool:
    async with pod.lock:
        if not _empty_lobby(pod):  # someone joined meanwhile
            return False
        version = pod.connections.version + 1

        def ended() -> None:
            pod.night.phase = "done"
            rt.hub.publish(pod.channel, pod.bump())
            rt.registry.discard(pod.id)

        await commit(rt, lambda session: repo.update_pod(session, pod.id, phase="done",
                                                         version=version), ended, pod=pod)
        return True


async def end_night(rt: Runtime, event_id: str,
                    unchanged_since: datetime | None = None) -> bool:
    """End a night still open for joining (`ended`: no join, no forming); with
    `unchanged_since`, only if it has not changed since. False when it is not open (or
    changed), so nothing is ended twice."""
    async with rt.event_lock:
        night = await load_night(rt, event_id)
        last = repo.as_utc(night.row.changed_at or night.row.created_at)
        if night.row.phase != "open" or (unchanged_since is not None and last is not None
                                         and last > unchanged_since):
            return False

        def ended() -> bool:
            rt.hub.publish(event_channel(event_id), "ended")
            return True

        return await commit(rt, lambda session: event_repo.update_event(
            session, event_id, phase="ended", changed_at=rt.now()), ended)


async def run_expiry_loop(rt: Runtime) -> None:
    """Every `expiry_check_seconds`, `expire_idle` (in a cluster, only the process that
    holds the timer lease, as the pick timers)."""
    while True:
        await asyncio.sleep(rt.settings.expiry_check_seconds)
        try:
            if not await rt.mode.leads():
                continue
            await expire_idle(rt)
        except (BusyError, StaleError) as error:  # the next check retries
            log.warning("expiring idle lobbies failed: %s", error.message)
        except Exception:  # keep the loop alive; the next check retries
            log.exception("expiring idle lobbies failed")
