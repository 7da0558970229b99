"""A card instance as the phone draws it, built once per printing for the whole runtime.

Why shared and not per pod: an instance's JSON is its printing's facts and media, how it
was opened (slot, foil) and its commander reasons under the draft's partner grant; only
its `id` differs from pod to pod. So one `CardJson` (on the `Runtime`, `rt.cards`) holds
each such body once, as data and as compact text, for every pod: fifty pods of one set
share one copy instead of fifty, and a pod holds only its state. The body never changes
while the media stay the same; `server.services.cards.card_data.use_media` clears it when they
are reloaded.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

import orjson

from draft.cards import Card
from draft.state import CardInstance
from pods.commanders import commander_reasons
from server.cards.media import CardMedia
from server.protocol.ascii_json import ascii_json
from server.protocol.shapes.cards import CardBody, CardExtras, CardFacts, CardView

Key = tuple[str, str, str, bool, bool]
"""(set, collector number, slot, foil, mono partner grant): what a body depends on."""


def dumps(data: Any) -> str:
    """Compact JSON text, ASCII (orjson: the socket's hot path encodes every view head
    with it; about ten times the standard library's speed on these dicts). Non-ASCII
    characters are `\\u` escapes (`ascii_json`): the frames built from these texts stay
    ASCII strs, which the socket encodes to UTF-8 by a copy."""
    return ascii_json(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode())


def card_facts(card: Card, mono_partner_grant: bool = False) -> CardFacts:
    """What every card view shows of a printing, whoever holds it."""
    return {
        "name": card.name,
        "set": card.set,
        "number": card.number,
        "rarity": card.rarity,
        "mana_cost": card.mana_cost,
        "mana_value": card.mana_value,
        "type_line": card.type_line,
        "colors": list(card.colors),
        "color_identity": list(card.color_identity),
        "power": card.power,
        "toughness": card.toughness,
        "loyalty": card.loyalty,
        "can_be_commander": card.can_be_commander,
        "commander": list(commander_reasons(card, mono_partner_grant)),
        "partner_with": card.partner_with,
    }


def _body(instance: CardInstance, media: CardMedia | None,
          mono_partner_grant: bool) -> CardBody:
    """The card JSON without its `id`, in the protocol's key order after it."""
    extras: CardExtras = media.extras(instance.card) if media is not None else {}
    return {**card_facts(instance.card, mono_partner_grant),
            "slot": instance.slot, "foil": instance.foil, **extras}


class CardJson:
    """The runtime's card JSON bodies by `Key`, as data and as text after the `id`."""

    def __init__(self, media: CardMedia | None = None) -> None:
        self.media = media
        self._data: dict[Key, CardBody] = {}
        self._text: dict[Key, str] = {}
        self.generation = 0
        """Bumped by `clear`: what was built from the old bodies (a pod version's shared
        views, `server.views.pod.PodViews`) is stale when it differs."""

    def clear(self) -> None:
        """Forget every body (the media changed)."""
        self._data.clear()
        self._text.clear()
        self.generation += 1

    def __len__(self) -> int:
        return len(self._data)

    def _body(self, key: Key, instance: CardInstance, grant: bool) -> CardBody:
        body = self._data.get(key)
        if body is None:
            body = self._data[key] = _body(instance, self.media, grant)
        return body

    def data(self, instance: CardInstance, grant: bool) -> CardView:
        """The instance's card JSON (a new dict: callers may change it)."""
        card = instance.card
        key = (card.set, card.number, instance.slot, instance.foil, grant)
        return {"id": instance.id, **self._body(key, instance, grant)}

    def text(self, instance: CardInstance, grant: bool) -> str:
        """The same as compact JSON text: the body's text is spliced after the `id`."""
        card = instance.card
        key = (card.set, card.number, instance.slot, instance.foil, grant)
        tail = self._text.get(key)
        if tail is None:
            tail = self._text[key] = dumps(self._body(key, instance, grant))[1:]
        return f'{{"id":{instance.id},{tail}'


_ID = attrgetter("id")


class InstanceTexts:
    """One pod's card instances as text, by instance id: the seat view's cards.

    Why per pod on top of `CardJson.text`: an instance's text is that of its body with
    its `id` in front, and the pod's seat views send the same instances again and again
    (a pack passes round the table). `CardJson.text` builds the body's key and the
    f-string for each card of each view; this looks up the id once built. The ids are
    the pod's own, so this belongs to the pod (`LivePod.card_texts`), and it is dropped
    with the runtime's bodies when the media change (`CardJson.generation`)."""

    def __init__(self, cards: CardJson, grant: bool) -> None:
        self._cards = cards
        self._grant = grant
        self._generation = cards.generation
        self._texts: dict[int, str] = {}

    def text(self, instance: CardInstance) -> str:
        """`CardJson.text` of the instance under this pod's partner grant."""
        if self._generation != self._cards.generation:
            self._texts.clear()
            self._generation = self._cards.generation
        text = self._texts.get(instance.id)
        if text is None:
            text = self._texts[instance.id] = self._cards.text(instance, self._grant)
        return text

    def joined(self, instances: Sequence[CardInstance]) -> str:
        """The instances' texts joined by commas (a view's pack or the pool cards it
        sends): one call for the whole list, not two per card (issue #45)."""
        if self._generation != self._cards.generation:
            self._texts.clear()
            self._generation = self._cards.generation
        try:  # C-level `map`s: no Python frame per card once every text is built
            return ",".join(map(self._texts.__getitem__, map(_ID, instances)))
        except KeyError:  # a card not sent before in this pod
            return ",".join([self.text(instance) for instance in instances])

    def __len__(self) -> int:
        return len(self._texts)
