"""A submitted deck in the live state is values; its stored row keeps the shape it always had."""

from __future__ import annotations

import json

from pods.problems import Problem
from server.realtime.decks import SubmittedDeck, deck_from_row, deck_to_row
from server.views.decks import deck_json

BODY = {"commanders": [{"piper": True, "color": "R"}], "main": [3, 4], "basics": {}}

ROW_STORED_BEFORE = json.dumps({
    "deck": BODY,
    "report": {"legal": False, "size": 3, "color_identity": ["R"], "problems": [{
        "code": "deck_size", "card": None,
        "message": "В колоде 3 карты, а должно быть не меньше 60.",
        "params": {"size": 3, "required": 60, "rule": "at-least"}}]},
})
"""A row as the server stored it before the live state held values: the report's
sentences in the submitting phone's language (Russian here)."""


def test_a_row_stored_before_loads_and_is_said_in_the_readers_language() -> None:
    deck = deck_from_row(ROW_STORED_BEFORE)
    assert deck.body == BODY
    assert (deck.legal, deck.size, deck.color_identity) == (False, 3, ("R",))
    assert [p.code for p in deck.problems] == ["deck_size"]
    said = deck_json(deck, "en")["report"]["problems"][0]
    assert said["message"] == "Your deck has 3 cards; it must have at least 60."
    assert said["params"] == {"size": 3, "required": 60, "rule": "at-least"}


def test_the_row_keeps_its_shape_and_reads_back_as_the_same_value() -> None:
    problem = Problem("no_commander", None, "Your deck has no commander.", {})
    deck = SubmittedDeck(BODY, 2, (), (problem,))
    stored = json.loads(deck_to_row(deck))
    assert stored == {"deck": BODY, "report": {
        "legal": False, "size": 2, "color_identity": [],
        "problems": [{"code": "no_commander", "card": None,
                      "message": "Your deck has no commander.", "params": {}}]}}
    assert deck_from_row(deck_to_row(deck)) == deck


def test_a_deck_without_problems_is_legal() -> None:
    deck = deck_from_row(deck_to_row(SubmittedDeck(BODY, 60, ("R",), ())))
    assert deck.legal
    assert deck_json(deck, "ru")["report"] == {
        "legal": True, "size": 60, "color_identity": ["R"], "problems": []}
