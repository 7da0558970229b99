"""The after-draft reveal as read (`server.services.exports.replays`): the seats a viewer
may open, and one seat's replay; `server.views.replay` shapes them."""

from __future__ import annotations

from dataclasses import dataclass

from draft.seat_replay import SeatReplay
from server.realtime.live import LivePlayer, LivePod


@dataclass(frozen=True)
class Viewer:
    """Who asks: the host (`seat` None) or the player at `seat`."""

    host: bool
    seat: int | None


@dataclass(frozen=True)
class Openable:
    """The seats a viewer may replay now, with the rule that decided it."""

    pod_id: str
    phase: str
    visibility: str
    viewer: Viewer
    seats: list[tuple[int, str, bool]]
    """(seat, name, bot) of each seat the viewer may open, in seat order."""


@dataclass(frozen=True)
class OpenedSeat:
    """One seat's replay and the pod it was rebuilt as (for its card JSON and deck)."""

    pod: LivePod
    player: LivePlayer
    replay: SeatReplay
