"""Commander Legends draft boosters, as the collation data describes them."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from draft.cards import WUBRG, load_set
from draft.packs import PackCard, Sheet, booster_for_set, open_packs

SAMPLE = 6000


@pytest.fixture(scope="module")
def packs() -> list[list[PackCard]]:
    return open_packs(booster_for_set("CMR"), seed=2020, count=SAMPLE)


def within(observed: int, expected_rate: float, n: int = SAMPLE, sigmas: float = 5.0) -> bool:
    """Is `observed` out of `n` within `sigmas` standard deviations of the rate?

    Five sigmas: a correct generator fails about once in 1.7 million runs.
    """
    sd = math.sqrt(expected_rate * (1 - expected_rate) / n)
    return abs(observed / n - expected_rate) <= sigmas * sd


def weights_by_rarity(sheet: Sheet) -> dict[str, set[int]]:
    """The distinct per-card weights of a sheet, by rarity (shared by every set's tests)."""
    found: dict[str, set[int]] = {}
    for card, weight in zip(sheet.cards, sheet.weights, strict=True):
        found.setdefault(card.rarity, set()).add(weight)
    return found


def slots(pack: list[PackCard]) -> Counter[str]:
    return Counter(card.slot for card in pack)


def test_every_pack_holds_20_cards(packs: list[list[PackCard]]) -> None:
    assert {len(pack) for pack in packs} == {20}


def test_a_pack_is_13_commons_3_uncommons_a_rare_2_legends_and_a_foil(
    packs: list[list[PackCard]],
) -> None:
    for pack in packs:
        s = slots(pack)
        assert s["common"] + s["special"] == 13
        assert s["nonlegendary_uncommon"] == 3
        assert s["nonlegendary_rare_mythic"] == 1
        assert s["legendary"] == 2
        assert s["dedicated_foil"] + s["etched_foil"] == 1


def test_no_card_repeats_within_one_sheet_of_a_pack(packs: list[list[PackCard]]) -> None:
    for pack in packs:
        keys = Counter((card.slot, card.card.key) for card in pack)
        assert max(keys.values()) == 1


def test_commons_cover_all_five_colors(packs: list[list[PackCard]]) -> None:
    for pack in packs:
        colors = {c for card in pack if card.slot == "common" for c in card.card.colors}
        assert set(WUBRG) <= colors


def test_slots_hold_the_right_kinds_of_card(packs: list[list[PackCard]]) -> None:
    for pack in packs:
        for item in pack:
            card = item.card
            if item.slot == "legendary":
                assert card.is_legendary
            if item.slot in ("nonlegendary_uncommon", "nonlegendary_rare_mythic"):
                assert not card.is_legendary
            if item.slot == "common":
                assert card.rarity == "common" and not item.foil
            if item.slot == "special":
                assert card.name == "The Prismatic Piper"
            assert item.foil == (item.slot in ("dedicated_foil", "etched_foil"))


def test_the_piper_replaces_a_common_in_one_pack_in_six(packs: list[list[PackCard]]) -> None:
    with_piper = sum(1 for pack in packs if slots(pack)["special"] == 1)
    assert within(with_piper, 15 / 90)


def test_one_pack_in_fifteen_has_an_etched_foil(packs: list[list[PackCard]]) -> None:
    etched = sum(1 for pack in packs if slots(pack)["etched_foil"] == 1)
    assert within(etched, 6 / 90)


def test_the_rare_slot_is_mythic_about_one_time_in_seven(packs: list[list[PackCard]]) -> None:
    mythics = sum(
        1 for pack in packs for c in pack
        if c.slot == "nonlegendary_rare_mythic" and c.card.rarity == "mythic"
    )
    assert within(mythics, 17 / 121)


def test_legends_are_uncommon_rare_mythic_at_four_two_one(packs: list[list[PackCard]]) -> None:
    rarities = Counter(c.card.rarity for pack in packs for c in pack if c.slot == "legendary")
    draws = 2 * SAMPLE
    # Two legends per pack are drawn without repeat, so rates are close to the weights.
    assert within(rarities["uncommon"], 160 / 215, n=draws, sigmas=6)
    assert within(rarities["mythic"], 5 / 215, n=draws, sigmas=6)


def test_the_dedicated_foil_is_common_13_times_in_17(packs: list[list[PackCard]]) -> None:
    foils = [c.card.rarity for pack in packs for c in pack if c.slot == "dedicated_foil"]
    commons = sum(1 for rarity in foils if rarity in ("common", "special"))
    assert within(commons, 13 / 17, n=len(foils))


def test_packs_come_from_the_seed_alone() -> None:
    booster = booster_for_set("CMR")
    one = open_packs(booster, seed=5, count=24)
    assert one == open_packs(booster, seed=5, count=24)
    assert one[:3] == open_packs(booster, seed=5, count=3)


def test_a_pack_is_different_for_a_different_random_stream() -> None:
    booster = booster_for_set("CMR")
    assert booster.open(random.Random(1)) != booster.open(random.Random(2))


def test_every_sheet_card_is_a_known_printing() -> None:
    cmr = load_set("CMR")
    for sheet in booster_for_set("CMR").sheets.values():
        for card in sheet.cards:
            assert cmr.by_number(card.number) is card
