"""What names a night's recap and its files: the season it counts for, the day it was held,
and the pod (`server.protocol.file_names.night_file_name`).

Why the laptop's own calendar day: the server runs in the store, so a night opened at 23:30
is that evening's, not the next UTC day's.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime

from server.core.errors import UnknownPodError
from server.db import Session, event_repo, repo
from server.db.tables import EventRow, PodRow, SeasonRow
from server.protocol.file_names import night_file_name
from server.runtime import Runtime
from server.values.night_label import NightLabel


def held_on(moment: datetime) -> date:
    """The local calendar day of a stored moment (SQLite gives it back without its zone)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().date()


def event_label(session: Session, event: EventRow) -> NightLabel:
    season = session.get(SeasonRow, event.season_id) if event.season_id else None
    return NightLabel(season.name if season else None, held_on(event.created_at))


def pod_label(session: Session, row: PodRow) -> NightLabel:
    """A night's pod by its night's label and its place; a pod made on its own by its day."""
    event = event_repo.get_event(session, row.event_id) if row.event_id else None
    if event is None:
        return NightLabel(None, held_on(row.created_at))
    pod_ids = event_repo.list_event_pod_ids(session, event.id)
    return replace(event_label(session, event), pod_number=pod_ids.index(row.id) + 1)


def file_name(label: NightLabel, kind: str, extension: str) -> str:
    """`Friday-League_2026-12-04_pod-2_summary.txt`: what `label` names, of `kind`."""
    return night_file_name(label.season, label.held, label.pod_number, kind, extension)


async def night_label(rt: Runtime, event: EventRow) -> NightLabel:
    return await rt.read(lambda session: event_label(session, event))


async def pod_night_label(rt: Runtime, pod_id: str) -> NightLabel:
    def read(session: Session) -> NightLabel:
        row = repo.get_pod(session, pod_id)
        if row is None:
            raise UnknownPodError(f"there is no pod {pod_id!r}")
        return pod_label(session, row)
    return await rt.read(read)
