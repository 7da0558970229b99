"""Everything a season's standings are computed from, read in one session: its nights held
here (every finished game of their pods) and the nights imported from another install.

Why recomputed on every read and not stored as points: a game's result can still change
(the host corrects a winner, a rename or merge maps names anew), and standings are a pure
function of results (`pods.season.standings`). Reading them again is the one way the
standings after a restart, a merge or an import equal the standings before.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime

from pods.results import Award, GameResult, Placing
from pods.season.roster import Roster
from pods.season.standings import standings
from server.core.versioned_cache import VersionedCache
from server.db import Session, event_repo, season_repo
from server.db.tables import SeasonNightRow
from server.services.seasons.seasons import scheme_of
from server.services.tables.standings import night_games
from server.values.season_book import BookNight, SeasonBook

ImportedResults = VersionedCache[list[list[GameResult]]]
"""Imported nights' parsed results by season, under the ids of its imported nights."""


def read_book(session: Session, season_id: str,
              imported: ImportedResults) -> SeasonBook | None:
    """The season as stored now; `imported` keeps the parsed results of its imported
    nights between reads (they are written once, by the import, and never changed: a
    rename or a merge is an alias, applied below), which are most of a big season's cost."""
    row = season_repo.get_season(session, season_id)
    if row is None:
        return None
    nights = [*_imported_nights(session, season_id, imported), *(
        _held_night(session, event.id, event.created_at)
        for event in season_repo.list_events(session, season_id))]
    nights.sort(key=lambda night: _utc(night.held_at))
    aliases = season_repo.alias_lines(session, season_id)
    roster = Roster(season_repo.player_names(session, season_id),
                    {key: player_id for key, player_id, _ in aliases})
    nights = [replace(night, pending=[replace(p, result=roster.result(p.result))
                                      for p in night.pending]) for night in nights]
    results = [roster.result(result) for night in nights for result in night.results]
    scheme = scheme_of(row)
    return SeasonBook(row, scheme, nights, roster, results,
                      {key: name for key, _, name in aliases}, standings(results, scheme))


def _held_night(session: Session, event_id: str, held_at: datetime) -> BookNight:
    games = night_games(session, event_repo.list_event_pod_ids(session, event_id))
    return BookNight(held_at, event_id, games.counted, games.pending)


def _imported_nights(session: Session, season_id: str,
                     imported: ImportedResults) -> list[BookNight]:
    rows = season_repo.list_imported_nights(session, season_id)
    ids = tuple(row.id for row in rows)
    parsed = imported.get(season_id, ids)
    if parsed is None:
        parsed = _parsed_results(session, rows)
        imported.put(season_id, ids, parsed)
    return [BookNight(row.held_at, None, results) for row, results in zip(rows, parsed,
                                                                         strict=True)]


def _parsed_results(session: Session, rows: list[SeasonNightRow]) -> list[list[GameResult]]:
    stored = season_repo.imported_results(session, [row.id for row in rows])
    return [[result_from_json(json.loads(text)) for text in stored[row.id]] for row in rows]


def result_to_json(result: GameResult) -> dict[str, object]:
    """A result as the season file and `season_result.result_json` spell it."""
    return {"placings": [{"player": p.player, "place": p.place} for p in result.placings],
            "draw": result.draw,
            "awards": [{"player": a.player, "achievement": a.achievement, "points": a.points}
                       for a in result.awards]}


def result_from_json(data: dict[str, object]) -> GameResult:
    placings = data["placings"]
    awards = data.get("awards", [])
    assert isinstance(placings, list) and isinstance(awards, list)
    return GameResult(tuple(Placing(p["player"], p["place"]) for p in placings),
                      bool(data.get("draw", False)),
                      tuple(Award(a["player"], a["achievement"], a["points"]) for a in awards))


def _utc(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes (stored as UTC): compare them as UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
