"""The season's roster: which season player a night's name means."""

from __future__ import annotations

import pytest

from pods.results import Award, GameResult, Placing
from pods.season.roster import Roster, RosterError, check_merge


def test_a_name_no_alias_covers_is_known_by_its_first_spelling() -> None:
    roster = Roster({}, {})
    assert roster.name_of("Ann") == "Ann"
    assert roster.name_of("ANN") == "Ann"
    assert roster.name_of("Аnn") == "Ann"  # Cyrillic А
    assert roster.known("ann") == "Ann"
    assert roster.known("Bob") is None
    assert roster.names() == ["Ann"]


def test_an_alias_maps_every_look_alike_of_it_to_the_stored_player() -> None:
    roster = Roster({"p1": "Robert"}, {"robert": "p1", "bob": "p1"})
    assert [roster.name_of(n) for n in ("Bob", "BOB", "Robert", "Вов", "Rob")] == [
        "Robert", "Robert", "Robert", "Robert", "Rob"]  # Cyrillic "Вов" reads as "bob"
    result = GameResult((Placing("Bob", 1), Placing("Cid", 2)),
                        awards=(Award("Bob", "First blood", 1),))
    assert roster.result(result) == GameResult(
        (Placing("Robert", 1), Placing("Cid", 2)), awards=(Award("Robert", "First blood", 1),))


def test_two_players_who_met_cannot_be_merged_and_one_cannot_merge_with_itself() -> None:
    met = [GameResult((Placing("Ann", 1), Placing("Bob", 2)))]
    with pytest.raises(RosterError) as error:
        check_merge(met, "Bob", "Ann")
    assert error.value.code == "played_together"
    with pytest.raises(RosterError) as error:
        check_merge(met, "Ann", "Ann")
    assert error.value.code == "same_player"
    check_merge(met, "Bob", "Cid")  # never met: a merge is allowed
