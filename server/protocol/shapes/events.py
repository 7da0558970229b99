"""Nights bigger than one pod (`server.views.events`): the host's, the public and the
waiting phone's views."""

from __future__ import annotations

from typing import TypedDict

from pods.phases import Phase
from server.protocol.shapes.game import AchievementLine
from server.protocol.shapes.host import Lobby
from server.protocol.shapes.pod import Table


class ProgressPlayer(TypedDict):
    name: str
    bot: bool
    connected: bool


class Progress(TypedDict):
    """How far a pod is, for the night's host screen."""

    pod_id: str
    phase: Phase
    paused: bool
    seats: int
    round: int
    rounds: int
    picks: int
    players: list[ProgressPlayer]
    decks: int
    tables: list[Table]
    winners: int
    host_path: str


class NumberedProgress(Progress):
    number: int


class EventPlayer(TypedDict):
    player_id: str
    name: str
    pod: int | None


class PlannedPod(TypedDict):
    """A pod "Form pods" would make now: its players and its seats (bots take the rest)."""

    players: int
    seats: int


class EventHostView(TypedDict):
    event_id: str
    set: str
    line_up: list[str]
    phase: str
    replay_visibility: str
    lobby: Lobby
    """The night's lobby guard, as a pod's (`server.services.lobby_guard`)."""
    achievements: list[AchievementLine]
    timer_seconds: int | None
    join_url: str
    players: list[EventPlayer]
    pods: list[NumberedProgress]
    round: int
    """The night's round of games: 1 is each pod's own split (`server.services.tables.rounds`)."""
    round_tables: list[Table]
    """The tables of a later round, across the night's pods (empty in round 1)."""
    pod_plans: dict[str, list[PlannedPod]]
    """Before the pods are formed: what each policy ("balanced", "fill") would make of the
    players joined so far (`pods.forming.seat_plan`); empty once formed."""


class EventName(TypedDict):
    name: str


class EventPublicView(TypedDict):
    event_id: str
    set: str
    line_up: list[str]
    phase: str
    replay_visibility: str
    players: list[EventName]
    pods: int
    locked: bool
    code_required: bool
    """The phone must type the join code (never sent here; the host screen shows it)."""


class EventPlayerView(TypedDict):
    """The waiting phone's view: once its pod exists, where its seat is (same token)."""

    event_id: str
    player_id: str
    name: str
    phase: str
    pod_id: str | None
    seat_path: str | None
    players: int
