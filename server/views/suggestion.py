"""The builder's suggested decks as `POST deck/suggestion` answers them: deck bodies of
the seat's pool (card ids, `piper: true` commanders, basics by name) that `PUT deck`
takes as they are, each with its notes said in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from draft.state import CardInstance
from pods.suggest import Suggestion
from server.i18n.suggestions import note_message


def suggestions_json(found: Sequence[Suggestion], pool: Sequence[CardInstance],
                     language: str) -> dict[str, Any]:
    """`{"suggestions": [deck body, ...]}` in the order found (the best first)."""
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
