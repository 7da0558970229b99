"""Figures a hardening test reports (kills, acknowledged picks, fuzz cases, latencies).

Why a helper: the numbers must show up without `-s`. `report(request, name, value)` prints
the figure, attaches it to the test's JUnit properties, and keeps it for the terminal
summary that `tests/server/conftest.py` writes at the end of the run.
"""

from __future__ import annotations

from typing import Any

import pytest

FIGURES = pytest.StashKey[list[str]]()


def report(request: pytest.FixtureRequest, name: str, value: Any) -> None:
    line = f"{request.node.name}: {name} = {value}"
    print(line)
    request.node.user_properties.append((name, value))
    request.config.stash.setdefault(FIGURES, []).append(line)


def write_summary(terminal: Any, config: pytest.Config) -> None:
    lines = config.stash.get(FIGURES, [])
    if lines:
        terminal.section("hardening figures")
        for line in lines:
            terminal.write_line(line)
