"""The game board every phone at a table and the host screen draw."""

from __future__ import annotations

from typing import TypedDict


class CommanderLine(TypedDict):
    index: int
    name: str
    placeholder: bool
    casts: int
    tax: int


class DamageLine(TypedDict):
    owner: str
    index: int
    amount: int


class GamePlayer(TypedDict):
    player_id: str
    name: str
    life: int
    out: bool
    conceded: int | None
    """The seq of the player's concession (their phone may undo it), or None."""
    commanders: list[CommanderLine]
    damage: list[DamageLine]
    counters: CountersLine
    undercity: UndercityLine


class CountersLine(TypedDict):
    poison: int
    experience: int
    energy: int


class UndercityLine(TypedDict):
    """The player's way through Undercity (`pods.undercity`): the room they are in (None
    before their first venture), the rooms a venture may go to now, dungeons completed."""

    room: str | None
    next_rooms: list[str]
    completed: int


class TurnView(TypedDict):
    number: int
    player_id: str | None
    """Whose turn it is (None once nobody is left in the game)."""
    first_player_id: str
    first_picked: bool
    """Whether the host or the table picked the first player (else it was drawn)."""


class CommanderSource(TypedDict):
    owner: str
    index: int


class LogLine(TypedDict):
    seq: int
    author: str
    kind: str
    target: str
    delta: int
    undone: bool
    source: CommanderSource | None
    room: str | None
    """The Undercity room of an `initiative` or a `venture`."""


class PlacingLine(TypedDict):
    player_id: str
    place: int


class AwardLine(TypedDict):
    player_id: str
    achievement: str
    points: int


class ResultView(TypedDict):
    """A game's result (`pods.game_end`): the placings best first, a draw, who confirmed
    it, and whether the host's word made it (`by_host`)."""

    placings: list[PlacingLine]
    draw: bool
    by_host: bool
    result_seq: int
    reported_by: str
    """The player id (or "host") whose entry made this result; they cannot confirm it."""
    confirmed: list[str]
    disputed: list[str]
    counts: bool
    """Confirmed by another player or the host (or the host's word): it counts for a
    season; until then the season's standings list it as pending."""
    awards: list[AwardLine]


class DrawVoteLine(TypedDict):
    player_id: str
    seq: int


class ClaimLine(TypedDict):
    seq: int
    player_id: str
    achievement: str
    points: int
    confirmed_by: str | None


class AchievementLine(TypedDict):
    name: str
    points: int


class GameView(TypedDict):
    """The board every phone at a table and the host screen draw."""

    table: int
    number: int
    round: int
    """The night's round (`server.services.tables.rounds`): 1 is the pod's own split."""
    game_id: str
    seq: int
    winner: str | None
    players: list[GamePlayer]
    log: list[LogLine]
    result: ResultView | None
    draw_votes: list[DrawVoteLine]
    time_called: bool
    claims: list[ClaimLine]
    achievements: list[AchievementLine]
    turn: TurnView
    monarch: str | None
    initiative: str | None


class AppliedView(GameView):
    """The board after a tap, with the seq of the log entry holding that tap."""

    applied: int
