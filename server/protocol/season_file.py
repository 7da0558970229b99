"""The season file (`GET /api/seasons/{id}/export`, `POST /api/seasons/import`): its shape
and size limits. What the shape cannot say (names clean, players listed, places sane) the
import checks (`server.services.seasons.season_files`).

Why strict and bounded: the file comes from a USB stick or an e-mail, not from this server;
a mistyped or hostile file must be refused whole before anything is stored.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from server.protocol.bodies import Body

SEASON_FILE_FORMAT = "prismatic-season"
SEASON_FILE_VERSION = 1
MAX_FILE_BYTES = 4 * 1024 * 1024
"""Years of weekly nights of a big store fit in well under this."""
MAX_PLAYERS = 2000
MAX_NIGHTS = 600
MAX_GAMES_PER_NIGHT = 400
MAX_PLAYERS_PER_GAME = 8

ShortText = Annotated[str, Field(min_length=1, max_length=64)]


class FilePlacing(Body):
    player: ShortText
    place: int = Field(ge=1, le=MAX_PLAYERS_PER_GAME)


class FileAward(Body):
    player: ShortText
    achievement: ShortText
    points: int = Field(ge=0, le=100)


class FileResult(Body):
    placings: list[FilePlacing] = Field(min_length=1, max_length=MAX_PLAYERS_PER_GAME)
    draw: bool = False
    awards: list[FileAward] = Field(default_factory=list, max_length=32)


class FileNight(Body):
    held_at: str = Field(min_length=10, max_length=40)
    """ISO 8601 with a time zone (`2026-11-27T19:00:00+00:00`)."""
    results: list[FileResult] = Field(max_length=MAX_GAMES_PER_NIGHT)


class FilePlayer(Body):
    name: ShortText
    aliases: list[ShortText] = Field(default_factory=list, max_length=32)


class FileAchievement(Body):
    name: ShortText
    points: int = Field(ge=0, le=100)


class FileSeason(Body):
    name: ShortText
    scoring: ShortText
    points: dict[ShortText, int] = Field(max_length=8)
    achievements: list[FileAchievement] = Field(default_factory=list, max_length=20)


class SeasonFile(Body):
    format: Literal["prismatic-season"]
    version: int
    exported_at: str | None = Field(None, max_length=40)
    season: FileSeason
    players: list[FilePlayer] = Field(max_length=MAX_PLAYERS)
    nights: list[FileNight] = Field(max_length=MAX_NIGHTS)
