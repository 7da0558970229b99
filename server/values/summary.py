"""The night's summary for the host as values (`server.services.exports.summary`); the
views shape it as JSON or say it as text in the host's language (`server.views.summary`)."""

from __future__ import annotations

from dataclasses import dataclass

from pods.phases import Phase
from pods.split import Table


@dataclass(frozen=True)
class SummaryDeck:
    """A submitted deck. `commanders`, `size` and `color_identity` are `None` until the
    reveal rule shows every seat."""

    commanders: tuple[str, ...] | None
    legal: bool
    size: int | None
    color_identity: tuple[str, ...] | None


@dataclass(frozen=True)
class SummaryPlayer:
    name: str
    seat: int | None
    bot: bool
    kicked: bool
    table: int | None
    deck: SummaryDeck | None


@dataclass(frozen=True)
class GamePlayer:
    name: str
    commanders: tuple[str, ...]
    life: int
    out: bool


@dataclass(frozen=True)
class PlayedGame:
    """A game with a change or a winner, replayed from its stored log."""

    round: int
    """The night's round (1: the pod's own split), said with the table: "Round 2 · Table 3"."""
    table: int
    number: int
    current: bool
    players: tuple[GamePlayer, ...]
    winner: str | None
    draw: tuple[str, ...] | None
    """A drawn game (agreed by every player still in, or time called): the players who
    share first place, by name; None when the game was not a draw."""


@dataclass(frozen=True)
class PodNight:
    """One pod's part of the night's summary."""

    pod_id: str
    set: str
    phase: Phase
    players: tuple[SummaryPlayer, ...]
    tables: tuple[Table, ...]
    games: tuple[PlayedGame, ...]
