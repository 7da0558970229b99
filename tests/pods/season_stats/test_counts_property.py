"""Over any season, the counts add up: picks per set and round, decks and games per place."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pods.results import GameResult, Placing
from pods.season_stats.cards import ALL_SETS, cards_of_season
from pods.season_stats.commanders import commanders_of_season
from pods.season_stats.inputs import (
    Look,
    PodDraft,
    SeatDraft,
    SeenCard,
    StatsNight,
    SubmittedDeck,
)

NAMES = ("Alpha", "Beta", "Gamma", "Delta")
SETS = ("CMR", "CLB")


@st.composite
def pods(draw: st.DrawFn, night: int) -> PodDraft:
    """A table passing packs to the left, each seat taking what the draw says."""
    seats = draw(st.integers(2, 4))
    take = draw(st.integers(1, 2))
    rounds = draw(st.integers(1, 2))
    size = take * draw(st.integers(1, 3))
    bots = [draw(st.booleans()) for _ in range(seats)]
    looks: list[list[Look]] = [[] for _ in range(seats)]
    instance = 0
    for round_number in range(1, rounds + 1):
        set_code = draw(st.sampled_from(SETS))
        packs = []
        for _ in range(seats):
            packs.append([SeenCard(instance + i, draw(st.sampled_from(NAMES)))
                          for i in range(size)])
            instance += size
        for pick in range(1, size // take + 1):
            for seat in range(seats):
                pack = packs[(seat - pick + 1) % seats]
                taken = tuple(draw(st.permutations(pack)))[:take]
                looks[seat].append(Look(set_code, round_number, pick, tuple(pack), taken))
                for card in taken:
                    pack.remove(card)
    return PodDraft(tuple(
        SeatDraft(f"n{night}s{seat}", tuple(looks[seat]),
                  None if bots[seat] or not draw(st.booleans()) else SubmittedDeck(
                      frozenset(c.instance for look in looks[seat] for c in look.taken
                                if draw(st.booleans())),
                      (draw(st.sampled_from(NAMES)),), draw(st.sampled_from(("", "W", "UB")))),
                  bots[seat])
        for seat in range(seats)))


@st.composite
def nights(draw: st.DrawFn, night: int) -> StatsNight:
    pod = draw(pods(night))
    players = [seat.player for seat in pod.seats] + ["stranger"]
    games = []
    for _ in range(draw(st.integers(0, 3))):
        table = draw(st.lists(st.sampled_from(players), min_size=2, max_size=4, unique=True))
        places = [draw(st.integers(1, len(table))) for _ in table]
        games.append(GameResult(tuple(Placing(p, place) for p, place in zip(table, places,
                                                                            strict=True)),
                                draw(st.booleans())))
    return StatsNight((pod,), tuple(games))


@st.composite
def seasons(draw: st.DrawFn) -> list[StatsNight]:
    return [draw(nights(n)) for n in range(draw(st.integers(0, 3)))]


def _people_looks(season: list[StatsNight]) -> list[Look]:
    return [look for night in season for pod in night.pods for seat in pod.seats
            if not seat.bot for look in seat.looks]


@settings(max_examples=40, deadline=None)
@given(seasons())
def test_picks_add_up_per_set_and_round(season: list[StatsNight]) -> None:
    cards = cards_of_season(season).cards
    looks = _people_looks(season)
    for set_code in SETS:
        rows = [c for c in cards if c.set_code == set_code]
        mine = [look for look in looks if look.set_code == set_code]
        assert sum(c.picked for c in rows) == sum(len(look.taken) for look in mine)
        assert sum(c.seen for c in rows) == sum(len(look.pack) for look in mine)
        picked_at = sum((c.average_pick or 0) * c.picked for c in rows)
        assert abs(picked_at - sum(look.pick * len(look.taken) for look in mine)) < 1e-6
    overall = [c for c in cards if c.set_code == ALL_SETS]
    assert sum(c.picked for c in overall) == sum(len(look.taken) for look in looks)


@settings(max_examples=40, deadline=None)
@given(seasons())
def test_decks_and_games_add_up_per_place(season: list[StatsNight]) -> None:
    figures = commanders_of_season(season)
    baseline = figures.baseline
    for lines in (figures.commanders, figures.identities):
        assert sum(line.outcome.decks for line in lines) == baseline.decks
        places: Counter[int] = Counter()
        for line in lines:
            places.update(dict(line.outcome.places))
        assert sorted(places.items()) == list(baseline.places)
    decks = {seat.player for night in season for pod in night.pods for seat in pod.seats
             if seat.deck is not None and not seat.bot}
    assert baseline.games == sum(1 for night in season for game in night.games
                                 for p in game.placings if p.player in decks)
    assert cards_of_season(season).baseline == baseline
