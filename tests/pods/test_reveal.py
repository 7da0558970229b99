"""The reveal's rule: nobody, own seat, after the draft, after the night (the default)."""

from __future__ import annotations

import pytest

from pods.reveal import (
    AFTER_DRAFT,
    AFTER_NIGHT,
    DEFAULT,
    MODES,
    NOBODY,
    OWN_SEAT,
    may_open,
    openable,
)

PHASES = ("lobby", "drafting", "building", "playing", "done")
HOST = None


def test_the_default_keeps_decks_secret_until_the_night_ends() -> None:
    assert DEFAULT == AFTER_NIGHT


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("phase", ["lobby", "drafting"])
def test_nothing_is_open_before_the_draft_is_over(mode: str, phase: str) -> None:
    for viewer in (HOST, 0, 1):
        assert openable(mode, phase, viewer, range(8)) == []


@pytest.mark.parametrize("phase", PHASES)
def test_nobody_opens_nothing_ever(phase: str) -> None:
    for viewer in (HOST, 0, 3):
        assert openable(NOBODY, phase, viewer, range(8)) == []


@pytest.mark.parametrize("phase", ["building", "playing", "done"])
def test_own_seat_opens_only_ones_own_seat(phase: str) -> None:
    assert openable(OWN_SEAT, phase, 2, range(8)) == [2]
    assert openable(OWN_SEAT, phase, HOST, range(8)) == []


@pytest.mark.parametrize("phase", ["building", "playing", "done"])
def test_after_draft_opens_every_seat_to_everyone(phase: str) -> None:
    for viewer in (HOST, 0, 5):
        assert openable(AFTER_DRAFT, phase, viewer, range(8)) == list(range(8))


def test_after_night_opens_ones_own_seat_then_everything_when_the_night_ends() -> None:
    for phase in ("building", "playing"):
        assert openable(AFTER_NIGHT, phase, 4, range(8)) == [4]
        assert openable(AFTER_NIGHT, phase, HOST, range(8)) == []
    for viewer in (HOST, 0, 4):
        assert openable(AFTER_NIGHT, "done", viewer, range(8)) == list(range(8))


def test_an_unknown_mode_hides() -> None:
    assert not may_open("everyone", "done", HOST, 0)
    assert not may_open("", "done", 0, 0)
