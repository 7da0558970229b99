"""The few card rows a store's TV shows: what the table takes first, and what wins.

Why a choice of rows and not the whole table: nobody sorts or filters a TV, and a room
reads a handful of rows from across it. Two questions answer themselves at a glance:
which cards the table takes earliest (17lands' "average taken at"), and which cards'
decks win most. Both are read per set (the set of the packs a card was in), so each row
says its set.

Why `MIN_PICKS`: a card taken once, first, would otherwise top "taken earliest" over a
card taken first forty times out of forty-one. The win rate keeps its own threshold
(`MIN_GAMES`): a card below it has no win rate to rank, only "too few games".
"""

from __future__ import annotations

from pods.season_stats.cards import ALL_SETS, CardFigures, CardsOfSeason
from pods.season_stats.outcomes import TOO_FEW_GAMES

MIN_PICKS = 5
"""Copies taken by people before a card is ranked by its average pick."""


def taken_earliest(cards: CardsOfSeason, count: int,
                   min_picks: int = MIN_PICKS) -> tuple[CardFigures, ...]:
    """The `count` per-set cards with the lowest average pick, among those taken at
    least `min_picks` times; ties: more picks first, then by name and set."""
    ranked = [card for card in cards.cards if card.set_code != ALL_SETS
              and card.picked >= min_picks and card.average_pick is not None]
    ranked.sort(key=lambda card: (card.average_pick, -card.picked, card.name, card.set_code))
    return tuple(ranked[:count])


def winning_most(cards: CardsOfSeason, count: int) -> tuple[CardFigures, ...]:
    """The `count` per-set cards whose decks won the largest share of their games, among
    those with enough games for a win rate; ties: the better average place, more games,
    then by name and set."""
    ranked = [card for card in cards.cards if card.set_code != ALL_SETS
              and card.with_card.win_rate is not TOO_FEW_GAMES]
    ranked.sort(key=lambda card: (-_number(card.with_card.win_rate),
                                  _number(card.with_card.average_place),
                                  -card.with_card.games, card.name, card.set_code))
    return tuple(ranked[:count])


def _number(value: object) -> float:
    """A figure already known to be a number (the rows were chosen for it)."""
    assert isinstance(value, float | int)
    return float(value)
