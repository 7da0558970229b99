"""Importing a user's Scryfall or MTGJSON card file: facts, rules text, clear refusals."""

from __future__ import annotations

from typing import Any

import pytest

from draft.imports import CardFileError, parse_card_file

FACELESS_TEXT = (
    "If Faceless One is your commander, choose a color before the game begins. "
    "Faceless One is the chosen color.\nChoose a Background (You can have a Background as a "
    "second commander.)"
)


def scryfall(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "object": "card", "id": "25564fba-5765-457b-8dd3-f26b877221b8", "name": "Faceless One",
        "set": "clb", "collector_number": "1", "rarity": "special", "mana_cost": "{5}",
        "cmc": 5.0, "type_line": "Legendary Enchantment Creature — Background",
        "colors": [], "color_identity": [], "oracle_text": FACELESS_TEXT,
        "power": "3", "toughness": "3", "layout": "normal",
    }
    record.update(fields)
    return record


def mtgjson_face(side: str, **fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "name": "Blessed Hippogriff // Tyr's Blessing", "number": "11", "rarity": "common",
        "side": side, "layout": "adventure", "colorIdentity": ["W"], "colors": ["W"],
        "manaValue": 4.0, "identifiers": {"scryfallId": "b4590e53-ca8d-4896-a8cf-6af1e4bc456f"},
    }
    record.update(fields)
    return record


HIPPOGRIFF = [
    mtgjson_face("b", faceName="Tyr's Blessing", manaCost="{W}", type="Instant — Adventure",
                 text="Target creature gains flying."),
    mtgjson_face("a", faceName="Blessed Hippogriff", manaCost="{3}{W}",
                 type="Creature — Hippogriff", text="Flying", power="2", toughness="3"),
]


def test_a_scryfall_array_gives_fact_cards_and_rules_text_by_name() -> None:
    imported = parse_card_file([scryfall()])
    (card,) = imported.cards
    assert imported.source == "scryfall"
    assert (card.set, card.number, card.name, card.mana_value) == ("CLB", "1", "Faceless One", 5)
    assert card.chooses_color and card.is_background and card.can_be_commander
    assert card.pairing == ("Choose a Background",)
    assert imported.rules_text == {"Faceless One": FACELESS_TEXT}


def test_color_identity_comes_from_the_file() -> None:
    card = parse_card_file([scryfall(color_identity=["G", "W"])]).cards[0]
    assert card.color_identity == ("W", "G")


def test_a_scryfall_search_result_object_is_read() -> None:
    imported = parse_card_file({"object": "list", "has_more": False, "data": [scryfall()]})
    assert len(imported.cards) == 1


def test_one_page_of_a_longer_search_is_refused() -> None:
    with pytest.raises(CardFileError, match="only one page"):
        parse_card_file({"object": "list", "has_more": True, "data": [scryfall()]})


def test_partner_with_names_its_partner() -> None:
    text = "Partner with Pako, Arcane Retriever (When this creature enters...)\nHaste"
    record = scryfall(oracle_text=text, type_line="Legendary Creature — Elf")
    card = parse_card_file([record]).cards[0]
    assert card.pairing == ("Partner with",) and card.partner_with == "Pako, Arcane Retriever"


def test_an_mtgjson_set_file_joins_the_faces_of_one_card() -> None:
    imported = parse_card_file({"data": {"code": "CLB", "cards": HIPPOGRIFF}})
    (card,) = imported.cards
    assert imported.source == "mtgjson"
    assert [face.name for face in card.faces] == ["Blessed Hippogriff", "Tyr's Blessing"]
    assert card.mana_cost == "{3}{W} // {W}" and card.types == ("Creature",)
    assert card.color_identity == ("W",) and card.power == "2"
    assert card.scryfall_id == "b4590e53-ca8d-4896-a8cf-6af1e4bc456f"
    assert imported.rules_text[card.name] == "Flying\n//\nTarget creature gains flying."


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"hello": 1}, "not a Scryfall card array"),
        ([], "no cards"),
        ([scryfall(), scryfall(name=None)], "card 2: missing 'name'"),
        ([scryfall(), scryfall()], "card 2: CLB:1 appears twice"),
        ([scryfall(rarity="legendary")], "card 1: unknown rarity"),
        ([scryfall(color_identity=["Purple"])], "card 1: 'color_identity' is not a list"),
        ([scryfall(object="token")], "card 1: object is 'token'"),
        (["Sol Ring"], "card 1: not a JSON object"),
        ({"data": {"cards": HIPPOGRIFF}}, "no set 'code'"),
        ({"data": {"code": "CLB", "cards": [{"name": "X"}]}}, "card 1: missing 'number'"),
    ],
)
def test_a_bad_file_is_refused_with_one_line(document: Any, message: str) -> None:
    with pytest.raises(CardFileError, match=message) as caught:
        parse_card_file(document)
    assert "\n" not in str(caught.value)


def test_other_languages_in_scryfalls_all_cards_file_are_skipped() -> None:
    imported = parse_card_file([scryfall(), scryfall(lang="de", name="Gesichtsloser")])
    assert [card.name for card in imported.cards] == ["Faceless One"]


def test_a_card_without_a_top_level_type_line_takes_its_faces() -> None:
    faces = [
        {"name": "A", "type_line": "Creature — Elf", "mana_cost": "{G}"},
        {"name": "B", "type_line": "Creature — Elf", "mana_cost": "{G}"},
    ]
    record = scryfall(type_line=None, card_faces=faces, layout="reversible_card")
    card = parse_card_file([record]).cards[0]
    assert card.type_line == "Creature — Elf // Creature — Elf"


def test_progress_is_reported_for_every_record() -> None:
    records = [scryfall(collector_number=str(n)) for n in range(1, 1203)]
    seen: list[int] = []
    parse_card_file(records, progress=seen.append)
    assert sum(seen) == 1202
