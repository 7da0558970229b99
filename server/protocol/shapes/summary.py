"""The night's summary for the host (`server.views.summary`, from the values of
`server.services.exports.summary`)."""

from __future__ import annotations

from typing import TypedDict

from pods.phases import Phase
from server.protocol.shapes.pod import Table


class SummaryDeck(TypedDict):
    """A submitted deck. `commanders`, `size` and `color_identity` are `None` until the
    reveal rule shows every seat (`server.services.exports.summary` hides them)."""

    commanders: list[str] | None
    legal: bool
    size: int | None
    color_identity: list[str] | None


class SummaryPlayer(TypedDict):
    name: str
    seat: int | None
    bot: bool
    kicked: bool
    table: int | None
    deck: SummaryDeck | None


class SummaryGamePlayer(TypedDict):
    name: str
    commanders: list[str]
    life: int
    out: bool


class PlayedGame(TypedDict):
    round: int
    """The night's round (1: the pod's own split), said with the table: "Round 2 · Table 3"."""
    table: int
    number: int
    current: bool
    players: list[SummaryGamePlayer]
    winner: str | None
    draw: list[str] | None
    """A drawn game (agreed by every player still in, or time called): the players who
    share first place, by name; None when the game was not a draw."""


class PodNight(TypedDict):
    """One pod's part of the night's summary."""

    pod_id: str
    set: str
    phase: Phase
    players: list[SummaryPlayer]
    tables: list[Table]
    games: list[PlayedGame]


class NightSummary(TypedDict):
    event_id: str
    set: str
    pods: list[PodNight]
