"""The store's screen: a night on the TV (docs/protocol.md "The store's screen")."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from pods.phases import Phase
from server.protocol.shapes.pod import RoundClockJson
from server.protocol.shapes.season_stats import CardLine, CommanderLine, OutcomeJson


class ScreenSlowest(TypedDict):
    """The seat the pod waits on longest: fewest picks made, then latest deadline."""

    name: str
    pick: int
    deadline: str | None


class ScreenPlacing(TypedDict):
    name: str
    place: int


class ScreenResult(TypedDict):
    draw: bool
    pending: bool
    """Waiting for a confirmation by another player at the table or the host."""
    placings: list[ScreenPlacing]


class ScreenNightResult(TypedDict):
    """A finished game of tonight, any round: "Pod 2 · Round 1 · Table 1" and its result."""

    pod: int
    round: int
    table: int
    game: int
    result: ScreenResult


class ScreenDanger(TypedDict):
    commander: str
    """The commander that dealt it (its owner's name for one nobody named)."""
    damage: int


class ScreenSeat(TypedDict):
    """One player at a table: names, life and commanders only (all public at the table)."""

    name: str
    life: int
    out: bool
    commanders: list[str]
    poison: int
    active: bool
    """Whose turn it is at the table."""
    monarch: bool
    initiative: bool
    room: str | None
    """The Undercity room of the initiative's holder (None for everyone else)."""
    danger: list[ScreenDanger]
    """Commander damage close to lethal taken from one commander (15 or more, of 21)."""


class ScreenTable(TypedDict):
    round: int
    """The night's round: the TV says "Round 2 · Table 3" (a later round's table numbers
    run across the night, round 1's within each pod)."""
    table: int
    game: int
    turn: int
    players: list[ScreenSeat]
    result: ScreenResult | None


class ScreenPod(TypedDict):
    number: int
    phase: Phase
    paused: bool
    round: int
    rounds: int
    people: int
    picking: list[str]
    slowest: ScreenSlowest | None
    timer_seconds: int | None
    decks: int
    tables: list[ScreenTable]


class ScreenStanding(TypedDict):
    rank: int
    name: str
    points: int
    games: int
    wins: int
    draws: int


class ScreenWifi(TypedDict):
    name: str
    qr: str
    """`WIFI:T:WPA;S:…;P:…;;` as a QR code in a `data:image/svg+xml;base64,…` URL."""


class ScreenJoin(TypedDict):
    """While players join: what the room needs to join from the TV."""

    url: str
    code: str | None
    """The code a guarded lobby asks for (`None`: no code): it is meant for the room."""
    names: list[str]
    wifi: ScreenWifi | None
    """The store's Wi-Fi, when the host set it on the laptop: its name and a QR code
    that joins it (the password is in the code only, for the room to scan)."""


class ScreenSeason(TypedDict):
    name: str
    standings: list[ScreenStanding]


class ScreenView(TypedDict):
    """What the store's screen draws: never a card of a pack, pool or deck, never a token."""

    event_id: str
    phase: str
    set: str
    line_up: list[str]
    players: int
    pods: list[ScreenPod]
    standings: list[ScreenStanding]
    join: ScreenJoin | None
    """Only while the night is open (players join); `None` once the pods are formed."""
    season: ScreenSeason | None
    """The night's season, its name and standings; `None` for a night outside a season."""
    round_clock: NotRequired[RoundClockJson | None]
    """The night's round clock while a pod builds (round 0) or plays; `None` otherwise."""
    results: NotRequired[list[ScreenNightResult]]
    """Every finished game of the night, every round, by round, pod, table and game."""


class ScreenStatistics(TypedDict):
    """The season's statistics as its screen shows them: a few rows of each, chosen once
    per version of the statistics (`server.views.season_stats.screen_statistics`)."""

    nights: int
    """The nights counted (every seat of them shown)."""
    min_games: int
    """Below it a deck's average place and win rate are "too_few_games"."""
    min_picks: int
    """Copies taken before a card is ranked by its average pick."""
    baseline: OutcomeJson
    """The season's average deck."""
    earliest: list[CardLine]
    """The cards taken earliest, per set, lowest average pick first."""
    winning: list[CardLine]
    """The cards whose decks won most, per set, among those with `min_games` games."""
    commanders: list[CommanderLine]
    """The most played commander lines (most decks first)."""
    identities: list[CommanderLine]
    """The most played color identities ("" colorless)."""


class SeasonScreenView(TypedDict):
    """A season's screen: tonight's night when there is one, else the season's
    standings (`standings` is empty while a night is shown: the night's end carries
    them in its own `season`)."""

    season_id: str
    name: str
    night: ScreenView | None
    standings: list[ScreenStanding]
    statistics: ScreenStatistics | None
    """Between nights and at the night's end (every pod done): the season's statistics,
    once a night counts for them; `None` otherwise."""
