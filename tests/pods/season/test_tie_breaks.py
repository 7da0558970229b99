"""Tie-breaks in one pass per game order the standings exactly as comparing every pair of
level players over every game does (the straightforward rule, kept here as reference)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from pods.results import Award, GameResult, Placing
from pods.season.scoring import Scheme
from pods.season.standings import Standing, standings
from pods.season.tie_breaks import head_to_head, opponents_average


def reference_standings(results: Sequence[GameResult], scheme: Scheme) -> list[Standing]:
    """The documented order, computed the plain way: points, wins, the opponents' average
    over every opponent met, then head-to-head of each pair of level players over every
    game; equal on all four share a rank, listed by name."""
    points: dict[str, int] = defaultdict(int)
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    draws: dict[str, int] = defaultdict(int)
    met: dict[str, list[str]] = defaultdict(list)
    for result in results:
        for player in result.players:
            points[player] += scheme.for_player(result, player)
            games[player] += 1
            wins[player] += result.outcome(player) == "win"
            draws[player] += result.outcome(player) == "draw"
            met[player].extend(p for p in result.players if p != player)
    average = {p: sum(points[o] for o in met[p]) / len(met[p]) if met[p] else 0.0
               for p in points}

    def level(p: str) -> tuple[int, int, float]:
        return points[p], wins[p], round(average[p], 9)

    def versus(a: str, b: str) -> int:
        return sum((r.place_of(a) < r.place_of(b)) - (r.place_of(b) < r.place_of(a))
                   for r in results if a in r.players and b in r.players)

    record = {p: sum(versus(p, o) for o in points if o != p and level(o) == level(p))
              for p in points}

    def key(p: str) -> tuple[int, int, float, int]:
        return (*level(p), record[p])

    ordered = sorted(sorted(points), key=key, reverse=True)
    ranks = [1 + next(i for i, o in enumerate(ordered) if key(o) == key(p)) for p in ordered]
    return [Standing(rank, p, points[p], games[p], wins[p], draws[p], round(average[p], 2),
                     record[p])
            for rank, p in zip(ranks, ordered, strict=True)]


NAMES = ["ann", "bo", "cy", "di", "eve", "fay", "gus", "hal"]


@st.composite
def game(draw: st.DrawFn) -> GameResult:
    players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
    places = [draw(st.integers(1, len(players))) for _ in players]
    if 1 not in places:
        places[0] = 1
    awards = tuple(Award(p, "First blood", draw(st.integers(0, 3)))
                   for p in draw(st.lists(st.sampled_from(players), max_size=2, unique=True)))
    return GameResult(tuple(Placing(p, n) for p, n in zip(players, places, strict=True)),
                      draw=places.count(1) > 1 and draw(st.booleans()), awards=awards)


SCHEMES = st.sampled_from([Scheme(), Scheme.parse("placement"),
                           Scheme.parse("win-draw-loss", {"win": 1, "draw": 1, "loss": 1}),
                           Scheme.parse("placement", {"1": 0, "2": 0, "3": 0, "4": 0})])


@settings(max_examples=300, deadline=None)
@given(st.lists(game(), max_size=14), SCHEMES)
def test_the_one_pass_order_equals_the_pairwise_reference(results: list[GameResult],
                                                          scheme: Scheme) -> None:
    assert standings(results, scheme) == reference_standings(results, scheme)


@given(st.lists(game(), max_size=10), SCHEMES)
def test_points_of_a_game_equal_each_players_own(results: list[GameResult],
                                                 scheme: Scheme) -> None:
    for result in results:
        assert scheme.for_game(result) == {p: scheme.for_player(result, p)
                                           for p in result.players}


def test_head_to_head_counts_only_level_opponents() -> None:
    # ann beat bo and cy; only bo is level with ann, so ann's record is +1 (not +2).
    results = [GameResult((Placing("ann", 1), Placing("bo", 2), Placing("cy", 3)))]
    level = {"ann": 0, "bo": 0, "cy": 1}
    assert head_to_head(results, level.__getitem__) == {"ann": 1, "bo": -1}


def test_players_sharing_a_place_gain_nothing_on_each_other() -> None:
    results = [GameResult((Placing("ann", 1), Placing("bo", 1), Placing("cy", 3)), draw=True)]
    assert head_to_head(results, lambda _: 0) == {"ann": 1, "bo": 1, "cy": -2}


def test_the_opponents_average_weighs_an_opponent_met_twice_twice() -> None:
    results = [GameResult((Placing("ann", 1), Placing("bo", 2))),
               GameResult((Placing("ann", 1), Placing("bo", 2), Placing("cy", 3)))]
    assert opponents_average(results, {"ann": 10, "bo": 4, "cy": 1}) == {
        "ann": 3.0, "bo": 7.0, "cy": 7.0}


def test_a_season_where_all_two_thousand_players_tie_is_ranked_in_one_pass() -> None:
    # 500 four-player draws, every player in one: all level on everything, all rank 1.
    names = [f"p{i:04d}" for i in range(2000)]
    results = [GameResult(tuple(Placing(p, 1) for p in names[i:i + 4]), draw=True)
               for i in range(0, 2000, 4)]
    table = standings(results, Scheme())
    assert {s.rank for s in table} == {1} and [s.player for s in table] == names
