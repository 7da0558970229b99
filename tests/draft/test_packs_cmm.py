"""Commander Masters draft boosters, as the collation data describes them.

The bundled sheets fold each booster-fun printing (#622-703) into its card (see
`scripts/build_card_data.py`), so every card keeps the total rate `mse_cmm-draft.yaml`
gives it, and packs come out at the data's rates: 10 commons, a common-or-Piper slot,
3 non-legendary uncommons, 2 legendary uncommons, a legendary rare/mythic, a non-legendary
rare/mythic, a wildcard (uncommon 2/3, rare/mythic 1/3) and a foil.
"""

from __future__ import annotations

from collections import Counter

import pytest

from draft.cards import WUBRG, load_set
from draft.packs import PackCard, Sheet, booster_for_set, open_packs
from tests.draft.test_packs import slots, weights_by_rarity, within

SAMPLE = 6000
COMMON = "common_with_showcase"
UNCOMMON = "nonlegendary_uncommon"
LEGENDARY_UNCOMMON = "legendary_uncommon"
RARE = "nonlegendary_rare_mythic"
LEGENDARY_RARE = "legendary_rare_mythic"
FOIL = "foil"


@pytest.fixture(scope="module")
def packs() -> list[list[PackCard]]:
    return open_packs(booster_for_set("CMM"), seed=2023, count=SAMPLE)


def sheet(name: str) -> Sheet:
    return booster_for_set("CMM").sheets[name]


def rates_by_rarity(name: str) -> dict[str, set[int]]:
    return weights_by_rarity(sheet(name))



def test_every_sheet_card_is_a_main_set_printing() -> None:
    cmm = load_set("CMM")
    for s in booster_for_set("CMM").sheets.values():
        for card in s.cards:
            assert cmm.by_number(card.number) is card
            assert 1 <= int(card.number) <= 436


def test_a_borderless_printing_is_folded_into_its_card_once_per_sheet() -> None:
    for s in booster_for_set("CMM").sheets.values():
        keys = Counter((card.number, foil) for card, foil in zip(s.cards, s.foils, strict=True))
        assert max(keys.values()) == 1


def test_every_card_of_a_rarity_has_one_rate_on_its_sheet() -> None:
    assert rates_by_rarity(COMMON) == {"common": {3}}
    assert rates_by_rarity(UNCOMMON) == {"uncommon": {3}}
    assert rates_by_rarity(LEGENDARY_UNCOMMON) == {"uncommon": {3}}
    assert rates_by_rarity(RARE) == {"rare": {6}, "mythic": {3}}
    assert rates_by_rarity(LEGENDARY_RARE) == {"rare": {6}, "mythic": {3}}


def test_sheet_sizes_match_the_yaml_counts() -> None:
    # YAML counts: 66+14 non-legendary uncommons, 51+4 legendary ones, 57+23 / 9+9 rares
    # and mythics off the legendary sheet, 44+11 / 8+9 on it.
    assert len(sheet(COMMON).cards) == 130
    assert len(sheet(UNCOMMON).cards) == 80
    assert len(sheet(LEGENDARY_UNCOMMON).cards) == 55
    assert Counter(c.rarity for c in sheet(RARE).cards) == {"rare": 80, "mythic": 18}
    assert Counter(c.rarity for c in sheet(LEGENDARY_RARE).cards) == {"rare": 55, "mythic": 17}


def test_the_foil_sheet_holds_every_card_but_the_piper_and_basics() -> None:
    foil = sheet(FOIL)
    assert all(foil.foils)
    assert len(foil.cards) == 130 + 135 + 135 + 35
    assert not any(card.chooses_color or card.is_basic_land for card in foil.cards)


def test_every_pack_holds_20_cards(packs: list[list[PackCard]]) -> None:
    assert {len(pack) for pack in packs} == {20}


def test_a_pack_is_11_commons_or_10_and_a_piper_then_uncommons_legends_rares_and_a_foil(
    packs: list[list[PackCard]],
) -> None:
    for pack in packs:
        s = slots(pack)
        assert s[COMMON] + s["special"] == 11 and s["special"] <= 1
        assert (s[LEGENDARY_UNCOMMON], s[LEGENDARY_RARE], s[FOIL]) == (2, 1, 1)
        # Three uncommons and a rare, plus the wildcard on one of the two sheets.
        assert (s[UNCOMMON], s[RARE]) in ((4, 1), (3, 2))


def test_every_pack_has_three_legendary_cards_outside_the_foil(
    packs: list[list[PackCard]],
) -> None:
    for pack in packs:
        legends = [c for c in pack if c.card.is_legendary and c.slot not in (FOIL, "special")]
        assert len(legends) == 3
        assert {c.slot for c in legends} == {LEGENDARY_UNCOMMON, LEGENDARY_RARE}


def test_slots_hold_the_right_kinds_of_card(packs: list[list[PackCard]]) -> None:
    for pack in packs:
        for item in pack:
            card = item.card
            if item.slot in (COMMON, UNCOMMON, RARE):
                assert not card.is_legendary
            if item.slot == COMMON:
                assert card.rarity == "common"
            if item.slot in (UNCOMMON, LEGENDARY_UNCOMMON):
                assert card.rarity == "uncommon"
            if item.slot in (RARE, LEGENDARY_RARE):
                assert card.rarity in ("rare", "mythic")
            if item.slot == "special":
                assert card.name == "The Prismatic Piper"
            assert item.foil == (item.slot == FOIL)


def test_no_card_twice_in_a_slot(packs: list[list[PackCard]]) -> None:
    for pack in packs:
        seen = Counter((c.slot, c.card.number) for c in pack)
        assert max(seen.values()) == 1


def test_commons_cover_all_five_colors(packs: list[list[PackCard]]) -> None:
    for pack in packs:
        colors = {c for card in pack if card.slot == COMMON for c in card.card.colors}
        assert set(WUBRG) <= colors


def test_the_piper_replaces_a_common_in_one_pack_in_six(packs: list[list[PackCard]]) -> None:
    with_piper = sum(1 for pack in packs if slots(pack)["special"] == 1)
    assert within(with_piper, 1 / 6, n=SAMPLE)


def test_the_wildcard_is_a_rare_or_mythic_one_pack_in_three(
    packs: list[list[PackCard]],
) -> None:
    two_rares = sum(1 for pack in packs if slots(pack)[RARE] == 2)
    assert within(two_rares, 1 / 3, n=SAMPLE)


def test_the_legendary_rare_slot_is_mythic_17_times_in_127(
    packs: list[list[PackCard]],
) -> None:
    mythics = sum(
        1 for pack in packs for c in pack if c.slot == LEGENDARY_RARE and c.card.rarity == "mythic"
    )
    assert within(mythics, 17 / 127, n=SAMPLE)


def test_the_rare_slot_is_mythic_9_times_in_89(packs: list[list[PackCard]]) -> None:
    rares = [c.card.rarity for pack in packs for c in pack if c.slot == RARE]
    assert within(sum(1 for r in rares if r == "mythic"), 9 / 89, n=len(rares))


def test_the_foil_is_common_3_times_in_5(packs: list[list[PackCard]]) -> None:
    foils = [c.card.rarity for pack in packs for c in pack if c.slot == FOIL]
    assert within(sum(1 for r in foils if r == "common"), 3 / 5, n=len(foils))
    assert within(sum(1 for r in foils if r == "mythic"), 1 / 20, n=len(foils))


def test_a_card_with_a_borderless_printing_comes_as_often_as_its_peers(
    packs: list[list[PackCard]],
) -> None:
    # Kozilek, the Great Distortion (#2) has a borderless legend printing (#668): its base
    # entry had weight 2 and the borderless one 1, folded to the mythic rate 3 of 381.
    kozilek = load_set("CMM").by_number("2")
    assert kozilek.name == "Kozilek, the Great Distortion"
    index = sheet(LEGENDARY_RARE).cards.index(kozilek)
    assert sheet(LEGENDARY_RARE).weights[index] == 3
    drawn = sum(1 for pack in packs for c in pack if c.slot == LEGENDARY_RARE and c.card is kozilek)
    assert within(drawn, 3 / 381, n=SAMPLE)


def test_the_piper_is_the_sets_choose_a_color_commander() -> None:
    piper = load_set("CMM").chosen_color_card
    assert piper is not None and piper.name == "The Prismatic Piper" and piper.chooses_color


def test_bundled_cmm_carries_no_rules_text() -> None:
    from importlib import resources

    text = (resources.files("draft") / "data" / "cmm.json").read_text(encoding="utf-8")
    assert "oracle" not in text and "Search your library" not in text
