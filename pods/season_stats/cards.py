"""Cards of the season: how the table drafted each card, and how decks with it did.

Every figure counts the people's seats only: a bot picks by its own values
(docs/bots.md), and the point of these figures is what the store's players value. Each
figure is given per set (the set of the pack the card was seen in) and over all sets
(`ALL_SETS`, a card's name across the sets it was seen in). docs/statistics.md says how
each one is computed; in short:

- `seen`: looks at a pack that held the card (a pack with two copies counts two);
- `picked`: copies taken; `average_pick`: the mean pick number of those takes;
- `last_seen`: for each seat and copy it saw, the last pick at which that seat saw it
  (17lands' "last seen at": late means the table let it go round);
- `drafted`, `in_deck`: copies taken by seats that submitted a deck, and how many of those
  copies the deck plays;
- `with_card`: the games of the decks that play it (a deck counts once however many copies).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from pods.season_stats.inputs import PodDraft, SeatDraft, StatsNight
from pods.season_stats.outcomes import MIN_GAMES, Outcome, Tally, placings_by_player

ALL_SETS = "*"
"""The `set_code` of a card's figures over every set it was seen in."""


@dataclass(frozen=True, slots=True)
class CardFigures:
    name: str
    set_code: str
    seen: int
    picked: int
    average_pick: float | None
    """None when no person took it (a card only bots took)."""
    last_seen: float | None
    drafted: int
    in_deck: int
    with_card: Outcome


@dataclass
class _CardTally:
    seen: int = 0
    picked: int = 0
    pick_total: int = 0
    last_seen_total: int = 0
    last_seen_count: int = 0
    drafted: int = 0
    in_deck: int = 0
    with_card: Tally = field(default_factory=Tally)


_Tallier = Callable[[str, str], list[_CardTally]]


@dataclass(frozen=True, slots=True)
class CardsOfSeason:
    cards: tuple[CardFigures, ...]
    """Per set and over all sets, by name then set (`ALL_SETS` sorts first)."""
    baseline: Outcome
    """The games of every submitted deck: what a card's decks are compared with."""
    sets: tuple[str, ...]


def cards_of_season(nights: Iterable[StatsNight], min_games: int = MIN_GAMES) -> CardsOfSeason:
    """Every card a person saw, per set and over all sets; `min_games` is the threshold."""
    tallies: dict[tuple[str, str], _CardTally] = {}
    baseline = Tally()

    pairs: dict[tuple[str, str], list[_CardTally]] = {}

    def tally(set_code: str, name: str) -> list[_CardTally]:
        """The card's tallies in its set and over all sets (found once, then kept)."""
        found = pairs.get((set_code, name))
        if found is None:
            found = pairs[set_code, name] = [tallies.setdefault((key, name), _CardTally())
                                             for key in (set_code, ALL_SETS)]
        return found

    for night in nights:
        placings = placings_by_player(night.games)
        for pod in night.pods:
            sets_of = _instance_sets(pod)
            for seat in pod.seats:
                if seat.bot:
                    continue
                _add_looks(seat, tally)
                if seat.deck is None:
                    continue
                baseline.decks += 1
                games = placings.get(seat.player, [])
                baseline.add_games(games)
                for look in seat.looks:
                    for card in look.taken:
                        for entry in tally(look.set_code, card.name):
                            entry.drafted += 1
                            entry.in_deck += card.instance in seat.deck.cards
                held = {(sets_of[i][0], sets_of[i][1]) for i in seat.deck.cards if i in sets_of}
                for key in {*held, *((ALL_SETS, name) for _set, name in held)}:
                    entry = tallies.setdefault(key, _CardTally())
                    entry.with_card.decks += 1
                    entry.with_card.add_games(games)
    cards = tuple(_figures(name, set_code, entry, min_games)
                  for (set_code, name), entry in sorted(tallies.items(),
                                                        key=lambda item: (item[0][1],
                                                                          item[0][0])))
    return CardsOfSeason(cards, baseline.outcome(min_games),
                         tuple(sorted({s for s, _ in tallies} - {ALL_SETS})))


def _add_looks(seat: SeatDraft, tally: _Tallier) -> None:
    last_seen: dict[int, tuple[str, str, int]] = {}
    for look in seat.looks:
        for card in look.pack:
            for entry in tally(look.set_code, card.name):
                entry.seen += 1
            last_seen[card.instance] = (look.set_code, card.name,
                                        max(look.pick, last_seen.get(card.instance,
                                                                     ("", "", 0))[2]))
        for card in look.taken:
            for entry in tally(look.set_code, card.name):
                entry.picked += 1
                entry.pick_total += look.pick
    for set_code, name, pick in last_seen.values():
        for entry in tally(set_code, name):
            entry.last_seen_total += pick
            entry.last_seen_count += 1


def _instance_sets(pod: PodDraft) -> dict[int, tuple[str, str]]:
    """Each instance of the pod → (the set of the pack it was in, its name)."""
    return {card.instance: (look.set_code, card.name)
            for seat in pod.seats for look in seat.looks for card in look.pack}


def _figures(name: str, set_code: str, entry: _CardTally, min_games: int) -> CardFigures:
    return CardFigures(
        name, set_code, entry.seen, entry.picked,
        entry.pick_total / entry.picked if entry.picked else None,
        entry.last_seen_total / entry.last_seen_count if entry.last_seen_count else None,
        entry.drafted, entry.in_deck, entry.with_card.outcome(min_games))
