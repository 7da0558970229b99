"""Who may replay whose draft, and from when: the host's choice for the reveal.

Why a rule of its own: every route that shows a past pick (a seat's replay, the list of
seats one may open, the night's recap) asks this one function, so a seat never gets
another seat's picks before the host's rule allows, whichever way it asks.

The modes (the host picks one per pod, or per night for an event, before the draft):
- `nobody`: no replay at all, for anyone (the host included);
- `own_seat`: each player their own seat only, once the draft is over;
- `after_draft`: everyone every seat (bots' too) once the draft is over;
- `after_night` (the default): each player their own seat once the draft is over, and
  everyone every seat once the host ends the night, so decks stay secret during the games.
The host holds no seat: under `own_seat` the host opens nothing, otherwise the host opens
what everyone may. Nothing is open while the table drafts, whatever the mode.
"""

from __future__ import annotations

from collections.abc import Iterable

NOBODY = "nobody"
OWN_SEAT = "own_seat"
AFTER_DRAFT = "after_draft"
AFTER_NIGHT = "after_night"
MODES = (NOBODY, OWN_SEAT, AFTER_DRAFT, AFTER_NIGHT)
DEFAULT = AFTER_NIGHT
DRAFT_OVER_PHASES = ("building", "playing", "done")
NIGHT_OVER_PHASE = "done"


def everyone_may_open(mode: str, phase: str) -> bool:
    """Whether every seat is open to every viewer (the host, any seat) now."""
    if mode == AFTER_DRAFT:
        return phase in DRAFT_OVER_PHASES
    if mode == AFTER_NIGHT:
        return phase == NIGHT_OVER_PHASE
    return False


def may_open(mode: str, phase: str, viewer_seat: int | None, seat: int) -> bool:
    """Whether a viewer (a player at `viewer_seat`, or the host: `None`) may replay `seat`.

    An unknown mode opens nothing: a stored value this code does not know hides rather
    than reveals."""
    if mode not in MODES or mode == NOBODY or phase not in DRAFT_OVER_PHASES:
        return False
    if everyone_may_open(mode, phase):
        return True
    return viewer_seat is not None and viewer_seat == seat


def openable(mode: str, phase: str, viewer_seat: int | None, seats: Iterable[int]) -> list[int]:
    """The seats (in the order given) the viewer may replay now."""
    return [seat for seat in seats if may_open(mode, phase, viewer_seat, seat)]
