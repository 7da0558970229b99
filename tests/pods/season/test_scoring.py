"""The season's scoring: win/draw/loss or placement, achievements on top."""

from __future__ import annotations

import pytest

from pods.results import Award, GameResult, Placing
from pods.season.scoring import Scheme, SchemeError, Scoring

ANN_WINS = GameResult((Placing("ann", 1), Placing("bo", 2), Placing("cy", 3), Placing("di", 3)))


def test_win_draw_loss_defaults_to_five_one_zero() -> None:
    assert Scheme().for_game(ANN_WINS) == {"ann": 5, "bo": 0, "cy": 0, "di": 0}


def test_a_draw_gives_the_draw_points_to_the_players_still_in() -> None:
    drawn = GameResult((Placing("ann", 1), Placing("bo", 1), Placing("cy", 3)), draw=True)
    assert Scheme().for_game(drawn) == {"ann": 1, "bo": 1, "cy": 0}


def test_placement_scores_by_place_and_shared_places_score_alike() -> None:
    scheme = Scheme.parse("placement")
    assert scheme.for_game(ANN_WINS) == {"ann": 4, "bo": 3, "cy": 2, "di": 2}


def test_confirmed_achievements_add_their_points() -> None:
    result = GameResult(ANN_WINS.placings, awards=(Award("bo", "first blood", 2),))
    assert Scheme().for_game(result)["bo"] == 2


@pytest.mark.parametrize("scheme", [Scheme(), Scheme.parse("placement"),
                                    Scheme.parse("placement", {"1": 9, "4": 0}),
                                    Scheme.parse("win-draw-loss", {"win": 3, "loss": 1})])
@pytest.mark.parametrize("result", [
    ANN_WINS,
    GameResult((Placing("ann", 1), Placing("bo", 1), Placing("cy", 3)), draw=True),
    GameResult(tuple(Placing(p, n) for p, n in zip("abcdef", (1, 2, 3, 4, 5, 6), strict=True))),
])
def test_points_by_place_equal_the_games_points_by_name(scheme: Scheme,
                                                         result: GameResult) -> None:
    by_place, other = scheme.by_place(result.draw)
    assert {p.player: by_place.get(p.place, other) for p in result.placings} == \
        scheme.for_game(result)


def test_a_host_may_change_any_default_point_value() -> None:
    scheme = Scheme.parse("win-draw-loss", {"win": 3})
    assert scheme.scoring is Scoring.WIN_DRAW_LOSS
    assert dict(scheme.points) == {"win": 3, "draw": 1, "loss": 0}


@pytest.mark.parametrize(("kind", "points"), [
    ("elo", None),
    ("placement", {"win": 5}),
    ("win-draw-loss", {"win": -1}),
    ("win-draw-loss", {"win": 1000}),
    ("win-draw-loss", {"win": "5"}),
    ("win-draw-loss", {"win": True}),
])
def test_a_scheme_the_season_cannot_use_is_refused(
    kind: str, points: dict[str, object] | None
) -> None:
    with pytest.raises(SchemeError):
        Scheme.parse(kind, points)
