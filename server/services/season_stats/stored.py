"""A finished pod's part of the statistics (`nights.CountedPod`) as stored JSON and back.

Why stored: a finished pod's part never changes, and computing it replays the pod's whole
draft (80 pods cost seconds). Memory alone lost them at every start, and the first reader
after a restart paid the replay of the whole season; stored, a cold read sums the parts.

Why a `FORMAT`: the part is a derived value, not a fact. When its shape changes, raise the
number: rows of another format are computed again and rewritten, nothing to migrate.
"""

from __future__ import annotations

import json
from dataclasses import astuple
from typing import Any

from pods.season_stats.cards import DraftTally, PodCards
from pods.season_stats.inputs import PodDraft, SeatDraft, SubmittedDeck

FORMAT = 1
"""The encoding's version (`SeasonStatPodRow.format`)."""


def encode(cards: PodCards, seats: PodDraft) -> str:
    """The part as compact JSON: tallies as rows, decks by their cards' keys, and each
    seat's player, bot flag and deck (its looks are not kept: the tallies hold them)."""
    return json.dumps({
        "tallies": [[set_code, name, *astuple(tally)]
                    for (set_code, name), tally in cards.tallies.items()],
        "decks": [[player, sorted(list(key) for key in keys)] for player, keys in cards.decks],
        "seats": [[seat.player, seat.bot, None if seat.deck is None else
                   [sorted(seat.deck.cards), list(seat.deck.commanders), seat.deck.identity]]
                  for seat in seats.seats],
    }, ensure_ascii=False, separators=(",", ":"))


def decode(body: str) -> tuple[PodCards, PodDraft]:
    """The part `encode` wrote (equal to what was encoded)."""
    data: dict[str, Any] = json.loads(body)
    tallies = {(row[0], row[1]): DraftTally(*row[2:]) for row in data["tallies"]}
    decks = tuple((player, frozenset((key[0], key[1]) for key in keys))
                  for player, keys in data["decks"])
    seats = tuple(SeatDraft(player, (), None if deck is None else
                            SubmittedDeck(frozenset(deck[0]), tuple(deck[1]), deck[2]), bot)
                  for player, bot, deck in data["seats"])
    return PodCards(tallies, decks), PodDraft(seats)
