"""The builder's "Suggest a deck": `pods.suggest` for a seat's pool, as builder bodies.

Why a service of its own: the suggestion is computed off the event loop (a worker
thread: a few milliseconds of CPU, and a phone must not stall the picks of a night) and
answered as the suggestions with the pool they were made from, which the view turns into
the shape the builder edits and `PUT deck` takes (`server.views.suggestion`), so filling
the builder changes nothing on the server: the player still edits and submits. Nothing is
stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import anyio

from draft.state import CardInstance
from pods.suggest import MAX_SUGGESTIONS, Suggestion, suggest_decks
from server.core.errors import ConflictError
from server.realtime.live import LivePlayer, LivePod


@dataclass(frozen=True)
class SeatSuggestions:
    """Up to three suggested decks, the best first, and the pool whose cards they use."""

    pool: Sequence[CardInstance]
    found: Sequence[Suggestion]


async def suggest_for_seat(pod: LivePod, player: LivePlayer) -> SeatSuggestions:
    """Up to three suggestions for the seat's pool, the best first."""
    if not pod.deck_open(player) or pod.night.state is None or player.seat is None:
        raise ConflictError(f"decks are built after the draft, not in {pod.night.phase}",
                            "wrong_phase")
    pool = pod.night.state.pool_of(player.seat)  # an immutable snapshot, read on the loop
    rules, addable = pod.deck_rules, pod.addable_cards
    found = await anyio.to_thread.run_sync(
        suggest_decks, [i.card for i in pool], rules, MAX_SUGGESTIONS, addable)
    return SeatSuggestions(pool, found)
