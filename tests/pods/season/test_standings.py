"""Standings: points, then wins, then the opponents' average, then head-to-head."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pods.results import GameResult, Placing
from pods.season.scoring import Scheme
from pods.season.standings import standings


def won(winner: str, *others: str) -> GameResult:
    return GameResult((Placing(winner, 1), *(Placing(o, 2) for o in others)))


def placed(*players: str) -> GameResult:
    return GameResult(tuple(Placing(p, i + 1) for i, p in enumerate(players)))


def line(table: list, player: str) -> tuple:
    s = next(s for s in table if s.player == player)
    return (s.rank, s.points, s.games, s.wins, s.draws, s.opponents_average)


def test_points_come_first() -> None:
    table = standings([won("ann", "bo", "cy"), won("bo", "ann", "cy"), won("bo", "cy")],
                      Scheme())
    assert [s.player for s in table] == ["bo", "ann", "cy"]
    # bo met ann (5) twice and cy (0) three times: (5 + 5 + 0 + 0 + 0) / 5.
    assert line(table, "bo") == (1, 10, 3, 2, 0, 2.0)


def test_equal_points_are_split_by_wins() -> None:
    # Placement 4/3/2/1: bo is second twice (3 + 3), cy wins once and is third once (4 + 2).
    scheme = Scheme.parse("placement", {"1": 4, "2": 3, "3": 2, "4": 1})
    table = standings([placed("ann", "bo", "cy", "di"), placed("cy", "bo", "di", "ann")],
                      scheme)
    assert line(table, "ann")[1:4] == (5, 2, 1) and line(table, "di")[1:4] == (3, 2, 0)
    bo, cy = line(table, "bo"), line(table, "cy")
    assert bo[1] == 6 and cy[1] == 6 and cy[3] == 1 and bo[3] == 0
    assert [s.player for s in table][:2] == ["cy", "bo"]


def test_equal_points_and_wins_are_split_by_the_opponents_average() -> None:
    # ann and bo each win once; ann beat the strong cy, bo beat only the weak di and eve.
    results = [won("cy", "fay"), won("cy", "gus"), won("ann", "cy"), won("bo", "di", "eve")]
    table = standings(results, Scheme())
    assert line(table, "ann")[1:4] == line(table, "bo")[1:4] == (5, 1, 1)
    assert [s.player for s in table].index("ann") < [s.player for s in table].index("bo")


def test_then_head_to_head_among_the_players_still_level() -> None:
    # ann and bo: 7 points, one win, opponents' average 5.89 each; bo placed above ann in
    # two of their three games, so bo leads although "ann" sorts first.
    results = [placed("cy", "eve", "bo", "ann"), placed("bo", "di", "ann", "cy"),
               placed("ann", "di", "eve", "bo")]
    table = standings(results, Scheme.parse("placement"))
    assert line(table, "bo") == (1, 7, 3, 1, 0, 5.89)
    assert line(table, "ann") == (2, 7, 3, 1, 0, 5.89)
    # Each line carries its head-to-head, so the table can say why bo is above ann.
    record = {s.player: s.head_to_head for s in table}
    assert (record["bo"], record["ann"]) == (1, -1)
    assert record["cy"] == record["di"] == record["eve"] == 0  # nobody level with them


def test_players_level_on_everything_share_a_rank_listed_by_name() -> None:
    table = standings([won("bo", "y"), won("ann", "x")], Scheme())
    assert [(s.rank, s.player) for s in table] == [(1, "ann"), (1, "bo"), (3, "x"), (3, "y")]


def test_a_draw_counts_as_a_draw() -> None:
    table = standings([GameResult((Placing("ann", 1), Placing("bo", 1), Placing("cy", 3)),
                                  draw=True)], Scheme())
    assert line(table, "ann") == (1, 1, 1, 0, 1, 0.5)
    assert line(table, "cy") == (3, 0, 1, 0, 0, 1.0)


NAMES = st.sampled_from(["ann", "bo", "cy", "di", "eve", "fay", "gus"])
RESULTS = st.lists(
    st.lists(NAMES, min_size=3, max_size=4, unique=True).flatmap(
        lambda players: st.tuples(
            st.just(players),
            st.lists(st.integers(1, len(players)), min_size=len(players),
                     max_size=len(players)),
            st.booleans())),
    max_size=12)


@given(RESULTS)
def test_the_table_is_ordered_and_counts_every_game(raw: list) -> None:
    results = [GameResult(tuple(Placing(p, place) for p, place in zip(players, places,
                                                                      strict=True)),
                          draw=draw and 1 in places)
               for players, places, draw in raw]
    table = standings(results, Scheme())
    assert sorted(s.player for s in table) == sorted({p for r in results for p in r.players})
    assert sum(s.games for s in table) == sum(len(r.players) for r in results)
    assert sum(s.points for s in table) == sum(sum(Scheme().for_game(r).values())
                                               for r in results)
    keys = [(s.points, s.wins, s.opponents_average) for s in table]
    assert keys == sorted(keys, reverse=True)
    assert [s.rank for s in table] == sorted(s.rank for s in table)
    assert all(s.rank <= i + 1 for i, s in enumerate(table))
    assert table == standings(list(reversed(results)), Scheme())
