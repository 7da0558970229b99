"""The parts bench runs on this checkout and prints a CPU figure for each of its parts."""

from __future__ import annotations

import re

import pytest

from bench.pick_parts import main


def test_each_part_prints_a_median_and_its_range(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--rounds", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split("  ")[0] for line in lines] == [
        "pick frame: decode + check", "seat view: 45 card texts", "writer: lone write round trip"]
    for line in lines:
        median, low, high = map(float, re.findall(r"(\d+\.\d)", line))
        assert 0 < low <= median <= high
