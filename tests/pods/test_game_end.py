"""How a game at the table ends: placings by the order players went out, draws, the host's
word, confirmations and achievement awards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pods.game_end import (
    CallTime,
    Claim,
    Concede,
    Confirm,
    ConfirmClaim,
    Correct,
    DrawVote,
    Ending,
    SetWinner,
    settle,
    table_result,
)
from pods.results import Award
from pods.tracker import (
    Adjustment,
    Entry,
    Game,
    Kind,
    Player,
    TrackerError,
    Undo,
    UndoError,
    apply,
    new_game,
    replay_game,
)

TABLE = tuple(Player(pid, pid.title(), (f"{pid} commander",))
              for pid in ("ann", "bob", "cid", "dee"))
IDS = tuple(p.id for p in TABLE)


def play(*entries: Entry, game: Game | None = None) -> Game:
    game = game or new_game(TABLE)
    for entry in entries:
        game = apply(game, entry)
    return game


def kill(seq: int, target: str, author: str = "ann") -> Adjustment:
    return Adjustment(seq, author, Kind.LIFE, target, -40)


def places(game: Game) -> dict[str, int]:
    result = game.end.full_result()
    assert result is not None
    return {p.player: p.place for p in result.placings}


def refused(game: Game, entry: Entry, code: str) -> None:
    with pytest.raises(TrackerError) as caught:
        apply(game, entry)
    assert caught.value.code == code


def test_a_game_in_progress_has_no_result() -> None:
    assert play(kill(1, "bob")).end.full_result() is None


def test_players_place_in_reverse_order_of_going_out_and_the_last_one_wins() -> None:
    game = play(kill(1, "bob"), kill(2, "dee"), kill(3, "cid"))
    assert places(game) == {"ann": 1, "cid": 2, "dee": 3, "bob": 4}
    result = game.end.full_result()
    assert result is not None and result.outcome("ann") == "win" and not result.draw


def test_players_out_with_the_same_entry_share_a_place() -> None:
    # A tap changes one player, so one entry puts two players out only in a settled
    # ending (a restart of an old log, a future multi-target entry): the rule holds there.
    ending = settle(IDS, Ending(), ["bob"], 1)
    ending = settle(IDS, ending, ["bob", "cid", "dee"], 2)
    assert {p.player: p.place for p in ending.result.placings} == {  # type: ignore[union-attr]
        "ann": 1, "cid": 2, "dee": 2, "bob": 4}


def test_when_everyone_goes_out_together_the_last_ones_share_first_in_a_draw() -> None:
    ending = settle(IDS, settle(IDS, Ending(), ["bob", "cid"], 1), IDS, 2)
    result = table_result(IDS, ending)
    assert result is not None and result.draw
    assert {p.player: p.place for p in result.placings} == {
        "ann": 1, "dee": 1, "bob": 3, "cid": 3}


def test_a_concession_puts_the_player_out_at_that_entry() -> None:
    game = play(Concede(1, "cid", "cid"), kill(2, "bob"), kill(3, "dee"))
    assert places(game) == {"ann": 1, "dee": 2, "bob": 3, "cid": 4}
    assert game.out("cid") and game.life["cid"] == 40


def test_conceding_twice_or_for_someone_else_is_refused() -> None:
    game = play(Concede(1, "cid", "cid"))
    refused(game, Concede(2, "cid", "cid"), "already_conceded")
    refused(game, Concede(2, "ann", "bob"), "not_yours")
    refused(play(kill(1, "bob")), Concede(2, "bob", "bob"), "already_out")
    refused(game, Concede(2, "zed", "zed"), "unknown_player")


def test_nobody_concedes_once_the_game_has_a_result() -> None:
    won = play(kill(1, "bob"), kill(2, "cid"), kill(3, "dee"))
    refused(won, Concede(4, "ann", "ann"), "game_ended")
    refused(play(SetWinner(1, "host", "bob")), Concede(2, "ann", "ann"), "game_ended")


def test_the_host_concedes_for_a_player_who_left() -> None:
    game = play(Concede(1, "host", "dee"))
    assert game.out("dee")


def test_undoing_a_concession_brings_the_player_back_and_reopens_the_game() -> None:
    game = play(kill(1, "bob"), kill(2, "cid"), Concede(3, "dee", "dee"))
    assert places(game)["ann"] == 1
    back = apply(game, Undo(4, "dee", 3))
    assert not back.out("dee") and back.end.result is None
    refused(game, Undo(4, "ann", 3), "undo_refused")


def test_a_draw_needs_every_player_still_in() -> None:
    game = play(kill(1, "bob"), DrawVote(2, "ann"), DrawVote(3, "cid"))
    assert game.end.result is None
    game = apply(game, DrawVote(4, "dee"))
    assert places(game) == {"ann": 1, "cid": 1, "dee": 1, "bob": 4}
    result = game.end.full_result()
    assert result is not None and result.draw and result.outcome("cid") == "draw"


def test_a_player_going_out_drops_their_draw_vote_and_the_rest_may_still_agree() -> None:
    game = play(DrawVote(1, "ann"), DrawVote(2, "bob"), DrawVote(3, "cid"), kill(4, "dee"))
    assert places(game) == {"ann": 1, "bob": 1, "cid": 1, "dee": 4}


def test_draw_votes_are_refused_twice_from_players_out_and_after_the_end() -> None:
    game = play(kill(1, "bob"), DrawVote(2, "ann"))
    refused(game, DrawVote(3, "ann"), "already_agreed")
    refused(game, DrawVote(3, "bob"), "already_out")
    refused(game, DrawVote(3, "host"), "players_only")
    ended = play(kill(3, "cid"), kill(4, "dee"), game=game)
    refused(ended, DrawVote(5, "ann"), "game_ended")


def test_a_draw_vote_can_be_taken_back() -> None:
    game = play(DrawVote(1, "ann"), Undo(2, "ann", 1), DrawVote(3, "bob"), DrawVote(4, "cid"),
                DrawVote(5, "dee"))
    assert game.end.result is None


def test_time_called_by_the_host_is_a_draw_of_the_players_still_in() -> None:
    game = play(kill(1, "dee"), CallTime(2, "host"))
    assert places(game) == {"ann": 1, "bob": 1, "cid": 1, "dee": 4}
    refused(play(), CallTime(1, "ann"), "host_only")
    refused(game, CallTime(3, "host"), "game_ended")


def test_the_recorded_winner_places_first_then_the_rest_by_the_order_they_went_out() -> None:
    game = play(kill(1, "bob"), kill(2, "dee"), SetWinner(3, "host", "cid"))
    assert places(game) == {"cid": 1, "ann": 2, "dee": 3, "bob": 4}
    cleared = apply(game, SetWinner(4, "host", None))
    assert cleared.end.result is None
    refused(game, SetWinner(4, "host", "zed"), "unknown_player")
    refused(game, SetWinner(4, "ann", "ann"), "host_only")


def test_the_host_corrects_the_placings_and_ranks_ties_as_shared_places() -> None:
    hosts = (("ann", 2), ("bob", 1), ("cid", 2), ("dee", 3))
    game = play(kill(1, "bob"), Correct(2, "host", hosts))
    assert places(game) == {"bob": 1, "ann": 2, "cid": 2, "dee": 4}
    draw = apply(game, Correct(3, "host", (("ann", 1), ("bob", 1), ("cid", 3), ("dee", 3)), True))
    assert places(draw) == {"ann": 1, "bob": 1, "cid": 3, "dee": 3}
    assert apply(draw, Correct(4, "host", ())).end.result is None


@pytest.mark.parametrize("placings, draw", [
    ((("ann", 1), ("bob", 2), ("cid", 3)), False),  # dee missing
    ((("ann", 1), ("bob", 2), ("cid", 3), ("dee", 5)), False),  # beyond 4 players
    ((("ann", 1), ("bob", 1), ("cid", 3), ("dee", 4)), False),  # a shared first is a draw
    ((("ann", 1), ("bob", 2), ("cid", 3), ("dee", 4)), True),  # a draw of one
    ((("ann", 1), ("bob", 2), ("cid", 3), ("zed", 4)), False),
])
def test_the_hosts_placings_must_fit_the_game(placings: tuple[tuple[str, int], ...],
                                               draw: bool) -> None:
    refused(play(), Correct(1, "host", placings, draw), "bad_placings")


def test_confirmations_belong_to_one_result_and_drop_when_it_changes() -> None:
    game = play(kill(1, "bob"), kill(2, "cid"), kill(3, "dee"))
    seq = game.end.result_seq
    assert seq == 3
    game = play(Confirm(4, "cid", seq), Confirm(5, "bob", seq), game=game)
    assert game.end.confirmed == {"cid", "bob"}
    refused(game, Confirm(6, "bob", seq), "already_confirmed")
    refused(game, Confirm(6, "dee", 1), "result_changed")
    revived = apply(game, Undo(6, "ann", 3))  # dee back in: no result, no confirmations
    assert revived.end.result is None and revived.end.confirmed == frozenset()
    refused(revived, Confirm(7, "bob", seq), "no_result")


def test_a_tap_that_does_not_change_the_result_keeps_the_confirmations() -> None:
    game = play(kill(1, "bob"), kill(2, "cid"), kill(3, "dee"), Confirm(4, "bob", 3),
                Adjustment(5, "ann", Kind.LIFE, "ann", 2))
    assert game.end.confirmed == {"bob"}


def test_a_confirmed_claim_becomes_an_award() -> None:
    game = play(Claim(1, "ann", "First blood", 2), Claim(2, "bob", "Piper win", 5),
                ConfirmClaim(3, "cid", 1), kill(4, "bob"), kill(5, "cid"), kill(6, "dee"))
    result = game.end.full_result()
    assert result is not None and result.awards == (Award("ann", "First blood", 2),)
    game = apply(game, ConfirmClaim(7, "host", 2))
    result = game.end.full_result()
    assert result is not None and Award("bob", "Piper win", 5) in result.awards


def test_claims_are_confirmed_by_someone_else_once() -> None:
    game = play(Claim(1, "ann", "First blood", 2))
    refused(game, ConfirmClaim(2, "ann", 1), "own_claim")
    refused(game, ConfirmClaim(2, "bob", 9), "unknown_claim")
    refused(game, Claim(2, "ann", "First blood", 2), "already_claimed")
    refused(game, Claim(2, "host", "First blood", 2), "players_only")
    confirmed = apply(game, ConfirmClaim(2, "bob", 1))
    refused(confirmed, ConfirmClaim(3, "cid", 1), "already_confirmed")
    withdrawn = apply(confirmed, Undo(3, "ann", 1))
    assert withdrawn.end.awards == ()


def test_corrections_and_confirmations_are_not_undone() -> None:
    game = play(SetWinner(1, "host", "ann"))
    refused(game, Undo(2, "host", 1), "undo_refused")
    with pytest.raises(UndoError):
        apply(game, Undo(2, "host", 1))


steps = st.lists(st.tuples(st.sampled_from(IDS), st.sampled_from(["kill", "concede", "undo"])),
                 max_size=14)


def _random_game(moves: list[tuple[str, str]]) -> Game:
    game = new_game(TABLE)
    seq = 1
    for player, move in moves:
        entry: Entry
        if move == "kill":
            entry = kill(seq, player, author=player)
        elif move == "concede":
            entry = Concede(seq, player, player)
        else:
            mine = [e.seq for e in game.log if e.author == player and e.seq not in game.undone
                    and isinstance(e, (Adjustment, Concede))]
            if not mine:
                continue
            entry = Undo(seq, player, mine[-1])
        try:
            game = apply(game, entry)
        except TrackerError:
            continue
        seq += 1
    return game


@settings(max_examples=150, deadline=None)
@given(steps)
def test_placings_follow_the_out_order_and_replay_gives_the_same_result(
        moves: list[tuple[str, str]]) -> None:
    game = _random_game(moves)
    replayed = replay_game(TABLE, game.log)
    assert replayed.end == game.end
    result = game.end.full_result()
    standing = [p for p in IDS if not game.out(p)]
    if len(standing) > 1:
        assert result is None
        return
    assert result is not None
    # Competition ranking: each place is one more than the number of players placed better.
    for placing in result.placings:
        better = sum(1 for other in result.placings if other.place < placing.place)
        assert placing.place == better + 1
    # Who went out later never places worse than who went out earlier.
    out_at = game.end.out_at
    for a in IDS:
        for b in IDS:
            if a in out_at and b in out_at and out_at[a] > out_at[b]:
                assert result.place_of(a) < result.place_of(b)
            if a not in out_at and b in out_at:
                assert result.place_of(a) < result.place_of(b)


@settings(max_examples=100, deadline=None)
@given(steps, st.sampled_from(IDS))
def test_a_concession_taken_back_leaves_the_result_as_it_was(
        moves: list[tuple[str, str]], player: str) -> None:
    game = _random_game(moves)
    seq = (game.log[-1].seq + 1) if game.log else 1
    try:
        conceded = apply(game, Concede(seq, player, player))
    except TrackerError:
        return
    back = apply(conceded, Undo(seq + 1, player, seq))
    assert back.end.result == game.end.result
    assert back.end.out_at == game.end.out_at
    assert back.end.conceded == game.end.conceded
