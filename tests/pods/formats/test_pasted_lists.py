"""Deck lists as people paste them: explicit sections keep their blank lines, typographic
punctuation and doubled spaces still find the card, the usual headers are understood, and
a line that matches nothing is one problem with a suggestion that causes no others."""

from __future__ import annotations

from draft.cards import load_set
from pods.basics import BASIC_LANDS
from pods.formats import CardLookup
from pods.formats.text_list import read_text
from pods.legality import DeckRules
from pods.pasted import check_pasted

CMR = load_set("CMR")
LOOKUP = CardLookup(CMR)
ALHARU = CMR.by_name("Alharu, Solemn Ritualist")
BRINELIN = CMR.by_name("Brinelin, the Moon Kraken")
ANGEL = CMR.by_name("Angel of the Dawn")
AKROMAS_WILL = CMR.by_name("Akroma's Will")
MALCOLM = CMR.by_name("Malcolm, Keen-Eyed Navigator")
SOL_RING = CMR.by_name("Sol Ring")
PLAINS = BASIC_LANDS["Plains"]
RULES = DeckRules.for_draft(["CMR"])


def test_a_blank_line_inside_an_explicit_deck_section_does_not_start_the_sideboard() -> None:
    read = read_text("Commander\n1 Alharu, Solemn Ritualist\n\nDeck\n2 Angel of the Dawn\n\n"
                     "57 Plains\n\nSideboard\n1 Sol Ring\n", LOOKUP)
    assert read.problems == ()
    assert read.deck.main == (ANGEL, ANGEL, *[PLAINS] * 57)
    assert read.deck.sideboard == (SOL_RING,)


def test_without_headers_a_blank_line_still_starts_the_mtgo_sideboard() -> None:
    read = read_text("2 Angel of the Dawn\n\n1 Sol Ring\n", LOOKUP)
    assert read.deck.main == (ANGEL, ANGEL) and read.deck.sideboard == (SOL_RING,)


def test_typographic_apostrophes_quotes_and_dashes_match_the_card() -> None:
    read = read_text("Deck\n1 Akroma’s Will\n1 Malcolm, Keen–Eyed Navigator\n"
                     "1 Malcolm, Keen—Eyed Navigator\n1 “Sol Ring”\n1 Akroma‘s Will\n", LOOKUP)
    assert read.problems == ()
    assert read.deck.main == (AKROMAS_WILL, MALCOLM, MALCOLM, SOL_RING, AKROMAS_WILL)


def test_doubled_spaces_and_tabs_match_the_card() -> None:
    read = read_text("1  Angel  of the\tDawn\n2x   Sol Ring\n", LOOKUP)
    assert read.problems == ()
    assert read.deck.main == (ANGEL, SOL_RING, SOL_RING)


def test_arena_mtgo_and_moxfield_headers_are_understood() -> None:
    text = ("Commander (2)\n1 Alharu, Solemn Ritualist\n1 Brinelin, the Moon Kraken\n\n"
            "Companion\n1 Sol Ring\n\nDeck (2)\n2 Angel of the Dawn\n\n"
            "SIDEBOARD:\n1 Akroma's Will\n\nMaybeboard\n1 Malcolm, Keen-Eyed Navigator\n"
            "1 Not A Real Card\n")
    read = read_text(text, LOOKUP)
    assert read.problems == ()  # maybeboard lines are not the deck: not even looked up
    assert [c.card for c in read.deck.commanders] == [ALHARU, BRINELIN]
    assert read.deck.main == (ANGEL, ANGEL)
    assert read.deck.sideboard == (SOL_RING, AKROMAS_WILL)


def test_an_unmatched_line_is_one_problem_with_a_suggestion() -> None:
    read = read_text("Deck\n2 Angel of teh Dawn\n", LOOKUP)
    (problem,) = read.problems
    assert problem.code == "unknown_card"
    assert problem.params["suggestions"][0] == "Angel of the Dawn"
    assert problem.params["line"] == 2 and problem.params["count"] == 2


def test_an_unmatched_line_does_not_cascade_into_size_or_commander_problems() -> None:
    text = ("Commander\n1 Alharu, Solem Ritualist\n\nDeck\n2 Angel of teh Dawn\n57 Plains\n")
    read = read_text(text, LOOKUP)
    problems = check_pasted(read, [ALHARU, ANGEL, ANGEL], RULES)
    assert [p.code for p in problems] == ["unknown_card", "unknown_card"]
    assert [p.params["suggestions"][0] for p in problems] == [
        "Alharu, Solemn Ritualist", "Angel of the Dawn"]


def test_real_problems_beside_an_unmatched_line_are_still_reported() -> None:
    text = "Commander\n1 Alharu, Solemn Ritualist\n\nDeck\n1 Sol Rnig\n1 Sol Ring\n40 Plains\n"
    problems = check_pasted(read_text(text, LOOKUP), [ALHARU], RULES)
    assert [p.code for p in problems] == ["unknown_card", "deck_size", "not_in_pool"]


def test_an_unread_commander_does_not_make_the_rest_of_the_deck_off_color() -> None:
    text = ("Commander\n1 Alharu, Solem Ritualist\n1 Brinelin, the Moon Kraken\n\n"
            "Deck\n2 Angel of the Dawn\n56 Plains\n")
    problems = check_pasted(read_text(text, LOOKUP), [ALHARU, BRINELIN, ANGEL, ANGEL], RULES)
    assert [p.code for p in problems] == ["unknown_card"]
