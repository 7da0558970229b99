"""Draft logs: MTGO-style text as draft sites import it, and our JSON, both read back."""

from __future__ import annotations

import contextlib
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draft.cards import load_set
from pods.errors import DeckFormatError
from pods.formats import CardLookup
from pods.formats.draft_log import (
    DraftLog,
    LoggedPick,
    mtgo_time,
    read_json,
    read_mtgo,
    write_json,
    write_mtgo,
)

CMR = load_set("CMR")
LOOKUP = CardLookup(CMR)
A, B, C, D = (CMR.by_number(n) for n in ("2", "3", "4", "5"))
SPLIT = CMR.by_name("Response // Resurgence")
LOG = DraftLog(
    event_id="night-7",
    players=("Ann", "Bob", "Cid"),
    you=1,
    set_code="CMR",
    picks=(
        LoggedPick(1, 1, (A, B, C, SPLIT), (B, SPLIT)),
        LoggedPick(1, 2, (C, D), (C, D)),
        LoggedPick(2, 1, (A, A, D), (A, D)),
    ),
    time="11/29/2026 8:15:00 PM",
)


def test_mtgo_log_marks_yourself_and_each_taken_card_with_an_arrow() -> None:
    lines = write_mtgo(LOG).splitlines()
    assert lines[:9] == [
        "Event #: night-7",
        "Time:    11/29/2026 8:15:00 PM",
        "Players:",
        "    Ann",
        "--> Bob",
        "    Cid",
        "",
        "------ CMR ------",
        "",
    ]
    assert lines[9:15] == [
        "Pack 1 pick 1:",
        f"    {A.name}",
        f"--> {B.name}",
        f"    {C.name}",
        "--> Response // Resurgence",
        "",
    ]


@pytest.mark.parametrize(
    ("moment", "text"),
    [
        (datetime(2026, 11, 29, 20, 15, 7), "11/29/2026 8:15:07 PM"),
        (datetime(2026, 1, 2, 0, 5), "1/2/2026 12:05:00 AM"),
        (datetime(2026, 1, 2, 12, 0), "1/2/2026 12:00:00 PM"),
    ],
)
def test_the_time_line_uses_mtgos_month_day_year_and_twelve_hour_clock(
    moment: datetime, text: str
) -> None:
    assert mtgo_time(moment) == text


def test_a_duplicate_in_the_pack_is_marked_once_per_copy_taken() -> None:
    text = write_mtgo(LOG)
    assert f"Pack 2 pick 1:\n--> {A.name}\n    {A.name}\n--> {D.name}\n" in text


def test_mtgo_log_reads_back_the_same_log() -> None:
    read = read_mtgo(write_mtgo(LOG), LOOKUP)
    assert read.problems == ()
    assert read.log == LOG


def test_json_log_reads_back_the_same_log() -> None:
    read = read_json(write_json(LOG), LOOKUP)
    assert read.problems == ()
    assert read.log == LOG


def test_an_unknown_card_in_a_log_is_a_problem_not_a_crash() -> None:
    text = write_mtgo(LOG).replace(A.name, "Nonexistent Card", 1)
    read = read_mtgo(text, LOOKUP)
    assert [p.code for p in read.problems] == ["unknown_card"]


def test_text_that_is_no_log_is_a_format_error() -> None:
    with pytest.raises(DeckFormatError):
        read_mtgo("hello\nworld\n", LOOKUP)
    with pytest.raises(DeckFormatError):
        read_json('{"format": "prismatic-draft-log"}', LOOKUP)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_random_text_is_a_log_or_a_format_error(text: str) -> None:
    for reader in (read_mtgo, read_json):
        with contextlib.suppress(DeckFormatError):
            reader(text, LOOKUP)
