"""A pod's or a night's recap as read (`server.services.exports.recap`); the recap's
JSON and files are shaped from it (`server.views.recap`)."""

from __future__ import annotations

from dataclasses import dataclass

from pods.deck import Deck
from pods.recap import DeckOutline
from server.realtime.decks import SubmittedDeck
from server.realtime.live import LivePlayer, LivePod
from server.values.night_label import NightLabel
from server.values.summary import PlayedGame


@dataclass(frozen=True)
class RecapSeat:
    player: LivePlayer
    deck: Deck | None
    outline: DeckOutline | None
    report: SubmittedDeck | None


@dataclass(frozen=True)
class Recap:
    pod: LivePod
    seats: list[RecapSeat]
    games: list[PlayedGame]
    label: NightLabel


@dataclass(frozen=True)
class NightRecap:
    """A night's recap: the pods whose rule shows every seat now, in the night's order,
    and how many of its pods are not shown yet."""

    event_id: str
    pods: list[Recap]
    hidden: int
    label: NightLabel
