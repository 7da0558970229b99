"""What the store's screen of a night shows, as read (`server.services.events.screens`);
`server.views.screen` shapes it for anyone who walks past the TV."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from pods.results import GameResult
from pods.round_clock import RoundClock
from pods.season.standings import Standing
from pods.store_wifi import StoreWifi
from server.realtime.live import LivePod
from server.values.night import Night


@dataclass(frozen=True)
class SeasonLines:
    """A season's name and standings (every night of it, this one included)."""

    name: str
    standings: list[Standing]


@dataclass(frozen=True)
class FinishedGame:
    """A finished game of a night, as its results list it: `pod` is its pod's number in
    the night (round 1's tables are numbered within their pod), `result` names players by
    name, `pending` waits for a confirmation (it counts for no season yet)."""

    pod: int
    round: int
    table: int
    game: int
    result: GameResult
    pending: bool
    disputed: bool = False


@dataclass(frozen=True)
class NightScreen:
    """A night's screen now: its pods in this process, its standings under its season's
    scheme and its season's, its join link, the store's Wi-Fi while it is open, its
    round clock (None before the host started one) as of `now`, and its results."""

    night: Night
    pods: list[LivePod]
    standings: list[Standing]
    join_url: str
    season: SeasonLines | None
    wifi: StoreWifi | None
    clock: RoundClock | None
    now: datetime
    results: tuple[FinishedGame, ...] = ()
    """Every finished game of the night, every round (the live pods hold only the one in
    play), ordered by round, pod, table and game."""
