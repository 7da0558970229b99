"""Hooks for the whole suite, loaded first (also by pytest-xdist's controller, which
collects no test and so never reads the folders' own conftest files)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.figures import write_summary


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The hardening tests' figures (see tests/server/figures.py), even without `-s`."""
    write_summary(terminalreporter)
