"""The seat view: what one seat may see of its pod (its own pack and pool included)."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from pods.phases import Phase
from server.protocol.shapes.cards import CardView
from server.protocol.shapes.decks import DeckJson
from server.protocol.shapes.game import GameView
from server.protocol.shapes.pod import LineUp, RoundClockJson, Table, TimersPausedNote


class PlayerLine(TypedDict):
    seat: int | None
    name: str
    bot: bool
    connected: bool


class Me(TypedDict):
    player_id: str
    name: str
    seat: int | None


class WaitingOn(TypedDict):
    seat: int
    name: str


class CommanderPair(TypedDict):
    cards: list[int]
    rule: str


class CommanderChoices(TypedDict):
    eligible: list[int]
    pairs: list[CommanderPair]


class PodHead(LineUp):
    """The part of every seat's view that is the same for each seat of the pod at one
    version: encoded once per version and spliced into each seat's text
    (`server.views.pod.seat_text`)."""

    pod_id: str
    version: int
    phase: Phase
    paused: bool
    timers_paused: TimersPausedNote | None
    disk_full: bool
    players: list[PlayerLine]
    rounds: int
    timer_seconds: int | None
    round_clock: RoundClockJson | None
    """The night's round clock, while the pod builds or plays (`None` before one starts)."""


class SeatPart(TypedDict):
    """The part of a seat's view that is its own."""

    me: Me
    round: int
    pick: int
    pick_in_round: int
    direction: str
    pack_id: int | None
    picks_needed: int
    packs_waiting: int
    packs_from_people: int
    waiting_on: WaitingOn | None
    pool_count: int
    deadline: str | None
    deck: DeckJson | None
    deck_open: bool
    table: Table | None
    game: GameView | None
    commander_choices: NotRequired[CommanderChoices]
    """Only while the seat may still submit a deck."""


class SeatHead(PodHead, SeatPart):
    """The seat view without its pack and pool (the socket splices their card text in)."""


class SeatView(SeatHead):
    """What one seat may see: its own pack and pool, public facts about the table."""

    pack: list[CardView] | None
    pool: list[CardView]
