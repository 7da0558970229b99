"""What happened: the past-tense changes a pick produces.

Why a list of changes: the server publishes exactly these to the seats concerned (a seat
whose queue grew, a new round) instead of diffing states, and logs read them as a story.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PickMade:
    """A seat took `cards` from pack `pack_id`, which held `pack_before` at that moment."""

    seat: int
    round: int
    pick: int
    pack_id: int
    pack_before: tuple[int, ...]
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PackPassed:
    """A pack with cards left moved to the next seat's queue."""

    pack_id: int
    from_seat: int
    to_seat: int


@dataclass(frozen=True, slots=True)
class PackEmptied:
    """The last cards of a pack were taken."""

    pack_id: int


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """Every pack of the previous round is empty; each seat opened its next pack."""

    round: int
    direction: str


@dataclass(frozen=True, slots=True)
class DraftFinished:
    """Every pack of the last round is empty; pools are final."""


Change = PickMade | PackPassed | PackEmptied | RoundStarted | DraftFinished
