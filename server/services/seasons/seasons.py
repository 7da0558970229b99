"""A store's season: created with its scoring scheme and achievements, owned by a host token.

Why a token of its own: the season outlives every night. Each night (event) has its own
host token, and the season's token is what lets a host open a night *for the season*
(`POST /api/events` with `season_id`), rename and merge its players and export it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pods.achievements import Achievement, from_json
from pods.errors import PodsError
from pods.season.checks import clean_season_name
from pods.season.scoring import Scheme, SchemeError
from server.core.errors import ConflictError, InvalidError, UnknownPodError, WrongRoleError
from server.core.security import hash_token, new_id, token_matches
from server.db import Session, season_repo
from server.db.tables import SeasonRow
from server.runtime import Runtime
from server.services.commit import commit
from server.services.seasons import recovery
from server.services.tables import achievements


def parse_achievements(raw: Sequence[Mapping[str, object]] | None) -> tuple[Achievement, ...]:
    """The host's achievements, by the rules of a night's list (`pods.achievements`):
    a season's list becomes each of its nights' lists, so what one accepts the other must."""
    return achievements.parse(raw or ())


def parse_scheme(scoring: str, points: Mapping[str, object] | None) -> Scheme:
    """The scheme, or 422 `bad_scoring` with the scheme's own message."""
    try:
        return Scheme.parse(scoring, points)
    except SchemeError as error:
        raise InvalidError(str(error), error.code) from error


@dataclass(frozen=True)
class NewSeason:
    """A season's row (not stored yet), its host token and the recovery code it derives from."""

    row: SeasonRow
    token: str
    code: str


def new_season(name: str, scheme: Scheme, offered: Sequence[Achievement],
               on_laptop: bool) -> NewSeason:
    """A new season with its recovery code and host token (`recovery`); 422 `bad_name`
    or `bad_characters` for a name no season may have (`pods.season.checks`)."""
    try:
        name = clean_season_name(name)
    except PodsError as error:
        raise InvalidError(str(error), error.code) from error
    code = recovery.new_code()
    token = recovery.host_token_of(code)
    row = SeasonRow(id=new_id(), name=name, scoring=scheme.scoring.value,
                    points_json=json.dumps(dict(scheme.points), sort_keys=True),
                    achievements_json=achievements.stored(offered),
                    host_token_hash=hash_token(token), made_on_laptop=on_laptop)
    return NewSeason(row, token, code)


def check_room(rt: Runtime, session: Session) -> None:
    """Refuse a new season (409 `too_many_seasons`) once the server holds `max_seasons`:
    a season is kept until its host deletes it, so nothing else makes room."""
    cap = rt.settings.max_seasons
    if season_repo.count_seasons(session) >= cap:
        raise ConflictError(f"this server holds {cap} seasons, its most; a season's host "
                            "can delete one to make room", "too_many_seasons")


async def create_season(rt: Runtime, name: str, scoring: str,
                        points: Mapping[str, object] | None,
                        achievements: Sequence[Mapping[str, object]] | None,
                        on_laptop: bool) -> NewSeason:
    """A new season; `on_laptop`: made on the laptop, so its host's token opens the host's
    reserve of nights and pods (`server.services.caps`), which a stranger's season does not."""
    made = new_season(name, parse_scheme(scoring, points), parse_achievements(achievements),
                      on_laptop)

    def stage(session: Session) -> None:
        check_room(rt, session)
        season_repo.add_rows(session, [made.row])

    return await commit(rt, stage, lambda: made, refusable=True)


async def delete_season(rt: Runtime, season_id: str) -> None:
    """Delete the season (the host confirmed it, after the export was offered); its
    nights held here stay, as nights of no season."""

    def stage(session: Session) -> None:
        if not season_repo.delete_season(session, season_id):
            raise unknown_season(season_id)

    await commit(rt, stage, lambda: None, refusable=True)
    forget(rt, season_id)


def forget(rt: Runtime, season_id: str) -> None:
    """Drop a deleted season's cached book and replies."""
    rt.season_books.drop(season_id)
    for format in ("json", "csv"):  # season_reads.REPLY_FORMATS (which imports this)
        rt.season_standings.drop((season_id, format))


def scheme_of(row: SeasonRow) -> Scheme:
    return Scheme.parse(row.scoring, json.loads(row.points_json))


def achievements_of(row: SeasonRow) -> tuple[Achievement, ...]:
    return from_json(json.loads(row.achievements_json))


def chosen_achievements(offered: Sequence[Achievement],
                        names: Sequence[str] | None) -> list[Achievement]:
    """The season's achievements a night offers: those `names` picks (`None`: all), in the
    season's order; 422 `unknown_achievement` for a name the season does not define."""
    if names is None:
        return list(offered)
    known = {achievement.name for achievement in offered}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise InvalidError(f"the season has no achievement {unknown[0]!r}",
                           "unknown_achievement")
    return [achievement for achievement in offered if achievement.name in set(names)]


def scheme_of_event(session: Session, event_id: str) -> Scheme:
    """The scheme a night's games score by: its season's, else the default (5/1/0)."""
    season = season_repo.season_of_event(session, event_id)
    return scheme_of(season) if season is not None else Scheme()


def achievements_of_season(session: Session, season_id: str) -> tuple[Achievement, ...]:
    """The achievements the season's host defined (`[]` for an unknown season)."""
    season = season_repo.get_season(session, season_id)
    return achievements_of(season) if season is not None else ()


def achievements_of_event(session: Session, event_id: str) -> tuple[Achievement, ...]:
    """The achievements a night's players may claim: its season's, or none."""
    season = season_repo.season_of_event(session, event_id)
    return achievements_of(season) if season is not None else ()


def check_recovery(row: SeasonRow, code: str) -> str:
    """The season's host token for its recovery code; 403 `bad_recovery_code` for any
    other code (a season made before recovery codes has none: every code is wrong)."""
    if not recovery.code_opens(code, row.host_token_hash):
        raise WrongRoleError("that is not this season's recovery code", "bad_recovery_code")
    return recovery.host_token_of(code)


def unknown_season(season_id: str) -> UnknownPodError:
    return UnknownPodError(f"there is no season {season_id!r}", "unknown_season")


async def load_season(rt: Runtime, season_id: str) -> SeasonRow:
    row = await rt.read(lambda session: season_repo.get_season(session, season_id))
    if row is None:
        raise unknown_season(season_id)
    return row


def check_host(row: SeasonRow, token_hash: str) -> SeasonRow:
    """The season, if `token_hash` is its host's; 403 `not_season_host` otherwise (a
    night's or a seat's token is a token, but not this season's)."""
    if not token_matches(token_hash, row.host_token_hash):
        raise WrongRoleError("only the season's host can do that; use the season's token",
                             "not_season_host")
    return row

