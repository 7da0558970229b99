"""The checks a season's values pass however they arrive: typed by a host on a route, or
read from a season file another install exported (`server.services.seasons.season_files`).

Why one module: a file is a second door into the same rows. When the import had checks of
its own, it let through what the routes refuse (a draw won by one player, an award for an
achievement the season never had, a NUL in a name) and refused nothing the routes would
not; here each rule is the routes' own, reused: names by `pods.player_names`, placings by
the host's correction (`pods.game_end.check_placings`), awards by the season's list
(`pods.achievements`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import UTC, datetime

from pods.achievements import MAX_POINTS, MIN_POINTS, Achievement, find
from pods.errors import BadNameError, PodsError
from pods.game_end import EndError, check_placings
from pods.player_names import check_characters
from pods.results import Award, GameResult

SEASON_NAME_MAX = 64
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)
"""A night is held in these years (UTC). Why bounded: year 1 an hour east of UTC is year 0
in UTC, which Python cannot hold (an `OverflowError`, a 500); and no store held a
Commander night before 2000 or will in the file's lifetime after 2100."""


class SeasonCheckError(PodsError):
    """A season's value that no route would accept; the message says what is wrong."""

    code = "bad_season"


def clean_season_name(raw: str) -> str:
    """The season's name with its spaces collapsed, or `BadNameError` (`bad_characters` for
    a control or direction character)."""
    name = " ".join(check_characters(raw).split())
    if not 1 <= len(name) <= SEASON_NAME_MAX:
        raise BadNameError(f"a season's name is 1–{SEASON_NAME_MAX} characters")
    return name


def held_at(text: str) -> datetime:
    """A night's time from ISO 8601 with its zone, in UTC, within `EARLIEST`…`LATEST`."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise SeasonCheckError(f"{text!r} is not an ISO 8601 time") from None
    if moment.tzinfo is None:
        raise SeasonCheckError(f"{text!r} has no time zone")
    # Aware times compare by their UTC instant without building it: no overflow here.
    if not EARLIEST <= moment < LATEST:
        raise SeasonCheckError(f"{text!r} is not between {EARLIEST.year} and "
                               f"{LATEST.year - 1}")
    return moment.astimezone(UTC)


def checked_result(result: GameResult, achievements: Iterable[Achievement]) -> GameResult:
    """The game as the host's correction would accept it, its awards spelled as the
    season's achievements are; or `SeasonCheckError` saying what is wrong."""
    players = result.players
    if len(players) < 2:
        raise SeasonCheckError("a game has at least two players")
    if len(set(players)) != len(players):
        raise SeasonCheckError("a player is placed twice")
    try:
        check_placings(players, {p.player: p.place for p in result.placings}, result.draw)
    except EndError as error:
        raise SeasonCheckError(str(error)) from error
    if min(p.place for p in result.placings) != 1:
        raise SeasonCheckError("places run from 1 to the number of players")
    offered = tuple(achievements)
    awards = tuple(_award(index, award, players, offered)
                   for index, award in enumerate(result.awards))
    return replace(result, awards=awards)


def _award(index: int, award: Award, players: tuple[str, ...],
           offered: tuple[Achievement, ...]) -> Award:
    where = f"awards[{index}]"
    if award.player not in players:
        raise SeasonCheckError(f"{where}: {award.player!r} was awarded in a game they did "
                               "not play")
    achievement = find(offered, award.achievement)
    if achievement is None:
        names = ", ".join(repr(a.name) for a in offered) or "none"
        raise SeasonCheckError(f"{where}: {award.achievement!r} is not one of the season's "
                               f"achievements ({names})")
    if not MIN_POINTS <= award.points <= MAX_POINTS:
        raise SeasonCheckError(f"{where}: {achievement.name!r} is worth {MIN_POINTS} to "
                               f"{MAX_POINTS} points, not {award.points}")
    return replace(award, achievement=achievement.name)
