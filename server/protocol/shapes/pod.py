"""A pod's words every view shares: its phase, its tables, its line-up and house rules,
the timers' pause note, and the public summary anyone may read (the join page)."""

from __future__ import annotations

from typing import TypedDict

from pods import split
from pods.phases import Phase

# --- the night's words (its phase is a pure value: `pods.phases`) ------------------------


class Table(TypedDict):
    """One table of the host's split: its number and its players' names."""

    number: int
    players: list[str]


def table_json(table: split.Table) -> Table:
    """A table of the split (`pods.split.Table`, which the live pod keeps) as the views send it."""
    return {"number": table.number, "players": list(table.players)}


# --- the pod's line-up and house rules ---------------------------------------------------


class HouseRules(TypedDict):
    starting_life: int
    deck_size: str
    deck_cards: int


class Setup(TypedDict):
    """What is fixed when the pod is created."""

    set: str
    line_up: list[str]
    house_rules: HouseRules
    addable_commanders: list[str]


class LineUp(Setup):
    """The setup, the set the current round opens and who may replay whose draft (the
    last two change: they are not part of the cached setup)."""

    round_set: str
    replay_visibility: str


class TimersPausedNote(TypedDict):
    """The server did not run for `seconds` (a sleeping laptop) and noticed it `at`; the
    pick timers got that time back. Phones and the host show a short note once per `at`."""

    seconds: int
    at: str


class StillPlaying(TypedDict):
    """A table at time with no result: `pod` is its pod's number in round 1 (each pod
    numbers its own tables), `null` in a later round."""

    pod: int | None
    round: int
    table: int


class RoundClockJson(TypedDict):
    """A night's round clock (`server.views.round_clock`). Round 0 is the deckbuilding
    countdown. `ends_at` is set while it runs (a page counts down to it by itself);
    `left_seconds` is what is left now (`None` in a seat view while it runs: a seat's view
    is built once per version, and a phone counts down to `ends_at`)."""

    round: int
    length_seconds: int
    left_seconds: int | None
    running: bool
    ended: bool
    at_time: bool
    """The host ended the round, or (as of `server_now`) its time ran out."""
    rule: str
    """At time: `finish_turn` (the active player finishes this turn) or `one_more_turn`."""
    ends_at: str | None
    server_now: str | None
    still_playing: list[StillPlaying]
    """The host's view at time: the tables with no result yet."""


class PublicPlayer(TypedDict):
    name: str
    bot: bool


class PodSummary(TypedDict):
    """The public summary anyone may read (what the join page shows)."""

    pod_id: str
    set: str
    line_up: list[str]
    seats: int
    phase: Phase
    players: list[PublicPlayer]
    locked: bool
    code_required: bool
    replay_visibility: str


class OpenPods(TypedDict):
    pods: list[PodSummary]
