"""Figures a hardening test reports (kills, acknowledged picks, fuzz cases, latencies).

Why a helper: the numbers must show up without `-s`. `report(request, name, value)` prints
the figure and attaches it to the test's report (its JUnit properties); `write_summary`
gathers them from the reports at the end of the run. Reports, not a process's memory:
under pytest-xdist the tests run in worker processes, and only their reports reach the
process that writes the terminal.
"""

from __future__ import annotations

from typing import Any

import pytest


def report(request: pytest.FixtureRequest, name: str, value: Any) -> None:
    print(f"{request.node.name}: {name} = {value}")
    request.node.user_properties.append((name, value))


def figure_lines(reports: list[Any]) -> list[str]:
    """`test name: figure = value` for every figure of the tests' call phases, in order."""
    return [f"{test.nodeid.split('::')[-1].split('@')[0]}: {name} = {value}"
            for test in reports if test.when == "call"
            for name, value in test.user_properties]


def write_summary(terminal: Any) -> None:
    reports = [test for tests in terminal.stats.values() for test in tests
               if isinstance(test, pytest.TestReport)]
    lines = figure_lines(reports)
    if lines:
        terminal.section("hardening figures")
        for line in lines:
            terminal.write_line(line)
