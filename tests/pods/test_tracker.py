"""Life, commander damage and commander tax at a Commander table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pods.tracker import (
    STARTING_LIFE,
    Adjustment,
    BadAdjustmentError,
    CommanderRef,
    Game,
    Kind,
    Player,
    Undo,
    UndoError,
    UnknownCommanderError,
    UnknownPlayerError,
    apply,
    new_game,
    replay_game,
)

TABLE = (
    Player("ann", "Ann", ("Rograkh, Son of Rohgahh", "The Prismatic Piper")),
    Player("bob", "Bob", ("Jeska, Thrice Reborn",)),
    Player("cid", "Cid", ("Kydele, Chosen of Kruphix",)),
    Player("dee", "Dee", ("The Prismatic Piper", "The Prismatic Piper")),
)
ROGRAKH = CommanderRef("ann", 0)
ANNS_PIPER = CommanderRef("ann", 1)
JESKA = CommanderRef("bob", 0)


def life(seq: int, author: str, target: str, delta: int) -> Adjustment:
    return Adjustment(seq, author, Kind.LIFE, target, delta)


def hit(seq: int, author: str, target: str, source: CommanderRef, delta: int) -> Adjustment:
    return Adjustment(seq, author, Kind.COMMANDER_DAMAGE, target, delta, source)


def cast(seq: int, ref: CommanderRef) -> Adjustment:
    return Adjustment(seq, ref.owner, Kind.COMMANDER_CAST, ref.owner, 1, ref)


def game_after(*entries: Adjustment | Undo) -> Game:
    game = new_game(TABLE)
    for entry in entries:
        game = apply(game, entry)
    return game


def test_everyone_starts_at_40() -> None:
    assert set(new_game(TABLE).life.values()) == {STARTING_LIFE} == {40}


def test_conflicting_taps_from_two_phones_both_apply() -> None:
    game = game_after(life(1, "ann", "bob", -3), life(2, "cid", "bob", -2))
    assert game.life["bob"] == 35


def test_a_player_at_zero_life_is_out() -> None:
    game = game_after(life(1, "bob", "cid", -40))
    assert game.out("cid") and "cid" not in game.standing


def test_commander_damage_also_costs_life() -> None:
    game = game_after(hit(1, "ann", "bob", ROGRAKH, 5))
    assert game.damage("bob", ROGRAKH) == 5
    assert game.life["bob"] == 35


def test_21_damage_from_one_commander_knocks_a_player_out() -> None:
    game = game_after(hit(1, "ann", "bob", ROGRAKH, 20), life(2, "bob", "bob", 30))
    assert not game.out("bob")
    game = apply(game, hit(3, "ann", "bob", ROGRAKH, 1))
    assert game.out("bob") and game.life["bob"] > 0


def test_partners_count_their_damage_separately() -> None:
    game = game_after(
        hit(1, "ann", "bob", ROGRAKH, 15), hit(2, "ann", "bob", ANNS_PIPER, 15),
        life(3, "bob", "bob", 40),
    )
    assert not game.out("bob")


def test_each_cast_from_the_command_zone_adds_two_to_the_tax() -> None:
    game = game_after(cast(1, JESKA), cast(2, JESKA))
    assert game.tax(JESKA) == 4
    assert game.tax(ROGRAKH) == 0


def test_the_author_can_undo_their_change() -> None:
    game = game_after(life(1, "ann", "bob", -7), Undo(2, "ann", 1))
    assert game.life["bob"] == 40


def test_nobody_else_can_undo_a_change() -> None:
    with pytest.raises(UndoError):
        game_after(life(1, "ann", "bob", -7), Undo(2, "bob", 1))


def test_a_change_is_undone_only_once() -> None:
    with pytest.raises(UndoError):
        game_after(life(1, "ann", "bob", -7), Undo(2, "ann", 1), Undo(3, "ann", 1))


def test_an_undo_that_would_make_a_count_negative_is_refused() -> None:
    with pytest.raises(BadAdjustmentError):
        game_after(cast(1, JESKA), Adjustment(2, "bob", Kind.COMMANDER_CAST, "bob", -1, JESKA),
                   Undo(3, "bob", 1))


@pytest.mark.parametrize(
    ("entry", "error"),
    [
        (life(1, "zed", "bob", -1), UnknownPlayerError),
        (life(1, "ann", "zed", -1), UnknownPlayerError),
        (life(1, "ann", "bob", 0), BadAdjustmentError),
        (life(1, "ann", "bob", 10_000), BadAdjustmentError),
        (hit(1, "ann", "bob", CommanderRef("bob", 0), 3), BadAdjustmentError),
        (hit(1, "ann", "bob", CommanderRef("ann", 5), 3), UnknownCommanderError),
        (Adjustment(1, "ann", Kind.COMMANDER_DAMAGE, "bob", 3), UnknownCommanderError),
        (Adjustment(1, "ann", Kind.COMMANDER_CAST, "bob", 1, ROGRAKH), BadAdjustmentError),
    ],
)
def test_bad_adjustments_are_refused(entry: Adjustment, error: type[Exception]) -> None:
    game = new_game(TABLE)
    with pytest.raises(error):
        apply(game, entry)


adjustments = st.lists(
    st.tuples(
        st.sampled_from([p.id for p in TABLE]),
        st.sampled_from([p.id for p in TABLE]),
        st.integers(-10, 10).filter(bool),
    ),
    max_size=40,
)


@settings(max_examples=50, deadline=None)
@given(adjustments)
def test_life_is_the_sum_of_the_taps_in_any_order(taps: list[tuple[str, str, int]]) -> None:
    entries = [life(i, a, t, d) for i, (a, t, d) in enumerate(taps)]
    forward = replay_game(TABLE, entries)
    backward = replay_game(TABLE, list(reversed(entries)))
    assert forward.life == backward.life
    for player in TABLE:
        expected = 40 + sum(d for _a, t, d in taps if t == player.id)
        assert forward.life[player.id] == expected


@settings(max_examples=50, deadline=None)
@given(adjustments)
def test_undoing_everything_restores_the_start(taps: list[tuple[str, str, int]]) -> None:
    entries: list[Adjustment | Undo] = [life(i, a, t, d) for i, (a, t, d) in enumerate(taps)]
    undos = [Undo(100 + i, a, i) for i, (a, _t, _d) in enumerate(taps)]
    game = replay_game(TABLE, entries + undos)  # type: ignore[operator]
    assert game.life == new_game(TABLE).life
