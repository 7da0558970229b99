"""A suggested deck's notes are said in the reader's language; card names stay English."""

from __future__ import annotations

from typing import Any

import pytest

from pods.suggest import notes
from pods.suggest.notes import Note
from server.i18n.suggestions import SENTENCES, note_message

SAMPLES: dict[str, dict[str, Any]] = {
    notes.SUMMARY: {"colors": ["B", "R"], "playables": 27, "spells": 34, "two_drops": 6,
                    "lands": 17, "basics": [["Swamp", 9], ["Mountain", 8]]},
    notes.COMMANDERS: {"names": ["Alharu, Solemn Ritualist", "The Prismatic Piper"],
                       "rule": "partner", "chosen_colors": ["U"]},
    notes.NONBASIC_LANDS: {"count": 2, "names": ["Command Tower", "Training Center"]},
    notes.SHORT_OF_PLAYABLES: {"missing": 5},
    notes.LEFT_OUT_CURVE: {"name": "Sol Ring", "mana_value": 1, "value": 4.2},
    notes.LEFT_OUT_IDENTITY: {"name": "Boarding Party", "card_colors": ["R"], "outside": ["R"],
                              "value": 2.0},
}


def test_every_note_the_core_writes_has_a_sentence() -> None:
    assert set(SAMPLES) == set(SENTENCES)


def test_the_summary_reads_as_one_line() -> None:
    note = Note(notes.SUMMARY, SAMPLES[notes.SUMMARY])
    assert note_message(note, "en") == (
        "B/R: 27 playables; 6 two-drops; 17 lands: 9 Swamp, 8 Mountain")


@pytest.mark.parametrize("language", ["ru", "it"])
@pytest.mark.parametrize("note_id", sorted(SAMPLES))
def test_every_note_is_said_in_the_readers_language(language: str, note_id: str) -> None:
    note = Note(note_id, SAMPLES[note_id])
    said = note_message(note, language)
    assert said != note_message(note, "en")
    assert "%(" not in said
    for name in SAMPLES[note_id].get("names", []) + [SAMPLES[note_id].get("name", "")]:
        assert name in said
