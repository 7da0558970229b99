"""A season as one JSON file: exported by its host, imported as a new season elsewhere.

Why results and not points: the file holds every game's placings, draw and awards by
season player, and the scheme; the importing server recomputes the standings with the
same pure function (`pods.season.standings`), so they are equal by construction, and a
later game on the new install adds up with the imported ones.

An import is checked whole before anything is stored, then stored in one commit: a bad
file is refused with `bad_season_file` (what is wrong, and where) and changes nothing.
The file is read a night at a time (`season_reader`) and each game kept as the one line of
JSON it is stored as, so a 4 MiB file costs a few times its size, not twenty (issue #42).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterable
from datetime import UTC, datetime
from typing import Any, Literal

from pods.achievements import Achievement, as_json
from pods.errors import PodsError
from pods.player_names import check_characters, clean_name, skeleton
from pods.results import GameResult
from pods.season import checks
from server.core.errors import ConflictError, InvalidError
from server.core.security import new_id
from server.db import Session, season_repo
from server.db.season_repo import ResultLine
from server.db.tables import SeasonAliasRow, SeasonNightRow, SeasonPlayerRow
from server.protocol.moments import iso_utc
from server.protocol.season_file import SEASON_FILE_FORMAT, SEASON_FILE_VERSION, SeasonFile
from server.runtime import Runtime
from server.services import season_reads
from server.services.commit import commit
from server.services.seasons import seasons
from server.services.seasons.season_book import result_from_json, result_to_json
from server.services.seasons.season_reader import SeasonFileReader
from server.values.season_book import SeasonBook

MAX_GAMES = 20_000
"""Games in one file at most (nights × games per night is bounded more loosely)."""


def export(book: SeasonBook) -> dict[str, Any]:
    """The season file: scheme, achievements, players with every other name that means
    them, and each night's results by season name, oldest night first."""
    aliases: dict[str, list[str]] = {}
    for alias in _stored_aliases(book):
        aliases.setdefault(alias[0], []).append(alias[1])
    return {
        "format": SEASON_FILE_FORMAT, "version": SEASON_FILE_VERSION,
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "season": {"name": book.row.name, "scoring": book.scheme.scoring.value,
                   "points": dict(book.scheme.points),
                   "achievements": as_json(seasons.achievements_of(book.row))},
        "players": [{"name": name, "aliases": sorted(aliases.get(name, []))}
                    for name in book.roster.names()],
        "nights": [{"held_at": iso_utc(night.held_at),
                    "results": [result_to_json(book.roster.result(r)) for r in night.results]}
                   for night in book.nights],
    }


def _stored_aliases(book: SeasonBook) -> Iterable[tuple[str, str]]:
    """(season name, another name meaning that player) for every stored alias."""
    for key, player_id in book.roster.aliases.items():
        name = book.roster.players[player_id]
        spelled = book.alias_names.get(key)
        if spelled is not None and skeleton(name) != key:
            yield name, spelled



def _refuse(message: str) -> InvalidError:
    return InvalidError(f"this season file cannot be imported: {message}", "bad_season_file")


def _clean(name: str, where: str) -> str:
    try:
        cleaned = clean_name(name)
    except PodsError as error:
        raise _refuse(f"{where}: {error}") from error
    if cleaned != name:
        raise _refuse(f"{where}: {name!r} is not written as this server writes names")
    return name


def _season(data: SeasonFile) -> seasons.NewSeason:
    """The new season's row, token and recovery code: its name and achievements' names checked as a
    host's would be (`pods.season.checks`), each refusal naming where in the file."""
    try:
        check_characters(data.season.name)
    except PodsError as error:
        raise _refuse(f"season.name: {error}") from error
    for index, achievement in enumerate(data.season.achievements):
        try:
            check_characters(achievement.name)
        except PodsError as error:
            raise _refuse(f"season.achievements[{index}].name: {error}") from error
    scheme = seasons.parse_scheme(data.season.scoring, data.season.points)
    achievements = seasons.parse_achievements(
        [{"name": a.name, "points": a.points} for a in data.season.achievements])
    return seasons.new_season(data.season.name, scheme, achievements,
                              on_laptop=True)  # only the laptop imports


def checked_rows(data: SeasonFileReader) -> tuple[list[list[object]], list[ResultLine],
                                                 seasons.NewSeason]:
    """Every row the file becomes (a new season) in groups to store in order, then its
    games as `season_result` lines, and the new season (row, host token, recovery code);
    raises `bad_season_file` naming the first problem and where it is (or pydantic's
    `ValidationError` for a night of the wrong shape, met as the nights are read)."""
    if data.version != SEASON_FILE_VERSION:
        raise _refuse(f"it is version {data.version}; this server reads version "
                      f"{SEASON_FILE_VERSION}")
    if data.format != SEASON_FILE_FORMAT:
        raise _refuse("it is not a Prismatic season file")
    made = _season(data.head)
    season = made.row
    offered = seasons.achievements_of(season)
    owners: dict[str, str] = {}  # skeleton → the file's player name
    players: list[object] = []
    aliases: list[object] = []
    for index, player in enumerate(data.players):
        name = _clean(player.name, f"players[{index}].name")
        if name in owners.values():
            raise _refuse(f"players[{index}].name: {name!r} is listed twice")
        row = SeasonPlayerRow(id=new_id(), season_id=season.id, name=name)
        players.append(row)
        for number, spelled in enumerate((name, *player.aliases)):
            if number:
                _clean(spelled, f"players[{index}].aliases[{number - 1}]")
            key = skeleton(spelled)
            if key in owners:
                if owners[key] == name:
                    continue
                raise _refuse(f"{spelled!r} names both {owners[key]!r} and {name!r}")
            owners[key] = name
            aliases.append(SeasonAliasRow(season_id=season.id, skeleton=key,
                                          player_id=row.id, name=spelled))
    listed = {p.name for p in data.players}
    nights: list[object] = []
    results: list[ResultLine] = []
    games = 0
    for number, night in enumerate(data.nights, start=1):
        stored = SeasonNightRow(id=new_id(), season_id=season.id, number=number,
                                held_at=_held_at(night.held_at, number))
        nights.append(stored)
        for seq, result in enumerate(night.results, start=1):
            where = f"nights[{number - 1}].results[{seq - 1}]"
            game = _checked_result(result.model_dump(), listed, offered, where)
            results.append((stored.id, seq, json.dumps(result_to_json(game),
                                                       ensure_ascii=False)))
            games += 1
    if games > MAX_GAMES:
        raise _refuse(f"it holds {games} games; at most {MAX_GAMES}")
    return [[season], players, aliases, nights], results, made


def _held_at(text: str, number: int) -> datetime:
    try:
        return checks.held_at(text)
    except PodsError as error:
        raise _refuse(f"nights[{number - 1}].held_at (night {number}): {error}") from None


def _checked_result(raw: dict[str, Any], listed: set[str],
                    offered: tuple[Achievement, ...], where: str) -> GameResult:
    result = result_from_json(raw)
    unknown = [p for p in result.players if p not in listed]
    if unknown:
        raise _refuse(f"{where}: {unknown[0]!r} is not in the file's players")
    try:
        return checks.checked_result(result, offered)
    except PodsError as error:
        raise _refuse(f"{where}: {error}") from error


def parse_file(raw: bytes) -> SeasonFileReader:
    """The file's head checked, its nights to be read one at a time (`season_reader`).
    Raises pydantic's `ValidationError`."""
    return SeasonFileReader(raw)


@contextlib.asynccontextmanager
async def one_import(rt: Runtime) -> AsyncIterator[None]:
    """Hold the server's one import slot, or 409 `import_running`: a second import waits
    for nobody, it is refused (an import is the laptop's, and the laptop sent one)."""
    if rt.import_lock.locked():
        raise ConflictError("a season file is being imported; try again when it is done",
                            "import_running")
    async with rt.import_lock:
        yield


Existing = Literal["ask", "replace", "keep"]
"""What an import does when this server already holds a season of the file's name: refuse
and say so (`ask`, 409 `season_exists`), replace that season, or keep both (the new one
named "… (2)")."""


def season_exists(name: str) -> ConflictError:
    return ConflictError(f"a season called {name!r} is already on this laptop: replace it, "
                         "or keep both under a new name (existing=replace or existing=keep)",
                         "season_exists")


def free_name(name: str, taken: Iterable[str]) -> str:
    """`name` with the first " (n)" no season has, cut to fit a season's longest name."""
    used = set(taken)
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = name[:checks.SEASON_NAME_MAX - len(suffix)].rstrip() + suffix
        if candidate not in used:
            return candidate
        number += 1


def _stage_existing(session: Session, made: seasons.NewSeason, existing: Existing) -> str | None:
    """Deal with a season of the same name already here, as `existing` says; the id of a
    season replaced (deleted in this commit), if any.

    Why by name: a season file carries no id (it is meant for another install), and the
    name is what the host sees; importing the file twice is the mistake this catches."""
    same = [season_id for season_id, name, _ in season_repo.list_seasons(session)
            if name == made.row.name]
    if not same:
        return None
    if existing == "ask":
        raise season_exists(made.row.name)
    if existing == "keep":
        made.row.name = free_name(made.row.name,
                                  (name for _, name, _ in season_repo.list_seasons(session)))
        return None
    season_repo.delete_season(session, same[0])
    return same[0]


async def import_file(rt: Runtime, raw: bytes, existing: Existing = "ask") -> seasons.NewSeason:
    """Parse, check and store a season file as a new season (one commit); returns it with
    its host token and recovery code. Parsed and checked off the event loop: a big file is
    thousands of names to clean. A season of the same name already here is refused,
    replaced or kept beside the new one (`existing`)."""

    def checked() -> tuple[list[list[object]], list[ResultLine], seasons.NewSeason]:
        return checked_rows(parse_file(raw))

    groups, results, made = await asyncio.to_thread(checked)
    replaced: list[str] = []

    def stage(session: Session) -> None:
        replaced.clear()  # a retried commit stages again
        gone = _stage_existing(session, made, existing)
        if gone is not None:
            replaced.append(gone)
        else:
            seasons.check_room(rt, session)
        season_repo.add_rows(session, *groups)
        season_repo.add_results(session, results)

    stored = await commit(rt, stage, lambda: made, refusable=True)
    for season_id in replaced:
        seasons.forget(rt, season_id)
    season_reads.warm(rt, made.row.id)  # the first read of a big file's season finds it
    return stored
