"""Each export format is written the way its tool imports it (domain doc §7)."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET

import pytest

from draft.cards import load_set
from pods.basics import BASIC_LANDS
from pods.deck import Commander, Deck
from pods.errors import UnknownFormatError
from pods.formats import WRITERS, write_deck, write_pool

CMR = load_set("CMR")
PIPER = CMR.by_name("The Prismatic Piper")
SPLIT = CMR.by_name("Response // Resurgence")
ANGEL = CMR.by_name("Angel of the Dawn")
DECK = Deck(
    commanders=(Commander(PIPER, "W", added=True),),
    main=(ANGEL, ANGEL, SPLIT, BASIC_LANDS["Plains"], BASIC_LANDS["Plains"]),
    sideboard=(CMR.by_name("Sol Ring"),),
    name='Tom & "Jerry" <3',
)


def test_arena_writes_deck_commander_sideboard_in_order_with_set_and_number() -> None:
    assert write_deck(DECK, "arena") == (
        f"Deck\n2 Angel of the Dawn (CMR) {ANGEL.number}\n"
        "1 Response // Resurgence (CMR) 449\n2 Plains\n\n"
        "Commander\n1 The Prismatic Piper (CMR) 1\n\n"
        f"Sideboard\n1 Sol Ring (CMR) {CMR.by_name('Sol Ring').number}\n"
    )


def test_mtgo_writes_split_cards_with_a_slash_and_the_commander_after_one_blank_line() -> None:
    deck = Deck(commanders=DECK.commanders, main=DECK.main)
    assert write_deck(deck, "mtgo") == (
        "2 Angel of the Dawn\n1 Response/Resurgence\n2 Plains\n\n1 The Prismatic Piper\n"
    )


def test_mtgo_writes_a_card_list_without_main_cards_as_one_block() -> None:
    text = write_pool([ANGEL, ANGEL, SPLIT], "mtgo")
    assert text == "2 Angel of the Dawn\n1 Response/Resurgence\n"


def test_cockatrice_writes_the_full_name_of_adventure_and_split_cards() -> None:
    clb = load_set("CLB")
    fang = clb.by_name("Fang Dragon // Forktail Sweep")
    root = ET.fromstring(write_pool([fang, SPLIT], "cockatrice"))
    names = [c.get("name") for c in root.iter("card")]
    assert names == ["Fang Dragon // Forktail Sweep", "Response // Resurgence"]


def test_cockatrice_puts_commanders_in_main_and_escapes_xml() -> None:
    text = write_deck(DECK, "cockatrice")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">')
    assert 'Tom &amp; "Jerry" &lt;3' in text
    root = ET.fromstring(text)
    assert root.findtext("deckname") == DECK.name
    zones = {z.get("name"): [(c.get("number"), c.get("name")) for c in z] for z in root}
    assert zones["main"][0] == ("1", "The Prismatic Piper")
    assert ("1", "Response // Resurgence") in zones["main"]
    assert zones["side"] == [("1", "Sol Ring")]


def test_forge_writes_metadata_and_pipe_separated_sets() -> None:
    assert write_deck(DECK, "forge").splitlines() == [
        "[metadata]",
        f"Name={DECK.name}",
        "[Commander]",
        "1 The Prismatic Piper|CMR",
        "[Main]",
        "2 Angel of the Dawn|CMR",
        "1 Response // Resurgence|CMR",
        "2 Plains",
        "[Sideboard]",
        "1 Sol Ring|CMR",
    ]


def test_csv_has_a_header_and_quotes_what_needs_quoting() -> None:
    rows = list(csv.reader(io.StringIO(write_deck(DECK, "csv"))))
    assert rows[0] == ["section", "count", "name", "set", "number", "chosen_color", "added"]
    assert rows[1] == ["commander", "1", "The Prismatic Piper", "CMR", "1", "W", "yes"]


def test_json_records_the_chosen_color_and_that_the_piper_was_added() -> None:
    data = json.loads(write_deck(DECK, "json"))
    assert data["commanders"] == [
        {
            "name": "The Prismatic Piper",
            "set": "CMR",
            "number": "1",
            "chosen_color": "W",
            "added": True,
        }
    ]
    assert data["main"][0] == {
        "count": 2,
        "name": "Angel of the Dawn",
        "set": "CMR",
        "number": ANGEL.number,
    }


def test_plain_text_has_headers_and_no_set_codes() -> None:
    assert write_deck(DECK, "text").startswith("Commander\n1 The Prismatic Piper\n\nDeck\n")


@pytest.mark.parametrize("format_name", sorted(WRITERS))
def test_a_pool_is_exported_as_the_sideboard(format_name: str) -> None:
    pool = [ANGEL, ANGEL, SPLIT]
    text = write_pool(pool, format_name)
    assert "Angel of the Dawn" in text
    if format_name in ("arena", "text"):
        assert "Sideboard" in text


def test_an_unknown_format_name_is_a_specific_error() -> None:
    with pytest.raises(UnknownFormatError):
        write_deck(DECK, "lackey")
