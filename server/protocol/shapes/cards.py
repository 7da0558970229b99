"""Cards as the phones draw them, and the start page's card data
(`server.services.cards.card_data`)."""

from __future__ import annotations

from typing import Any, TypedDict


class CardFacts(TypedDict):
    """What every card view shows of a printing, whoever holds it."""

    name: str
    set: str
    number: str
    rarity: str
    mana_cost: str
    mana_value: float
    type_line: str
    colors: list[str]
    color_identity: list[str]
    power: str | None
    toughness: str | None
    loyalty: str | None
    can_be_commander: bool
    commander: list[str]
    """Why it may lead a deck (`pods.commanders.commander_reasons` codes)."""
    partner_with: str | None


class CardExtras(TypedDict, total=False):
    """What the runtime's media add (`server.cards.media.CardMedia.extras`)."""

    text: str
    image_url: str


class CardDetails(CardFacts, CardExtras):
    """One card by name, for the zoom view (`GET /api/cards/details`)."""


class CardBody(CardFacts, CardExtras):
    """A card instance's JSON without its `id` (`server.cards.card_json`)."""

    slot: str
    foil: bool


class CardView(CardBody):
    """A card instance as the phone draws it."""

    id: int



class SetStatus(TypedDict):
    """Per set: printings, how many have rules text and a cached image."""

    set: str
    name: str
    cards: int
    texts: int
    images: int


class CardsStatus(TypedDict):
    sets: list[SetStatus]
    images: str
    """The images mode (`server.cards.media.ImageMode`)."""
    job: dict[str, Any]
    """The download job (`server.cards.download_job.JobState` as a dict)."""
    command: str
