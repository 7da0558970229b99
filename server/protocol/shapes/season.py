"""The season routes' response shapes (docs/protocol.md, "Seasons"), as TypedDicts so
mypy checks every view against the documented contract."""

from __future__ import annotations

from typing_extensions import TypedDict  # pydantic (the OpenAPI schema) reads it on 3.11


class StandingLine(TypedDict):
    rank: int
    name: str
    points: int
    games: int
    wins: int
    draws: int
    losses: int
    """Games neither won nor drawn (every place below first)."""
    opponents_average: float
    """The second tie-break: the average season points of the opponents met."""
    head_to_head: int
    """The last tie-break: games above minus below the players level before it."""


class NamedPlacing(TypedDict):
    name: str
    place: int


class PendingLine(TypedDict):
    """A finished game not counted yet: waiting for a confirmation by another player at
    its table or the host (`disputed`: a player said it is wrong; the host decides)."""

    night: int
    round: int
    table: int
    game: int
    draw: bool
    disputed: bool
    placings: list[NamedPlacing]


class SeasonNightRow(TypedDict):
    """A night on the standings page's table of nights (numbered as the host view's)."""

    number: int
    held_at: str
    games: int
    """Games that count."""
    pending: int
    """Games waiting for a confirmation."""
    imported: bool


class SeasonStandings(TypedDict):
    season_id: str
    name: str
    nights: int
    standings: list[StandingLine]
    pending: list[PendingLine]
    night_table: list[SeasonNightRow]


class NightStandings(TypedDict):
    event_id: str
    season_id: str | None
    standings: list[StandingLine]


class AchievementJson(TypedDict):
    name: str
    points: int


class SeasonNightLine(TypedDict):
    number: int
    event_id: str | None
    """`None` for a night imported from another install's file."""
    held_at: str
    games: int
    host_path: str | None


class SeasonPlayerLine(TypedDict):
    name: str
    also: list[str]
    """Other names that mean this player (names before a rename, names merged into it)."""


class NightChoices(TypedDict):
    """A night's choices as `POST /api/events` takes them: the season's host page fills
    its form for the next night with the last night's."""

    set: str
    packs: list[str] | None
    pick_timer_seconds: int | None
    starting_life: int
    deck_size: str
    replay_visibility: str
    achievements: list[str]


class SeasonHostView(TypedDict):
    season_id: str
    name: str
    scoring: str
    points: dict[str, int]
    achievements: list[AchievementJson]
    nights: list[SeasonNightLine]
    players: list[SeasonPlayerLine]
    standings: list[StandingLine]
    screen_url: str
    """The season's screen link (`/seasons/{id}/screen#screen_token=…`), for the TV."""
    screen_qr: str
    """The same link as a QR code in a `data:image/svg+xml;base64,…` URL."""
    last_night: NightChoices | None
    """The choices of the season's latest night held here (`None`: none yet)."""


class PlayerGameLine(TypedDict):
    """One game on a player's season page."""

    night: int
    """The night's number (as the nights table numbers them)."""
    game: int
    """The game's number within that night."""
    place: int
    outcome: str
    """`win`, `draw` or `loss`, as the standings count it."""
    opponents: list[str]
    """The others at the table, best place first, by season name."""
    points: int
    """The points the game gave (achievements included)."""


class PlayerNightLine(TypedDict):
    number: int
    held_at: str
    games: int
    wins: int
    draws: int
    points: int


class SeasonPlayerView(TypedDict):
    """`GET /api/seasons/{id}/player?name=…`: one player's season, reached from the
    standings: their line, their nights and every game that made it."""

    season_id: str
    season_name: str
    name: str
    """The player's season name (the name asked for may be one of their other names)."""
    line: StandingLine
    nights: list[PlayerNightLine]
    games: list[PlayerGameLine]
