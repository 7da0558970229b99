"""Cube drafts: a plain card list, dealt 20 random cards a pack without replacement."""

from __future__ import annotations

from collections import Counter

import pytest

from draft.catalog import build_catalog
from draft.cube import Cube, CubeListError, CubeTooSmallError, parse_cube
from draft.packs import open_packs
from draft.simulate import simulate
from draft.state import DraftConfig

CATALOG = build_catalog()
COMMONS = sorted({c.name for c in CATALOG.cards if c.rarity == "common" and c.set == "CMR"})


def cube_text(names: list[str], copies: int = 1) -> str:
    return "\n".join(f"{copies} {name}" for name in names)


def test_a_list_resolves_names_from_every_bundled_set_and_counts_copies() -> None:
    cube = parse_cube("2 Sol Ring\n1x Faceless One\nBlessed Hippogriff\n\n# comment\n", CATALOG)
    assert Counter(c.name for c in cube.cards) == {
        "Sol Ring": 2, "Faceless One": 1, "Blessed Hippogriff // Tyr's Blessing": 1,
    }


def test_an_unknown_name_is_refused_with_its_line_and_a_suggestion() -> None:
    expected = r"line 2: unknown card 'Sol Rin' \(did you mean 'Sol Ring'"
    with pytest.raises(CubeListError, match=expected):
        parse_cube("1 Sol Ring\n1 Sol Rin\n", CATALOG)


def test_an_empty_list_is_refused() -> None:
    with pytest.raises(CubeListError, match="no cards"):
        parse_cube("\n# nothing\n", CATALOG)


def test_a_cube_too_small_for_the_table_is_refused_with_the_numbers() -> None:
    cube = parse_cube(cube_text(COMMONS[:100]), CATALOG)
    with pytest.raises(CubeTooSmallError, match="100 cards; 8 seats × 3 packs × 20 cards need 480"):
        cube.check_size(seats=8, rounds=3)
    with pytest.raises(CubeTooSmallError):
        simulate(DraftConfig(set_code="CUBE", seats=8), seed=1, booster=cube)


def test_packs_are_20_cards_dealt_without_replacement() -> None:
    cube = parse_cube(cube_text(COMMONS[:130], copies=4), CATALOG)
    packs = open_packs(cube, seed=3, count=24)
    assert {len(pack) for pack in packs} == {20}
    dealt = Counter(item.card.name for pack in packs for item in pack)
    assert max(dealt.values()) <= 4
    assert sum(dealt.values()) == 480


def test_the_deal_comes_from_the_seed_alone() -> None:
    cube = parse_cube(cube_text(COMMONS[:130], copies=4), CATALOG)
    assert open_packs(cube, seed=9, count=24) == open_packs(cube, seed=9, count=24)
    assert open_packs(cube, seed=9, count=24) != open_packs(cube, seed=10, count=24)


def test_a_whole_cube_draft_gives_everyone_60_cards() -> None:
    cube = Cube("Test", tuple(CATALOG.cards[:480]))
    state, picks = simulate(DraftConfig(set_code="CUBE", seats=8), seed=4, booster=cube)
    assert state.finished and len(picks) == 240
    assert {len(seat.pool) for seat in state.seats} == {60}


def test_a_cube_adds_the_piper_unless_it_holds_its_own_choose_a_color_commander() -> None:
    assert parse_cube("1 Sol Ring", CATALOG).chosen_color_card == CATALOG.get("The Prismatic Piper")
    with_faceless = parse_cube("1 Sol Ring\n1 Faceless One", CATALOG)
    assert with_faceless.chosen_color_card == CATALOG.get("Faceless One")


def test_a_stored_cube_reads_back_the_same_cards() -> None:
    cube = parse_cube("2 Sol Ring\n1 Faceless One\n3 Blessed Hippogriff", CATALOG, name="Mine")
    assert Cube.from_json(cube.to_json()).cards == cube.cards
