"""A season's nights as the statistics read them: picks with the packs seen, decks, games.

Why a shape of its own, small enough to write by hand: the figures are a pure function of
these values (`pods.season_stats.cards`, `pods.season_stats.commanders`), so a test can
build a season of two pods on paper and check every figure; the server fills the same
shape from stored nights (`server.services.season_stats`).

A "pick" is one pass: a seat looks at the pack in front of it and takes one or two cards
(Commander Draft takes two a pass). Picks are numbered from 1 in each round, per seat: the
tenth look of a round at a 20-card pack is pick 10, and both cards taken at one look share
its number.
"""

from __future__ import annotations

from dataclasses import dataclass

from pods.results import GameResult


@dataclass(frozen=True, slots=True)
class SeenCard:
    """One physical card of a pod's draft: two copies of a card are two instances."""

    instance: int
    name: str


@dataclass(frozen=True, slots=True)
class Look:
    """One pick: the pack as it reached the seat (`pack`) and the cards the seat took."""

    set_code: str
    round: int
    pick: int
    pack: tuple[SeenCard, ...]
    taken: tuple[SeenCard, ...]


@dataclass(frozen=True, slots=True)
class SubmittedDeck:
    """A seat's submitted deck: which drafted instances it plays (commanders included),
    who leads it, and its color identity in WUBRG order ("" is colorless)."""

    cards: frozenset[int]
    commanders: tuple[str, ...]
    """Each commander's label: its name, or "name (color)" for a chosen color (a Piper,
    Faceless One); a pair is two labels."""
    identity: str


@dataclass(frozen=True, slots=True)
class SeatDraft:
    """One seat: the night's name of its player, every look in order, and its deck."""

    player: str
    looks: tuple[Look, ...]
    deck: SubmittedDeck | None = None
    bot: bool = False


@dataclass(frozen=True, slots=True)
class PodDraft:
    seats: tuple[SeatDraft, ...]


@dataclass(frozen=True, slots=True)
class StatsNight:
    """One night: its pods and the games that count, players by the night's names."""

    pods: tuple[PodDraft, ...]
    games: tuple[GameResult, ...] = ()


def commander_key(commanders: tuple[str, ...]) -> str:
    """A deck's commander line: one label, or a pair in name order joined by " + ".

    >>> commander_key(("Wilson, Refined Grizzly", "Cultist of the Absolute"))
    'Cultist of the Absolute + Wilson, Refined Grizzly'
    """
    return " + ".join(sorted(commanders))
