"""One player's season game by game: the games' points add up to their standings line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pods.results import Award, GameResult, Placing
from pods.season.player_record import PlayerGame, PlayerNight, player_games, player_nights
from pods.season.scoring import Scheme
from pods.season.standings import standings

FRIDAY_1 = [GameResult((Placing("Ann", 1), Placing("Bob", 2), Placing("Cid", 3))),
            GameResult((Placing("Cid", 1), Placing("Dee", 1)), draw=True)]
FRIDAY_2 = [GameResult((Placing("Bob", 1), Placing("Ann", 2)),
                       awards=(Award("Ann", "First blood", 1),))]


def test_each_game_names_its_night_place_outcome_opponents_and_points() -> None:
    assert player_games([FRIDAY_1, FRIDAY_2], "Ann", Scheme()) == [
        PlayerGame(night=1, game=1, place=1, outcome="win", opponents=("Bob", "Cid"), points=5),
        PlayerGame(night=2, game=1, place=2, outcome="loss", opponents=("Bob",), points=1)]


def test_a_draw_reads_as_a_draw() -> None:
    (game,) = player_games([FRIDAY_1], "Dee", Scheme())
    assert (game.outcome, game.points, game.opponents) == ("draw", 1, ("Cid",))


def test_a_night_the_player_missed_is_left_out() -> None:
    games = player_games([FRIDAY_1, FRIDAY_2], "Dee", Scheme())
    assert player_nights(games) == [PlayerNight(night=1, games=1, wins=0, draws=1, points=1)]


def test_an_unknown_player_has_no_games() -> None:
    assert player_games([FRIDAY_1], "Zed", Scheme()) == []


NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")
tables = st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True)


@st.composite
def games(draw: st.DrawFn) -> GameResult:
    players = draw(tables)
    if draw(st.booleans()):
        return GameResult(tuple(Placing(p, 1) for p in players), draw=True)
    return GameResult(tuple(Placing(p, place) for place, p in enumerate(players, start=1)))


@settings(max_examples=60, derandomize=True)
@given(nights=st.lists(st.lists(games(), max_size=5), max_size=4),
       scheme=st.sampled_from([Scheme(), Scheme.parse("placement")]))
def test_the_games_add_up_to_the_standings_line(nights: list[list[GameResult]],
                                               scheme: Scheme) -> None:
    for line in standings([r for night in nights for r in night], scheme):
        mine = player_nights(player_games(nights, line.player, scheme))
        assert sum(n.points for n in mine) == line.points
        assert sum(n.games for n in mine) == line.games
        assert (sum(n.wins for n in mine), sum(n.draws for n in mine)) == (line.wins,
                                                                          line.draws)
