"""A game's result counts (for a season) only once someone other than its reporter
confirms it: another player at the table, or the host. A player's dispute leaves it to
the host; the host's word (a correction, a recorded winner, a confirmation) counts."""

from __future__ import annotations

from pods.game_end import Confirm, Correct, Dispute, SetWinner
from pods.tracker import Adjustment, Game, Kind, Undo, apply
from tests.pods.test_game_end import kill, play, refused


def knocked_out_by_ann() -> Game:
    """Ann's phone puts every opponent out (the −999 of the bug report)."""
    return play(kill(1, "bob"), kill(2, "cid"), kill(3, "dee"))


def test_the_entry_that_made_the_result_names_its_reporter_and_it_does_not_count_yet() -> None:
    game = knocked_out_by_ann()
    assert game.end.result is not None
    assert game.end.reported_by == "ann"
    assert not game.end.counts


def test_the_reporter_cannot_confirm_their_own_result() -> None:
    game = knocked_out_by_ann()
    refused(game, Confirm(4, "ann", game.end.result_seq), "own_result")


def test_another_player_confirming_makes_it_count() -> None:
    game = knocked_out_by_ann()
    confirmed = apply(game, Confirm(4, "bob", game.end.result_seq))
    assert confirmed.end.confirmed == {"bob"} and confirmed.end.counts


def test_the_host_confirming_makes_it_count() -> None:
    game = knocked_out_by_ann()
    assert apply(game, Confirm(4, "host", game.end.result_seq)).end.counts


def test_a_host_correction_or_winner_counts_as_confirmed() -> None:
    game = knocked_out_by_ann()
    corrected = apply(game, Correct(4, "host", (("ann", 1), ("bob", 2), ("cid", 3),
                                                ("dee", 4))))
    assert corrected.end.by_host and corrected.end.counts
    assert apply(game, SetWinner(4, "host", "cid")).end.counts


def test_a_result_the_host_tapped_in_counts() -> None:
    game = play(kill(1, "bob", "host"), kill(2, "cid", "host"), kill(3, "dee", "host"))
    assert game.end.reported_by == "host" and game.end.counts


def test_a_dispute_leaves_the_result_pending_until_the_host_decides() -> None:
    game = knocked_out_by_ann()
    seq = game.end.result_seq
    disputed = play(Dispute(4, "bob", seq), Confirm(5, "cid", seq), game=game)
    assert disputed.end.disputed == {"bob"} and not disputed.end.counts
    assert apply(disputed, Confirm(6, "host", seq)).end.counts


def test_disputes_are_refused_for_the_reporter_the_host_and_a_stale_result() -> None:
    game = knocked_out_by_ann()
    seq = game.end.result_seq
    refused(game, Dispute(4, "ann", seq), "own_result")
    refused(game, Dispute(4, "host", seq), "players_only")
    refused(game, Dispute(4, "bob", seq - 1), "result_changed")
    refused(play(kill(1, "bob")), Dispute(2, "cid", 0), "no_result")
    refused(apply(game, Dispute(4, "bob", seq)), Dispute(5, "bob", seq), "already_disputed")


def test_a_player_who_disputed_may_confirm_after_all() -> None:
    game = knocked_out_by_ann()
    seq = game.end.result_seq
    changed = play(Dispute(4, "bob", seq), Confirm(5, "bob", seq), game=game)
    assert changed.end.disputed == frozenset() and changed.end.counts


def test_a_changed_result_drops_confirmations_and_disputes_and_names_a_new_reporter() -> None:
    game = play(Confirm(4, "bob", 3), Dispute(5, "cid", 3), game=knocked_out_by_ann())
    revived = play(Undo(6, "ann", 3), Adjustment(7, "cid", Kind.LIFE, "dee", -40), game=game)
    assert revived.end.result_seq == 7 and revived.end.reported_by == "cid"
    assert revived.end.confirmed == frozenset() and revived.end.disputed == frozenset()
    assert not revived.end.counts
