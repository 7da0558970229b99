"""A pod's phases: five, in the night's order, and a stored phase is checked on restore."""

from __future__ import annotations

import pytest

from pods.phases import PHASES, as_phase


def test_the_night_runs_through_five_phases_in_order() -> None:
    assert PHASES == ("lobby", "drafting", "building", "playing", "done")


@pytest.mark.parametrize("phase", PHASES)
def test_a_stored_phase_reads_back_as_itself(phase: str) -> None:
    assert as_phase(phase) == phase


@pytest.mark.parametrize("text", ["", "Lobby", "paused", "drafting "])
def test_an_unknown_stored_phase_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="unknown pod phase"):
        as_phase(text)
