"""Hooks for the whole suite, loaded first (also by pytest-xdist's controller, which
collects no test and so never reads the folders' own conftest files).

The suite runs on several workers (`-n` in pyproject's addopts). Tests go to whichever
worker is free, one by one, except the modules in `SHARED_SERVER_MODULES`: their tests
share a server (and a browser), or a night drafted, once per module, so a module runs
whole on one worker; split, each worker that runs a few of its tests would make its own.

Why a scheduler and not pytest-xdist's `xdist_group` marker: the marker works by renaming
each test's node id, which pytest 9 no longer lets a plugin do, so it silently does nothing.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import settings
from xdist.scheduler import LoadScopeScheduling

from tests.server.support.figures import write_summary

# No time limit per Hypothesis example: its default 200 ms is a speed assertion, and on a
# machine busy with other workers an example of a pure rule took 257 ms (DeadlineExceeded).
settings.register_profile("suite", deadline=None)

# No server a test starts downloads card text at start-up (`card_text_on_start`): that
# would ask the Internet. The tests of that download turn it on against a local stand-in.
os.environ.setdefault("PRISMATIC_CARD_TEXT_ON_START", "0")
settings.load_profile("suite")

SHARED_SERVER_MODULES = (
    "tests/browser/",  # a server and a Chromium per module (tests/browser/conftest.py)
    "tests/server/cluster/test_two_processes.py",  # one pair of cluster members
    "tests/server/cluster/test_name_races.py",  # one pair of cluster members
    "tests/server/services/test_rounds.py",  # one night drafted, copied for each test
    "tests/server/services/test_round_clock.py",  # one night drafted, copied for each test
)


class SharedServerScheduling(LoadScopeScheduling):
    """pytest-xdist's `load`, but a module in `SHARED_SERVER_MODULES` is one unit of work.

    Units with the most tests go out first (pytest-xdist's `loadscope` order), so the
    long browser modules start early and single tests fill the gaps after them."""

    def _split_scope(self, nodeid: str) -> str:
        module = nodeid.split("::", 1)[0]
        return module if module.startswith(SHARED_SERVER_MODULES) else nodeid


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "load":
        return None  # an explicit --dist wins
    return SharedServerScheduling(config, log)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The hardening tests' figures (see tests/server/support/figures.py), even without `-s`."""
    write_summary(terminalreporter)
