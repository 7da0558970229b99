"""What a season's statistics are read from and versioned by: its nights' pods.

Why a version of their own, beside `season_repo.season_version`: the statistics also
depend on each pod's phase and reveal rule (a night counts once every seat of it is
shown, `pods.reveal`) and on decks, which may still change while an `after_draft` night is
building. A finished pod's decks are fixed, so only the decks of unfinished pods are read
into the version: tonight's few rows, not the season's.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlmodel import col, select

from server.db import Session
from server.db.tables import EventRow, GameRow, PlayerRow, PodRow, SeasonStatPodRow

PodMark = tuple[str, str, str, str]
"""(event id, pod id, phase, reveal rule) of one pod of the season."""


def season_pods(session: Session, season_id: str) -> list[PodMark]:
    """Every pod of the season's nights held here, by night (oldest first) then pod."""
    query = (select(EventRow.id, PodRow.id, PodRow.phase, PodRow.replay_visibility)
             .join(PodRow, col(PodRow.event_id) == EventRow.id)
             .where(EventRow.season_id == season_id)
             .order_by(col(EventRow.created_at), col(EventRow.id), col(PodRow.created_at),
                       col(PodRow.id)))
    return [(event, pod, phase, rule) for event, pod, phase, rule in session.exec(query).all()]


def unfinished_decks(session: Session, pod_ids: list[str]) -> list[tuple[str, str | None]]:
    """(player id, stored deck) of every player of these pods, in id order."""
    if not pod_ids:
        return []
    query = (select(PlayerRow.id, PlayerRow.deck_json)
             .where(col(PlayerRow.pod_id).in_(pod_ids)).order_by(col(PlayerRow.id)))
    return [(player, deck) for player, deck in session.exec(query).all()]


def night_game_marks(session: Session, event_ids: list[str]) -> dict[str, tuple[int, ...]]:
    """Per night, what its counted games depend on: how many games and recorded winners,
    and the sum of their facts' versions (`GameRow.facts_version`), the same facts whose
    changes bump the season's `games_version` (migration 0021). A night with no game is
    missing."""
    if not event_ids:
        return {}
    games = (select(PodRow.event_id, sa.func.count(col(GameRow.id)),
                    sa.func.count(col(GameRow.winner_id)),
                    sa.func.coalesce(sa.func.sum(col(GameRow.facts_version)), 0))
             .join(PodRow, col(GameRow.pod_id) == PodRow.id)
             .where(col(PodRow.event_id).in_(event_ids)).group_by(col(PodRow.event_id)))
    return {str(event): (int(count), int(winners), int(facts or 0))
            for event, count, winners, facts in session.exec(games).all()}


def stored_parts(session: Session, pod_ids: list[str], format: int) -> dict[str, str]:
    """Pod id → the stored statistics part (`SeasonStatPodRow.body`) of those of `pod_ids`
    stored in `format`; a pod stored in another format is missing (computed again)."""
    if not pod_ids:
        return {}
    query = (select(SeasonStatPodRow.pod_id, SeasonStatPodRow.body)
             .where(col(SeasonStatPodRow.pod_id).in_(pod_ids),
                    SeasonStatPodRow.format == format))
    return {pod: body for pod, body in session.exec(query).all()}


def store_parts(session: Session, parts: dict[str, str], format: int) -> None:
    """Store finished pods' parts (a pod stored meanwhile by another computation, or in
    an older format, is overwritten: a finished pod's part is the same whoever computes)."""
    for pod_id, body in parts.items():
        session.merge(SeasonStatPodRow(pod_id=pod_id, format=format, body=body))
