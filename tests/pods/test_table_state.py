"""Turns, the monarch, the initiative and counters at a Commander table, as log entries:
undone by their author, replayed the same, refused with a clear code."""

from __future__ import annotations

import pytest

from pods.game_end import Concede
from pods.table_state import (
    BecomeMonarch,
    EndTurn,
    FirstDrawn,
    FirstPlayer,
    TakeInitiative,
    Venture,
    first_drawn,
)
from pods.tracker import (
    Adjustment,
    BadAdjustmentError,
    Entry,
    Game,
    Kind,
    Player,
    TrackerError,
    Undo,
    apply,
    new_game,
    replay_game,
)
from pods.undercity import ENTRANCE

TABLE = tuple(Player(pid, pid.title(), ("The Prismatic Piper",))
              for pid in ("ann", "bob", "cid", "dee"))


def play(*entries: Entry, seed: int = 0) -> Game:
    return replay_game(TABLE, entries, seed=seed)


def refused(game: Game, entry: Entry, code: str) -> None:
    with pytest.raises(TrackerError) as error:
        apply(game, entry)
    assert error.value.code == code


def test_the_first_player_is_drawn_from_the_seed_the_same_on_every_replay() -> None:
    drawn = {seed: new_game(TABLE, seed=seed).table.first_player for seed in range(40)}
    assert set(drawn.values()) == {"ann", "bob", "cid", "dee"}
    assert all(play(seed=seed).table.first_player == who for seed, who in drawn.items())


def test_a_logged_draw_is_replayed_instead_of_the_seeds() -> None:
    fresh = new_game(TABLE, seed=3)
    logged = first_drawn(fresh.table)
    assert (logged.seq, logged.author, logged.player) == (0, "host", fresh.table.first_player)
    other = next(p.id for p in TABLE if p.id != fresh.table.first_player)
    game = play(FirstDrawn(0, "host", other), BecomeMonarch(1, "ann", "ann"), seed=3)
    assert (game.table.first_player, game.table.turn_player) == (other, other)
    assert replay_game(TABLE, game.log, seed=99).table.first_player == other


def test_the_logged_draw_is_nobodys_move_to_undo_and_names_a_player_at_the_table() -> None:
    game = play(FirstDrawn(0, "host", "bob"))
    refused(game, Undo(1, "host", 0), "undo_refused")
    refused(new_game(TABLE), FirstDrawn(0, "host", "zed"), "unknown_player")


def test_the_table_picks_the_first_player_until_the_first_turn_passes() -> None:
    game = play(FirstPlayer(1, "host", "cid"))
    assert (game.table.first_player, game.table.turn_player) == ("cid", "cid")
    game = apply(game, EndTurn(2, "cid"))
    refused(game, FirstPlayer(3, "ann", "ann"), "turns_started")
    refused(game, Undo(3, "host", 1), "turns_started")


def test_end_my_turn_passes_to_the_next_player_still_in_and_counts_turns() -> None:
    game = play(FirstPlayer(1, "host", "ann"), Concede(2, "bob", "bob"), EndTurn(3, "ann"))
    assert (game.table.turn_player, game.table.turn_number) == ("cid", 2)
    game = apply(apply(game, EndTurn(4, "cid")), EndTurn(5, "dee"))
    assert (game.table.turn_player, game.table.turn_number) == ("ann", 4)


def test_only_the_active_player_or_the_host_ends_the_turn() -> None:
    game = play(FirstPlayer(1, "host", "ann"))
    refused(game, EndTurn(2, "bob"), "not_your_turn")
    assert apply(game, EndTurn(2, "host")).table.turn_player == "bob"


def test_a_turn_undone_goes_back_and_only_the_last_turn_is_undone() -> None:
    game = play(FirstPlayer(1, "host", "ann"), EndTurn(2, "ann"), EndTurn(3, "bob"))
    refused(game, Undo(4, "ann", 2), "undo_later_first")
    game = apply(game, Undo(4, "bob", 3))
    assert (game.table.turn_player, game.table.turn_number) == ("bob", 2)


def test_the_monarch_moves_and_an_undo_gives_the_crown_back() -> None:
    game = play(BecomeMonarch(1, "ann", "ann"), BecomeMonarch(2, "cid", "bob"))
    assert game.table.monarch == "bob"
    refused(game, BecomeMonarch(3, "dee", "bob"), "already_monarch")
    refused(game, Undo(3, "ann", 2), "undo_refused")
    game = apply(game, Undo(3, "cid", 2))
    assert game.table.monarch == "ann"
    assert apply(game, Undo(4, "ann", 1)).table.monarch is None


def test_taking_the_initiative_ventures_and_an_undo_takes_both_back() -> None:
    game = play(TakeInitiative(1, "ann", "ann", ENTRANCE),
                Venture(2, "ann", "ann", "Lost Well"),
                TakeInitiative(3, "ann", "bob", ENTRANCE))
    assert (game.table.initiative, game.table.room("ann"), game.table.room("bob")) == (
        "bob", "Lost Well", ENTRANCE)
    refused(game, Venture(4, "ann", "ann", "Stash"), "no_initiative")
    game = apply(game, Undo(4, "ann", 3))
    assert (game.table.initiative, game.table.room("bob")) == ("ann", None)
    refused(game, Undo(5, "ann", 1), "undo_later_first")
    game = apply(apply(game, Undo(5, "ann", 2)), Undo(6, "ann", 1))
    assert (game.table.initiative, game.table.room("ann")) == (None, None)


def test_retaking_the_initiative_ventures_again() -> None:
    game = play(TakeInitiative(1, "ann", "ann", ENTRANCE),
                TakeInitiative(2, "ann", "ann", "Forge"))
    assert (game.table.initiative, game.table.room("ann")) == ("ann", "Forge")


@pytest.mark.parametrize("entry", [
    BecomeMonarch(2, "ann", "zed"), TakeInitiative(2, "ann", "zed", ENTRANCE),
    FirstPlayer(2, "ann", "zed"), EndTurn(2, "zed"),
])
def test_a_player_not_at_the_table_is_refused(entry: Entry) -> None:
    refused(play(Concede(1, "dee", "dee")), entry, "unknown_player")


@pytest.mark.parametrize("entry", [
    BecomeMonarch(2, "ann", "dee"), TakeInitiative(2, "ann", "dee", ENTRANCE),
    FirstPlayer(2, "ann", "dee"),
])
def test_a_player_out_is_refused(entry: Entry) -> None:
    refused(play(Concede(1, "dee", "dee")), entry, "already_out")


@pytest.mark.parametrize("entry", [
    BecomeMonarch(4, "ann", "ann"), TakeInitiative(4, "ann", "ann", ENTRANCE),
    EndTurn(4, "host"),
])
def test_a_game_with_a_result_refuses_table_moves(entry: Entry) -> None:
    game = play(Concede(1, "bob", "bob"), Concede(2, "cid", "cid"), Concede(3, "dee", "dee"))
    refused(game, entry, "game_ended")


def counter(seq: int, author: str, target: str, kind: Kind, delta: int) -> Adjustment:
    return Adjustment(seq, author, kind, target, delta)


def test_ten_poison_puts_a_player_out_in_the_order_of_elimination() -> None:
    game = play(counter(1, "ann", "cid", Kind.POISON, 10),
                Concede(2, "bob", "bob"),
                counter(3, "ann", "dee", Kind.POISON, 9))
    assert game.out("cid") and not game.out("dee")
    game = apply(game, counter(4, "ann", "dee", Kind.POISON, 1))
    assert game.end.result is not None
    assert {p.player: p.place for p in game.end.result.placings} == {
        "ann": 1, "dee": 2, "bob": 3, "cid": 4}


def test_poison_undone_brings_the_player_back() -> None:
    game = play(counter(1, "ann", "cid", Kind.POISON, 10), Undo(2, "ann", 1))
    assert not game.out("cid") and game.counter("cid", Kind.POISON) == 0


def test_experience_and_energy_count_per_player_and_never_go_below_zero() -> None:
    game = play(counter(1, "ann", "ann", Kind.EXPERIENCE, 2),
                counter(2, "bob", "bob", Kind.ENERGY, 5))
    assert (game.counter("ann", Kind.EXPERIENCE), game.counter("bob", Kind.ENERGY)) == (2, 5)
    with pytest.raises(BadAdjustmentError):
        apply(game, counter(3, "ann", "ann", Kind.ENERGY, -1))


def test_a_replay_of_the_log_is_the_same_table() -> None:
    game = play(FirstPlayer(1, "host", "bob"), BecomeMonarch(2, "bob", "bob"),
                TakeInitiative(3, "cid", "cid", ENTRANCE), EndTurn(4, "bob"),
                Venture(5, "cid", "cid", "Forge"), Undo(6, "cid", 5),
                counter(7, "dee", "dee", Kind.POISON, 3), seed=7)
    again = replay_game(TABLE, game.log, seed=7)
    assert (again.table, again.counters) == (game.table, game.counters)
