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
from dataclasses import dataclass

from pods.results import GameResult
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


@dataclass(slots=True)
class DraftTally:
    """One card's draft counts, over one pod or added up over the season."""

    seen: int = 0
    picked: int = 0
    pick_total: int = 0
    last_seen_total: int = 0
    last_seen_count: int = 0
    drafted: int = 0
    in_deck: int = 0

    def add(self, other: DraftTally) -> None:
        self.seen += other.seen
        self.picked += other.picked
        self.pick_total += other.pick_total
        self.last_seen_total += other.last_seen_total
        self.last_seen_count += other.last_seen_count
        self.drafted += other.drafted
        self.in_deck += other.in_deck


CardKey = tuple[str, str]
"""(set code or `ALL_SETS`, card name)."""


@dataclass(frozen=True)
class PodCards:
    """One pod's part of the figures that its games do not change: each card's draft
    counts, and each submitted deck's player with the cards it plays. A finished pod's
    never change again, so the server keeps them (`server.services.season_stats`)."""

    tallies: dict[CardKey, DraftTally]
    decks: tuple[tuple[str, frozenset[CardKey]], ...]


@dataclass(frozen=True, slots=True)
class CardsOfSeason:
    cards: tuple[CardFigures, ...]
    """Per set and over all sets, by name then set (`ALL_SETS` sorts first)."""
    baseline: Outcome
    """The games of every submitted deck: what a card's decks are compared with."""
    sets: tuple[str, ...]


def cards_of_season(nights: Iterable[StatsNight], min_games: int = MIN_GAMES) -> CardsOfSeason:
    """Every card a person saw, per set and over all sets; `min_games` is the threshold."""
    return season_cards([(tuple(pod_cards(pod) for pod in night.pods), night.games)
                         for night in nights], min_games)


def season_cards(nights: Iterable[tuple[tuple[PodCards, ...], tuple[GameResult, ...]]],
                 min_games: int = MIN_GAMES) -> CardsOfSeason:
    """The figures from each night's pods' counts (`pod_cards`) and its games."""
    drafts: dict[CardKey, DraftTally] = {}
    outcomes: dict[CardKey, Tally] = {}
    baseline = Tally()
    for pods, games in nights:
        placings = placings_by_player(games)
        for pod in pods:
            for key, tally in pod.tallies.items():
                found = drafts.get(key)
                if found is None:
                    found = drafts[key] = DraftTally()
                found.add(tally)
            for player, held in pod.decks:
                played = placings.get(player, [])
                baseline.decks += 1
                baseline.add_games(played)
                for key in held:
                    outcome = outcomes.get(key)
                    if outcome is None:
                        outcome = outcomes[key] = Tally()
                    outcome.decks += 1
                    outcome.add_games(played)
    cards = tuple(_figures(name, set_code, tally, outcomes.get((set_code, name), Tally()),
                           min_games)
                  for (set_code, name), tally in sorted(drafts.items(),
                                                        key=lambda item: (item[0][1],
                                                                          item[0][0])))
    return CardsOfSeason(cards, baseline.outcome(min_games),
                         tuple(sorted({s for s, _ in drafts} - {ALL_SETS})))


def pod_cards(pod: PodDraft) -> PodCards:
    """One pod's draft counts (people's seats only) and its decks' cards."""
    tallies: dict[CardKey, DraftTally] = {}
    pairs: dict[CardKey, tuple[DraftTally, DraftTally]] = {}

    def tally(set_code: str, name: str) -> tuple[DraftTally, DraftTally]:
        """The card's tallies in its set and over all sets (found once, then kept)."""
        found = pairs.get((set_code, name))
        if found is None:
            found = pairs[set_code, name] = (
                tallies.setdefault((set_code, name), DraftTally()),
                tallies.setdefault((ALL_SETS, name), DraftTally()))
        return found

    sets_of = _instance_sets(pod)
    decks = []
    for seat in pod.seats:
        if seat.bot:
            continue
        _add_looks(seat, tally)
        if seat.deck is None:
            continue
        for look in seat.looks:
            for card in look.taken:
                for entry in tally(look.set_code, card.name):
                    entry.drafted += 1
                    entry.in_deck += card.instance in seat.deck.cards
        held = {sets_of[i] for i in seat.deck.cards if i in sets_of}
        decks.append((seat.player, frozenset({*held, *((ALL_SETS, name) for _s, name in held)})))
    return PodCards(tallies, tuple(decks))


_Tallier = Callable[[str, str], tuple[DraftTally, DraftTally]]


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


def _instance_sets(pod: PodDraft) -> dict[int, CardKey]:
    """Each instance of the pod → (the set of the pack it was in, its name)."""
    return {card.instance: (look.set_code, card.name)
            for seat in pod.seats for look in seat.looks for card in look.pack}


def _figures(name: str, set_code: str, entry: DraftTally, with_card: Tally,
             min_games: int) -> CardFigures:
    return CardFigures(
        name, set_code, entry.seen, entry.picked,
        entry.pick_total / entry.picked if entry.picked else None,
        entry.last_seen_total / entry.last_seen_count if entry.last_seen_count else None,
        entry.drafted, entry.in_deck, with_card.outcome(min_games))
