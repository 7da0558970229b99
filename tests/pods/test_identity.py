"""Color identity follows CR 903.4 (domain doc §4)."""

from __future__ import annotations

import pytest

from draft.cards import Face, load_set, sort_colors
from pods.errors import ColorChoiceError
from pods.identity import color_identity, describe_colors, parse_color, strip_reminder_text
from tests.pods.builders import card, card_from_merged, load_shared


def test_an_activated_ability_cost_counts_even_on_a_colorless_artifact() -> None:
    engine = card("Engine", mana_cost="{8}", type_line="Artifact")
    assert color_identity(engine, "{3}{R}, {T}: Engine deals 3 damage to any target.") == ("R",)


def test_a_back_face_color_indicator_counts() -> None:
    dfc = card(
        "Front",
        mana_cost="{2}{U}",
        type_line="Creature — Human // Creature — Horror",
        layout="transform",
        faces=(
            Face("Front", "{2}{U}", "Creature — Human"),
            Face("Back", "", "Creature — Horror", color_indicator=("R",)),
        ),
    )
    assert color_identity(dfc) == ("U", "R")


def test_hybrid_symbols_count_as_both_colors() -> None:
    assert color_identity(card(mana_cost="{4}{R/G}{R/G}")) == ("R", "G")


def test_basic_land_types_on_a_land_count_as_their_colors() -> None:
    land = card("Dual", type_line="Land — Island Swamp")
    assert color_identity(land) == ("U", "B")


def test_a_fetch_land_with_no_mana_symbols_is_colorless() -> None:
    fetch = card("Fetch", type_line="Land")
    text = "{T}, Pay 1 life, Sacrifice Fetch: Search your library for an Island or Swamp card."
    assert color_identity(fetch, text) == ()


def test_a_phyrexian_symbol_counts_as_its_color() -> None:
    assert color_identity(card(mana_cost="{R/P}")) == ("R",)


def test_mana_of_any_color_is_colorless() -> None:
    assert color_identity(card(type_line="Land"), "{T}: Add one mana of any color.") == ()


def test_reminder_text_is_ignored() -> None:
    text = "Extort (Whenever you cast a spell, you may pay {W/B}. If you do, ...)"
    assert color_identity(card(mana_cost="{1}{B}"), text) == ("B",)


def test_nested_reminder_text_is_removed() -> None:
    assert strip_reminder_text("a (b (c) d) e") == "a  e"


def test_color_words_and_basic_land_names_in_text_do_not_count() -> None:
    text = "Target red creature gets +1/+0. Search for a Forest or Plains. Blue spells cost more."
    assert color_identity(card(mana_cost="{2}", type_line="Artifact"), text) == ()


def test_both_halves_of_a_split_card_count() -> None:
    assert color_identity(load_set("CMR").by_name("Response // Resurgence")) == ("W", "R")


@pytest.mark.parametrize("text", ["R", "r", "red", " Red ", "RED"])
def test_a_chosen_color_may_be_a_letter_or_a_word(text: str) -> None:
    assert parse_color(text) == "R"


@pytest.mark.parametrize("text", ["", "C", "purple", "RG", "colorless"])
def test_a_chosen_color_must_be_one_of_the_five(text: str) -> None:
    with pytest.raises(ColorChoiceError):
        parse_color(text)


def test_colors_are_described_in_english() -> None:
    assert describe_colors(()) == "colorless"
    assert describe_colors(("U", "W")) == "white and blue"
    assert describe_colors(("R", "W", "U")) == "white, blue and red"


def test_identity_agrees_with_the_recorded_identity_for_every_cmr_card_with_text() -> None:
    records = load_shared("cmr/cmr_cards_merged.json")["cards"]
    wrong = [
        (r["number"], r["name"], color_identity(card_from_merged(r), r["oracle_text"]))
        for r in records
        if color_identity(card_from_merged(r), r["oracle_text"]) != tuple(r["color_identity"])
    ]
    assert wrong == []
    assert len(records) == 716


def test_identity_agrees_with_the_recorded_identity_for_every_clb_card_with_text() -> None:
    data = load_shared("clb/clb_cards_merged.json")
    without_text = {number for kind, number, _ in data["_meta"]["issues"] if kind == "no_text"}
    checked = [r for r in data["cards"] if r["oracle_text"] is not None]
    assert {r["number"] for r in data["cards"]} - {r["number"] for r in checked} == without_text
    wrong = [
        (r["number"], r["name"])
        for r in checked
        if color_identity(
            card_from_merged({**r, "types": r["type_line"].split("—")[0].split()}), r["oracle_text"]
        )
        != tuple(r["color_identity"])
    ]
    assert wrong == []


def test_identity_agrees_with_scryfall_for_every_commander_in_the_subset() -> None:
    records = load_shared("common/scryfall_commanders_subset_cmr_clb.json")
    cmr = load_set("CMR")
    wrong = []
    for r in records:
        # The subset has no color indicator field; Rograkh's comes from our CMR facts.
        printed = cmr.find_name(r["name"])
        facts = card(
            r["name"],
            mana_cost=r.get("mana_cost") or "",
            type_line=r["type_line"],
            color_indicator=printed.color_indicator if printed else None,
        )
        got = color_identity(facts, r.get("oracle_text"))
        if got != sort_colors(r["color_identity"]):
            wrong.append((r["name"], got, r["color_identity"]))
    assert wrong == []
    assert len(records) == 201


def test_every_bundled_cmr_card_keeps_its_recorded_identity_from_facts_and_text() -> None:
    records = {r["number"]: r for r in load_shared("cmr/cmr_cards_merged.json")["cards"]}
    for bundled in load_set("CMR"):
        assert color_identity(bundled, records[bundled.number]["oracle_text"]) == (
            bundled.color_identity
        ), bundled.name
