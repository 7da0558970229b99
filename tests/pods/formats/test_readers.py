"""Reading decks back: round trips, pasted lists, typos and garbage never crash."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draft.cards import Card, load_set
from pods.basics import BASIC_LANDS
from pods.deck import Commander, Deck
from pods.errors import DeckFormatError
from pods.formats import READERS, CardLookup, read_deck, write_deck
from pods.formats.text_list import read_text

CMR = load_set("CMR")
LOOKUP = CardLookup(CMR)
PIPER = CMR.by_name("The Prismatic Piper")
SPLIT = CMR.by_name("Response // Resurgence")
ANGEL = CMR.by_name("Angel of the Dawn")
ALHARU = CMR.by_name("Alharu, Solemn Ritualist")
DECK = Deck(
    commanders=(Commander(ALHARU), Commander(PIPER, "U", added=True)),
    main=(ANGEL, ANGEL, SPLIT, *[BASIC_LANDS["Plains"]] * 3, BASIC_LANDS["Swamp"]),
    sideboard=(CMR.by_name("Sol Ring"),),
    name="Night one",
)
WITHOUT_COLORS = Deck(
    (Commander(ALHARU), Commander(PIPER, None, added=True)), DECK.main, DECK.sideboard
)


@pytest.mark.parametrize("format_name", ["json", "csv"])
def test_lossless_formats_read_back_the_same_deck(format_name: str) -> None:
    read = read_deck(write_deck(DECK, format_name), format_name, LOOKUP)
    assert read.problems == ()
    assert read.deck == (DECK if format_name == "json" else replace(DECK, name=""))


def test_forge_reads_back_the_same_deck_with_pipers_as_added_copies() -> None:
    read = read_deck(write_deck(DECK, "forge"), "forge", LOOKUP)
    assert read.problems == ()
    assert read.deck == Deck(WITHOUT_COLORS.commanders, DECK.main, DECK.sideboard, DECK.name)


@pytest.mark.parametrize("format_name", ["arena", "text"])
def test_text_formats_read_back_the_same_cards_with_pipers_as_added_copies(
    format_name: str,
) -> None:
    read = read_deck(write_deck(DECK, format_name), format_name, LOOKUP)
    assert read.problems == ()
    assert read.deck == WITHOUT_COLORS


def test_mtgo_reads_back_main_and_sideboard() -> None:
    read = read_deck(write_deck(DECK, "mtgo"), "mtgo", LOOKUP)
    assert read.problems == ()
    assert read.deck.main == DECK.main
    assert read.deck.sideboard == (ALHARU, PIPER, CMR.by_name("Sol Ring"))


def test_moxfield_style_lines_are_understood() -> None:
    text = (
        "About\nName Test\n\nCommander:\n1x Alharu, Solemn Ritualist (CMR) 4 *F*\n\n"
        "Deck\n2x angel of the dawn\nSB: 1 Sol Ring\n// a comment\n1 Response/Resurgence\n"
        "Companion\n1 Forest\nMaybeboard\n1 Island\n"
    )
    read = read_text(text, LOOKUP)
    assert read.problems == ()
    assert read.deck.name == "Test"
    assert read.deck.commanders == (Commander(ALHARU),)
    assert read.deck.main == (ANGEL, ANGEL, SPLIT)
    assert read.deck.sideboard == (CMR.by_name("Sol Ring"), BASIC_LANDS["Forest"])


def test_a_plain_list_after_a_blank_line_is_the_sideboard() -> None:
    read = read_text("Angel of the Dawn\n3 Plains\n\n1 Sol Ring\n", LOOKUP)
    assert read.deck.main == (ANGEL, *[BASIC_LANDS["Plains"]] * 3)
    assert read.deck.sideboard == (CMR.by_name("Sol Ring"),)


def test_an_unknown_name_is_a_problem_with_the_closest_names() -> None:
    read = read_text("1 Angel of the Dusk\n1 Sol Ring\n", LOOKUP)
    (problem,) = read.problems
    assert problem.code == "unknown_card"
    assert problem.card == "Angel of the Dusk"
    assert "Angel of the Dawn" in problem.params["suggestions"]
    assert "Did you mean Angel of the Dawn" in problem.message
    assert read.deck.main == (CMR.by_name("Sol Ring"),)


def test_absurd_counts_are_refused_line_by_line() -> None:
    (problem,) = read_text("100000 Plains\n", LOOKUP).problems
    assert problem.code == "bad_count"


def test_json_that_is_not_ours_is_a_format_error() -> None:
    with pytest.raises(DeckFormatError):
        read_deck("[1, 2]", "json", LOOKUP)
    with pytest.raises(DeckFormatError):
        read_deck("{not json", "json", LOOKUP)


def test_csv_without_our_header_is_a_format_error() -> None:
    with pytest.raises(DeckFormatError):
        read_deck("a,b\n1,2\n", "csv", LOOKUP)


@settings(max_examples=200, deadline=None)
@given(st.text(), st.sampled_from(sorted(READERS)))
def test_random_text_gives_a_deck_or_a_format_error_never_a_crash(
    text: str, format_name: str
) -> None:
    try:
        read = read_deck(text, format_name, LOOKUP)
    except DeckFormatError:
        return
    assert isinstance(read.deck, Deck)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([c for c in CMR.cards if c.number.isdigit()][:361]), max_size=30))
def test_any_list_of_cards_round_trips_through_arena_text(cards: list[Card]) -> None:
    deck = Deck(main=tuple(cards))
    read = read_deck(write_deck(deck, "arena"), "arena", LOOKUP)
    assert read.problems == ()
    assert sorted(c.key for c in read.deck.main) == sorted(c.key for c in deck.main)


def test_forge_files_with_a_sideboard_section_are_read_too() -> None:
    text = (
        "[metadata]\nName=X\n[Commander]\n1 Alharu, Solemn Ritualist|CMR\n[Sideboard]\n2 Sol Ring\n"
    )
    read = read_deck(text, "forge", LOOKUP)
    assert read.problems == ()
    assert read.deck.sideboard == (CMR.by_name("Sol Ring"),) * 2


def test_a_chosen_colors_comment_gives_the_pipers_their_colors_in_order() -> None:
    text = "Commander\n2 The Prismatic Piper\n// chosen colors: R, green\n\nDeck\n58 Mountain\n"
    read = read_text(text, CardLookup(load_set("CMR")))
    assert not read.problems
    assert [(c.chosen_color, c.added) for c in read.deck.commanders] == [("R", True), ("G", True)]


def test_a_chosen_colors_comment_that_does_not_fit_is_a_problem() -> None:
    lookup = CardLookup(load_set("CMR"))
    for colors in ("purple", "R G U"):
        text = f"Commander\n2 The Prismatic Piper\n// chosen colors: {colors}\n"
        read = read_text(text, lookup)
        assert [p.code for p in read.problems] == ["bad_chosen_colors"]
        assert read.deck.commanders[0].chosen_color is None
