"""Baldur's Gate draft boosters, as the collation data describes them.

The bundled sheets fold each unnamed showcase printing back into its base card (see
`scripts/build_card_data.py`), so these tests check that every card keeps the total rate
`mse_clb-draft.yaml` gives it, and that packs come out at the data's rates.
"""

from __future__ import annotations

from collections import Counter

import pytest

from draft.cards import WUBRG, load_set
from draft.packs import PackCard, Sheet, booster_for_set, open_packs
from tests.draft.test_packs import slots, weights_by_rarity, within

SAMPLE = 6000
COMMON = "nonlegendary_common_with_showcase"
UNCOMMON = "nonlegendary_uncommon_with_showcase"
RARE = "nonlegendary_rare_mythic_with_showcase"
LEGEND = "legendary_with_showcase"


@pytest.fixture(scope="module")
def packs() -> list[list[PackCard]]:
    return open_packs(booster_for_set("CLB"), seed=2022, count=SAMPLE)


def sheet(name: str) -> Sheet:
    return booster_for_set("CLB").sheets[name]


def rates_by_rarity(name: str) -> dict[str, set[int]]:
    return weights_by_rarity(sheet(name))



def test_every_sheet_card_is_a_known_printing_of_the_main_set() -> None:
    clb = load_set("CLB")
    for s in booster_for_set("CLB").sheets.values():
        for card in s.cards:
            assert clb.by_number(card.number) is card
            assert int(card.number) <= 361


def test_a_card_appears_once_per_sheet_with_its_showcase_weight_folded_in() -> None:
    for s in booster_for_set("CLB").sheets.values():
        keys = Counter((card.number, foil) for card, foil in zip(s.cards, s.foils, strict=True))
        assert max(keys.values()) == 1


def test_every_common_has_the_yaml_rate_3_whether_or_not_it_has_a_showcase() -> None:
    assert rates_by_rarity(COMMON) == {"common": {3}}
    assert len(sheet(COMMON).cards) == 126 + 10


def test_every_nonlegendary_uncommon_has_rate_3() -> None:
    assert rates_by_rarity(UNCOMMON) == {"uncommon": {3}}
    assert len(sheet(UNCOMMON).cards) == 71 + 4


def test_rares_weigh_twice_mythics_including_mythics_with_showcases() -> None:
    # YAML: rares 3 (x 47*2 chance), mythics 4 + showcase 2 (or 1 + 1) = 6 (x 17 chance).
    assert rates_by_rarity(RARE) == {"rare": {12}, "mythic": {6}}
    rarities = Counter(card.rarity for card in sheet(RARE).cards)
    assert rarities == {"rare": 47, "mythic": 17}


def test_legends_are_uncommon_rare_mythic_at_twelve_six_three() -> None:
    # YAML: base 8 + showcase 4, base 4 + showcase 2, base 2 + showcase 1.
    assert rates_by_rarity(LEGEND) == {"uncommon": {12}, "rare": {6}, "mythic": {3}}
    assert Counter(card.rarity for card in sheet(LEGEND).cards) == {
        "uncommon": 30, "rare": 25, "mythic": 5,
    }


def test_the_foil_is_any_card_at_one_rate_per_rarity() -> None:
    assert rates_by_rarity("dedicated_foil") == {
        "common": {68640}, "uncommon": {18612}, "rare": {8460}, "mythic": {4230},
    }
    assert all(sheet("dedicated_foil").foils)


def test_backgrounds_are_by_rarity_and_the_unnamed_mythic_ones_are_left_out() -> None:
    assert rates_by_rarity("background") == {"common": {8}, "uncommon": {4}, "rare": {2}}
    assert all(card.is_background for card in sheet("background").cards)


def test_every_pack_holds_20_cards(packs: list[list[PackCard]]) -> None:
    assert {len(pack) for pack in packs} == {20}


def test_a_pack_is_13_commons_3_uncommons_a_rare_a_legend_a_background_and_a_foil(
    packs: list[list[PackCard]],
) -> None:
    for pack in packs:
        s = slots(pack)
        assert s[COMMON] + s["special"] == 13
        assert (s[UNCOMMON], s[RARE], s[LEGEND], s["background"], s["dedicated_foil"]) == (
            3, 1, 1, 1, 1,
        )


def test_slots_hold_the_right_kinds_of_card(packs: list[list[PackCard]]) -> None:
    for pack in packs:
        for item in pack:
            card = item.card
            if item.slot == LEGEND:
                assert card.is_legendary and not card.is_background
            if item.slot in (COMMON, UNCOMMON):
                assert not card.is_legendary
            if item.slot == "background":
                assert card.is_background
            if item.slot == "special":
                assert card.name == "Faceless One"
            assert item.foil == (item.slot == "dedicated_foil")


def test_commons_cover_all_five_colors(packs: list[list[PackCard]]) -> None:
    for pack in packs:
        colors = {c for card in pack if card.slot == COMMON for c in card.card.colors}
        assert set(WUBRG) <= colors


def test_faceless_one_replaces_a_common_in_one_pack_in_six(packs: list[list[PackCard]]) -> None:
    with_faceless = sum(1 for pack in packs if slots(pack)["special"] == 1)
    assert within(with_faceless, 1 / 6, n=SAMPLE)


def test_the_rare_slot_is_mythic_17_times_in_111(packs: list[list[PackCard]]) -> None:
    mythics = sum(1 for pack in packs for c in pack if c.slot == RARE and c.card.rarity == "mythic")
    assert within(mythics, 17 / 111, n=SAMPLE)


def test_the_legend_is_uncommon_360_times_in_525(packs: list[list[PackCard]]) -> None:
    rarities = Counter(c.card.rarity for pack in packs for c in pack if c.slot == LEGEND)
    assert within(rarities["uncommon"], 360 / 525, n=SAMPLE)
    assert within(rarities["mythic"], 15 / 525, n=SAMPLE)


def test_a_legend_with_a_showcase_comes_as_often_as_its_peers(
    packs: list[list[PackCard]],
) -> None:
    # One legendary uncommon is 12/525 of legend slots, showcase or not.
    counts = Counter(c.card.name for pack in packs for c in pack if c.slot == LEGEND)
    uncommon = next(card for card in sheet(LEGEND).cards if card.rarity == "uncommon")
    assert within(counts[uncommon.name], 12 / 525, n=SAMPLE)


def test_the_foil_is_common_13_times_in_17(packs: list[list[PackCard]]) -> None:
    foils = [c.card.rarity for pack in packs for c in pack if c.slot == "dedicated_foil"]
    assert within(sum(1 for r in foils if r == "common"), 13 / 17, n=len(foils))


def test_the_background_is_common_40_times_in_110(packs: list[list[PackCard]]) -> None:
    backgrounds = [c.card.rarity for pack in packs for c in pack if c.slot == "background"]
    assert within(sum(1 for r in backgrounds if r == "common"), 40 / 110, n=SAMPLE)


def test_adventure_cards_are_one_card_with_two_named_halves() -> None:
    hippogriff = load_set("CLB").by_name("Blessed Hippogriff")
    assert hippogriff.number == "11"
    assert [face.name for face in hippogriff.faces] == ["Blessed Hippogriff", "Tyr's Blessing"]
    assert hippogriff.types == ("Creature",) and hippogriff.mana_value == 4
