"""The host's views of a pod: names, counts, connection flags; no card contents.

No seed either: a pod's seed rebuilds every pack of its draft, and the host's laptop is
seen by the room. The seed stays in the database (for replays and restarts) and is never
sent; a host who wants a repeatable draft chooses one when creating the pod."""

from __future__ import annotations

from typing import TypedDict

from pods.phases import Phase
from server.protocol.shapes.game import AchievementLine, GameView
from server.protocol.shapes.pod import LineUp, Table, TimersPausedNote


class HostPlayer(TypedDict):
    player_id: str
    seat: int | None
    name: str
    bot: bool
    was_human: bool
    kicked: bool
    connected: bool
    picks: int
    pick_in_round: int
    packs_waiting: int
    deck_submitted: bool
    deck_legal: bool | None
    deadline: str | None


class GameNumber(TypedDict):
    table: int
    number: int


class Lobby(TypedDict):
    locked: bool
    join_code: str | None


class SnapshotNote(TypedDict):
    """The server's copy of its database after the host ended the night
    (`server.services.night.snapshots`): where it went, or why it failed (`error`, one line)."""

    file: str | None
    bytes: int
    error: str | None
    disk_full: bool


class HostView(LineUp):
    """The host dashboard: names, counts, connection flags; no card contents."""

    pod_id: str
    version: int
    phase: Phase
    paused: bool
    timers_paused: TimersPausedNote | None
    disk_full: bool
    seats: int
    timer_seconds: int | None
    join_url: str
    round: int
    players: list[HostPlayer]
    waiting_on: list[int]
    tables: list[Table] | None
    games: list[GameView]
    achievements: list[AchievementLine]
    without_legal_deck: list[str]
    games_in_play: list[GameNumber]
    event_id: str | None
    lobby: Lobby
    every_seat_open: bool
    """The reveal rule shows every seat to everyone now: the recap and the zip open."""
    snapshot: SnapshotNote | None
    """The snapshot taken when the host ended this night (`None` before, and on
    PostgreSQL)."""
