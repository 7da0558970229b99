"""Deck problems are said in the seat's language from `code` + `params`; English reads
exactly as `pods` writes it, and card names stay English everywhere."""

from __future__ import annotations

from typing import Any

import pytest

from draft.cards import load_set
from pods.deck import Commander, Deck
from pods.legality import DeckRules, SizeRule, check_deck
from pods.problems import Problem
from server.i18n.problems import SENTENCES, problem_json, problem_message

CMR = load_set("CMR")
PIPER = CMR.by_name("The Prismatic Piper")
ALHARU = CMR.by_name("Alharu, Solemn Ritualist")  # white, Partner
BRINELIN = CMR.by_name("Brinelin, the Moon Kraken")  # blue, Partner
BOARDING_PARTY = CMR.by_name("Boarding Party")  # red common
SOL_RING = CMR.by_name("Sol Ring")

# One problem per code, with params shaped as `pods` makes them.
SAMPLES: dict[str, dict[str, Any]] = {
    "deck_size": {"size": 21, "required": 60, "rule": "exact"},
    "no_commander": {},
    "too_many_commanders": {"commanders": ["A", "B", "C"]},
    "illegal_pair": {"first": "Sol Ring", "second": "Boarding Party"},
    "not_a_commander": {"name": "Sol Ring"},
    "cannot_be_added": {"name": "Sol Ring"},
    "too_many_added": {"added": 3, "allowed": 2},
    "color_not_chosen": {"name": "The Prismatic Piper"},
    "color_not_allowed": {"name": "Sol Ring"},
    "bad_chosen_color": {"name": "The Prismatic Piper", "color": "P"},
    "bad_chosen_colors": {"colors": ["R", "G", "U"]},
    "added_copy_in_main": {"name": "The Prismatic Piper", "in_deck": 2, "in_pool": 1},
    "added_not_allowed": {"name": "Faceless One", "sets": ["CLB"], "draft_sets": ["CMM", "CMR"],
                          "rule": "903.13e"},
    "not_in_pool": {"name": "Sol Ring", "in_deck": 1, "in_pool": 0},
    "too_many_copies": {"name": "Sol Ring", "in_deck": 3, "in_pool": 1},
    "outside_identity": {"name": "Boarding Party", "card_colors": ["R"],
                         "commander_colors": ["W", "U"], "outside": ["R"], "commanders": 2},
    "unknown_card": {"name": "Sol Rnig", "suggestions": ["Sol Ring"], "line": 3},
    "bad_count": {"line": 4, "count": 99},
    "unreadable_line": {"line": 5, "text": "???"},
}


def test_every_code_the_cores_use_has_a_sentence() -> None:
    assert set(SAMPLES) == set(SENTENCES)


@pytest.mark.parametrize("language", ["ru", "it"])
@pytest.mark.parametrize("code", sorted(SAMPLES))
def test_every_problem_is_said_in_the_seats_language(language: str, code: str) -> None:
    problem = Problem(code, None, "English default", SAMPLES[code])
    english = problem_message(problem, "en")
    said = problem_message(problem, language)
    assert said != english
    assert "%(" not in said and "{" not in said
    for value in SAMPLES[code].values():  # card names and numbers come through unchanged
        if isinstance(value, str) and value[0].isupper() and value not in ("P",):
            assert value in said, (code, said)


def test_colors_are_words_in_the_readers_language() -> None:
    problem = Problem("outside_identity", "Boarding Party", "", SAMPLES["outside_identity"])
    assert problem_message(problem, "ru") == (
        "Цвета карты Boarding Party: красный, а ваших командиров: белый и синий."
    )
    assert problem_message(problem, "it") == (
        "Boarding Party ha identità di colore rosso; quella dei tuoi comandanti è bianco e blu."
    )


@pytest.mark.parametrize(("size", "words"), [(1, "1 карта"), (2, "2 карты"), (5, "5 карт"),
                                             (21, "21 карта")])
def test_the_deck_size_problem_counts_in_russian(size: int, words: str) -> None:
    problem = Problem("deck_size", None, "", {"size": size, "required": 60, "rule": "exact"})
    assert problem_message(problem, "ru") == f"В колоде {words}, а должно быть ровно 60."


def real_problems() -> list[Problem]:
    """Problems `check_deck` really reports, so the English templates are checked against
    the sentences `pods` writes (and the params they really carry)."""
    pipers = (Commander(PIPER, "R", added=True),) * 3
    decks = [
        (Deck((), (SOL_RING,) * 2), [SOL_RING], DeckRules()),
        (Deck((Commander(ALHARU), Commander(BRINELIN)), (BOARDING_PARTY,) * 10),
         [ALHARU, BRINELIN], DeckRules(size_rule=SizeRule.AT_LEAST)),
        (Deck((Commander(SOL_RING, "Q", added=True), *pipers), ()), [], DeckRules()),
        (Deck((Commander(PIPER),), (PIPER,)), [PIPER], DeckRules()),
        (Deck((Commander(PIPER, "R", added=True),), ()), [], DeckRules.for_draft(["CLB"])),
        (Deck((Commander(ALHARU),), ()), [], DeckRules(size_rule=SizeRule.EXACT)),
    ]
    problems = [p for deck, pool, rules in decks for p in check_deck(deck, pool, rules).problems]
    assert len({p.code for p in problems}) >= 9
    return problems


def test_english_sentences_are_the_ones_pods_writes() -> None:
    for problem in real_problems():
        assert problem_message(problem, "en") == problem.message, problem.code


def test_the_problem_object_keeps_code_card_and_params() -> None:
    problem = Problem("not_in_pool", "Sol Ring", "Sol Ring is not in your pool.",
                      {"name": "Sol Ring", "in_deck": 1, "in_pool": 0})
    assert problem_json(problem, "it") == {
        "code": "not_in_pool", "card": "Sol Ring", "message": "Sol Ring non è nel tuo pool.",
        "params": {"name": "Sol Ring", "in_deck": 1, "in_pool": 0},
    }


def test_an_unknown_code_or_odd_params_keep_the_english_sentence() -> None:
    assert problem_message(Problem("brand_new", None, "New words.", {}), "ru") == "New words."
    assert problem_message(Problem("not_in_pool", None, "Old words.", {}), "ru") == "Old words."
