"""The season statistics routes' response shapes (docs/protocol.md, "Season statistics").

A figure below the threshold of games is the string "too_few_games", never a number
(`pods.season_stats.outcomes`): no client can sort or print it as one by mistake."""

from __future__ import annotations

from typing import Literal

from typing_extensions import TypedDict  # pydantic (the OpenAPI schema) reads it on 3.11

TooFew = Literal["too_few_games"]


class OutcomeJson(TypedDict):
    decks: int
    games: int
    average_place: float | TooFew
    win_rate: float | TooFew


class CardLine(OutcomeJson):
    name: str
    set: str
    """The set of the packs it was seen in; "*" for every set."""
    seen: int
    picked: int
    average_pick: float | None
    last_seen: float | None
    drafted: int
    in_deck: int


class SeasonCards(TypedDict):
    season_id: str
    name: str
    nights: int
    min_games: int
    sets: list[str]
    baseline: OutcomeJson
    cards: list[CardLine]


class CommanderLine(OutcomeJson):
    key: str
    """A commander line ("A + B" for a pair) or a color identity in WUBRG order."""


class SeasonCommanders(TypedDict):
    season_id: str
    name: str
    nights: int
    min_games: int
    baseline: OutcomeJson
    commanders: list[CommanderLine]
    identities: list[CommanderLine]
