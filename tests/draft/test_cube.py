"""Cube drafts: a plain card list, dealt 20 random cards a pack without replacement."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from draft.cards import Card
from draft.catalog import Catalog, build_catalog
from draft.cube import (
    MAX_COPIES,
    MAX_CUBE_CARDS,
    Cube,
    CubeListError,
    CubeTooLargeError,
    CubeTooSmallError,
    parse_cube,
)
from draft.packs import PackCard, open_packs
from draft.simulate import simulate
from draft.state import DraftConfig

CATALOG = build_catalog()
COMMONS = sorted({c.name for c in CATALOG.cards if c.rarity == "common" and c.set == "CMR"})


def cube_text(names: list[str], copies: int = 1) -> str:
    return "\n".join(f"{copies} {name}" for name in names)


def test_a_list_resolves_names_from_every_bundled_set_and_counts_copies() -> None:
    cube = parse_cube("2 Sol Ring\n1x Faceless One\nBlessed Hippogriff\n\n# comment\n", CATALOG)
    assert {card.name: count for card, count in cube.entries} == {
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
    cube = Cube.of("Test", CATALOG.cards[:480])
    state, picks = simulate(DraftConfig(set_code="CUBE", seats=8), seed=4, booster=cube)
    assert state.finished and len(picks) == 240
    assert {len(seat.pool) for seat in state.seats} == {60}


def test_a_cube_adds_the_piper_unless_it_holds_its_own_choose_a_color_commander() -> None:
    assert parse_cube("1 Sol Ring", CATALOG).chosen_color_card == CATALOG.get("The Prismatic Piper")
    with_faceless = parse_cube("1 Sol Ring\n1 Faceless One", CATALOG)
    assert with_faceless.chosen_color_card == CATALOG.get("Faceless One")


def test_a_stored_cube_reads_back_the_same_cards() -> None:
    cube = parse_cube("2 Sol Ring\n1 Faceless One\n3 Blessed Hippogriff", CATALOG, name="Mine")
    assert Cube.from_json(cube.to_json()).entries == cube.entries


def test_copies_stay_counts_and_repeated_lines_add_up() -> None:
    cube = parse_cube("40 Sol Ring\n1 Faceless One\n20 sol ring", CATALOG)
    assert [(card.name, count) for card, count in cube.entries] == [
        ("Sol Ring", 60), ("Faceless One", 1)]
    assert cube.size == 61


def test_a_line_asking_for_more_copies_than_the_cap_is_refused() -> None:
    with pytest.raises(CubeTooLargeError, match=f"at most {MAX_COPIES}") as refused:
        parse_cube(f"{MAX_COPIES + 1} Sol Ring", CATALOG)
    assert refused.value.code == "cube_too_large"
    with pytest.raises(CubeTooLargeError):
        parse_cube("9" * 5000 + " Sol Ring", CATALOG)


class CountingCatalog(Catalog):
    lookups = 0

    def find(self, name: str) -> Card | None:
        type(self).lookups += 1
        return super().find(name)


def test_a_list_past_the_total_cap_stops_at_the_cap_without_resolving_the_rest() -> None:
    CountingCatalog.lookups = 0
    catalog = CountingCatalog(CATALOG.cards)
    flood = "\n".join(["1 Murder"] * 4752)
    with pytest.raises(CubeTooLargeError, match=f"more than {MAX_CUBE_CARDS} cards"):
        parse_cube(flood, catalog)
    assert CountingCatalog.lookups <= MAX_CUBE_CARDS


def test_only_the_first_bad_lines_are_named() -> None:
    with pytest.raises(CubeListError, match=r"line 3: .*\(and 7 more\)$") as refused:
        parse_cube("\n".join(f"1 Nonsense {n}" for n in range(10)), CATALOG)
    assert str(refused.value).count("unknown card") == 3


def test_the_deal_is_the_shuffle_of_one_reference_per_copy() -> None:
    """Pods stored before copies became counts replay to the same packs."""
    cube = parse_cube(cube_text(COMMONS[:130], copies=4), CATALOG)
    copies = [card for card, count in cube.entries for _ in range(count)]
    rng = random.Random(11)
    order = list(range(len(copies)))
    rng.shuffle(order)
    expected = [[PackCard(copies[i], "cube", False) for i in order[n : n + 20]]
                for n in range(0, 480, 20)]
    assert cube.open_many(random.Random(11), 24) == expected
