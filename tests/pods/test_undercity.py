"""Undercity's map: a venture goes only where the card's map leads, and the last room
completes the dungeon so the next venture starts at the entrance again."""

from __future__ import annotations

import pytest

from pods.table_state import TableMoveError, TableState, TakeInitiative, Venture, apply_table
from pods.undercity import ENTRANCE, LAST_ROOM, MAP, ROOMS, next_rooms, room_effects

PLAYERS = ("ann", "bob")

PATHS = [
    (ENTRANCE, "Forge", "Trap!", "Archives", LAST_ROOM),
    (ENTRANCE, "Forge", "Arena", "Archives", LAST_ROOM),
    (ENTRANCE, "Forge", "Arena", "Catacombs", LAST_ROOM),
    (ENTRANCE, "Lost Well", "Arena", "Archives", LAST_ROOM),
    (ENTRANCE, "Lost Well", "Arena", "Catacombs", LAST_ROOM),
    (ENTRANCE, "Lost Well", "Stash", "Catacombs", LAST_ROOM),
]
"""Every way through the card's map, from the entrance to the Throne."""


def all_paths(room: str) -> list[tuple[str, ...]]:
    if not MAP[room]:
        return [(room,)]
    return [(room, *rest) for exit_ in MAP[room] for rest in all_paths(exit_)]


def holding(initiative: str = "ann") -> TableState:
    return TableState(drawn="ann", holders=((0, initiative),))


def venture(state: TableState, room: str, seq: int, player: str = "ann") -> TableState:
    return apply_table(state, Venture(seq, player, player, room), PLAYERS, PLAYERS, False)


def test_the_map_is_the_cards_six_paths() -> None:
    assert sorted(all_paths(ENTRANCE)) == sorted(PATHS)
    assert set(ROOMS) == {room for path in PATHS for room in path}


@pytest.mark.parametrize("path", PATHS, ids=" / ".join)
def test_every_path_is_walked_and_completes_the_dungeon_once(path: tuple[str, ...]) -> None:
    state = holding()
    for seq, room in enumerate(path, start=1):
        assert room in next_rooms(state.room("ann"))
        state = venture(state, room, seq)
        assert state.room("ann") == room
    assert state.completed("ann") == 1
    state = venture(state, ENTRANCE, len(path) + 1)
    assert (state.room("ann"), state.completed("ann")) == (ENTRANCE, 1)


@pytest.mark.parametrize("room", ROOMS)
def test_a_venture_refuses_every_room_its_room_does_not_lead_to(room: str) -> None:
    state = holding()
    for seq, step in enumerate(next(p for p in PATHS if room in p), start=1):
        state = venture(state, step, seq)
        if step == room:
            break
    for refused in set(ROOMS) - set(next_rooms(room)):
        with pytest.raises(TableMoveError) as error:
            venture(state, refused, 99)
        assert error.value.code == "not_an_exit"


def test_the_first_venture_enters_at_the_entrance_only() -> None:
    assert next_rooms(None) == (ENTRANCE,)
    with pytest.raises(TableMoveError):
        apply_table(TableState(drawn="ann"), TakeInitiative(1, "ann", "ann", "Forge"),
                    PLAYERS, PLAYERS, False)


def test_an_unknown_room_is_refused() -> None:
    with pytest.raises(TableMoveError) as error:
        venture(holding(), "Dungeon of the Mad Mage", 1)
    assert error.value.code == "not_an_exit"


def test_only_the_holder_ventures_and_only_for_themselves() -> None:
    with pytest.raises(TableMoveError) as error:
        venture(holding("bob"), ENTRANCE, 1)
    assert error.value.code == "no_initiative"
    with pytest.raises(TableMoveError) as error:
        apply_table(holding(), Venture(1, "bob", "ann", ENTRANCE), PLAYERS, PLAYERS, False)
    assert error.value.code == "not_yours"


def test_room_effects_are_read_from_the_downloaded_text_line_by_line() -> None:
    text = ("(To venture into Undercity, move your venture marker.)\n"
            "Secret Entrance — Do the first thing. (→ Forge or Lost Well)\n"
            "Forge — Do the second thing.\n"
            "Nowhere — Not a room.")
    assert room_effects(text) == {ENTRANCE: "Do the first thing.",
                                  "Forge": "Do the second thing."}
    assert room_effects("") == {}
