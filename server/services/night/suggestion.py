"""The builder's "Suggest a deck": `pods.suggest` for a seat's pool, as builder bodies.

Why a service of its own: the suggestion is computed off the event loop (a worker
thread: a few milliseconds of CPU, and a phone must not stall the picks of a night) and
answered in the shape the builder edits and `PUT deck` takes (card ids of the seat's
pool, `piper: true` commanders, basics by name), so filling the builder changes nothing
on the server: the player still edits and submits. Nothing is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anyio

from draft.state import CardInstance
from pods.suggest import MAX_SUGGESTIONS, Suggestion, suggest_decks
from server.core.errors import ConflictError
from server.i18n.suggestions import note_message
from server.realtime.live import LivePlayer, LivePod


async def suggest_for_seat(pod: LivePod, player: LivePlayer,
                           language: str) -> dict[str, Any]:
    """Up to three suggestions for the seat's pool, the best first, each a deck body."""
    if not pod.deck_open(player) or pod.night.state is None or player.seat is None:
        raise ConflictError(f"decks are built after the draft, not in {pod.night.phase}",
                            "wrong_phase")
    pool = pod.night.state.pool_of(player.seat)  # an immutable snapshot, read on the loop
    rules, addable = pod.deck_rules, pod.addable_cards
    found = await anyio.to_thread.run_sync(
        suggest_decks, [i.card for i in pool], rules, MAX_SUGGESTIONS, addable)
    return {"suggestions": [deck_body(s, pool, language) for s in found]}


def deck_body(suggestion: Suggestion, pool: Sequence[CardInstance],
              language: str) -> dict[str, Any]:
    """The suggestion as the builder's deck (ids of this pool) with its notes said."""
    ids: dict[object, list[int]] = {}
    for instance in pool:
        ids.setdefault(instance.card, []).append(instance.id)
    commanders: list[dict[str, Any]] = []
    for commander in suggestion.deck.commanders:
        if commander.added:
            commanders.append({"piper": True, "color": commander.chosen_color,
                               "name": commander.card.name})
        else:
            ref: dict[str, Any] = {"card_id": ids[commander.card].pop(0)}
            if commander.chosen_color:
                ref["color"] = commander.chosen_color
            commanders.append(ref)
    main: list[int] = []
    basics: dict[str, int] = {}
    for card in suggestion.deck.main:
        if card.is_basic_land and not card.set:
            basics[card.name] = basics.get(card.name, 0) + 1
        else:
            main.append(ids[card].pop(0))
    return {
        "commanders": commanders,
        "main": main,
        "basics": basics,
        "names": [c.card.name for c in suggestion.deck.commanders],
        "color_identity": list(suggestion.identity),
        "playables": suggestion.playables,
        "notes": [{**note.as_dict(), "message": note_message(note, language)}
                  for note in suggestion.notes],
    }
