"""Hooks for the whole suite, loaded first (also by pytest-xdist's controller, which
collects no test and so never reads the folders' own conftest files).

The suite runs on several workers (`-n` in pyproject's addopts). Tests go to whichever
worker is free, one by one, except the modules in `SHARED_SERVER_MODULES`: their tests
share a server (and a browser), or a night drafted, once per module, so a module runs
whole on one worker; split, each worker that runs a few of its tests would make its own.

Why a scheduler and not pytest-xdist's `xdist_group` marker: the marker works by renaming
each test's node id, which pytest 9 no longer lets a plugin do, so it silently does nothing.

Longest first (issue #43): a worker that takes a long unit last keeps the run waiting after
the others are done, so the units go out by their expected time, longest first
(`longest_first`, tests/test_scheduling.py): a crash-and-restart loop or a browser module
starts early and the single quick tests fill the gaps at the end. The browser modules go
out before all others, so each worker runs its share of them on one Chromium.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from hypothesis import settings
from xdist.scheduler import LoadScopeScheduling

from tests.server.support.figures import write_summary
from tests.worker_heap import WorkerHeap

# No time limit per Hypothesis example: its default 200 ms is a speed assertion, and on a
# machine busy with other workers an example of a pure rule took 257 ms (DeadlineExceeded).
settings.register_profile("suite", deadline=None)

# No server a test starts downloads card text at start-up (`card_text_on_start`): that
# would ask the Internet. The tests of that download turn it on against a local stand-in.
os.environ.setdefault("PRISMATIC_CARD_TEXT_ON_START", "0")
settings.load_profile("suite")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(WorkerHeap(), "worker-heap")


@pytest.fixture
def restored_gc() -> Iterator[None]:
    """Nothing frozen before the test (the suite freezes at each module's end,
    tests/worker_heap.py), the collector as it was after it."""
    thresholds = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


BROWSER_MODULES = "tests/browser/"
SHARED_SERVER_MODULES = (
    BROWSER_MODULES,  # a server per module, a Chromium per run of them (tests/browser/conftest.py)
    "tests/server/cluster/test_two_processes.py",  # one pair of cluster members
    "tests/server/cluster/test_name_races.py",  # one pair of cluster members
    "tests/server/services/test_rounds.py",  # one night drafted, copied for each test
    "tests/server/services/test_round_clock.py",  # one night drafted, copied for each test
    "tests/server/services/test_split_clock.py",  # one night drafted, copied for each test
)


SECONDS_BY_MARK = (("slow", 60.0), ("browser", 10.0))
"""A test's expected seconds by its marks, the first that it has (a SIGKILL loop, a wheel
install or a long browser walk is marked `slow`); any other test is about a second."""


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to: its module if the module shares a server,
    else the test alone."""
    module = nodeid.split("::", 1)[0]
    return module if module.startswith(SHARED_SERVER_MODULES) else nodeid


def expected_seconds(marks: Iterable[str]) -> float:
    names = set(marks)
    return next((seconds for mark, seconds in SECONDS_BY_MARK if mark in names), 1.0)


def longest_first(tests: list[tuple[str, frozenset[str]]]) -> list[str]:
    """The node ids of `tests` (node id, marks) regrouped by unit: the browser modules
    first, then the other units, each part with the most expected seconds first; a unit's
    tests keep their order, and equal units theirs.

    Why the browser modules first: a worker then runs its browser modules back to back on
    one Chromium (tests/browser/conftest.py), started once, not once per module."""
    units: dict[str, list[str]] = {}
    seconds: dict[str, float] = {}
    for nodeid, marks in tests:
        unit = unit_of(nodeid)
        units.setdefault(unit, []).append(nodeid)
        seconds[unit] = seconds.get(unit, 0.0) + expected_seconds(marks)
    ordered = sorted(units, key=lambda unit: (not unit.startswith(BROWSER_MODULES),
                                              -seconds[unit]))  # stable: ties keep their order
    return [nodeid for unit in ordered for nodeid in units[unit]]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a pytest-xdist worker, collect longest first: the controller hands the units out
    in the workers' collection order (`SharedServerScheduling`). In one process (`-n 0`)
    the order stays the files' own, which keeps each module's tests together."""
    if not hasattr(config, "workerinput"):
        return
    marks = {item.nodeid: frozenset(mark.name for mark in item.iter_markers()) for item in items}
    position = {nodeid: index for index, nodeid in
                enumerate(longest_first([(item.nodeid, marks[item.nodeid]) for item in items]))}
    items.sort(key=lambda item: position[item.nodeid])


class SharedServerScheduling(LoadScopeScheduling):
    """pytest-xdist's `load`, but a module in `SHARED_SERVER_MODULES` is one unit of work,
    and the units go out in the workers' collection order: longest first
    (`pytest_collection_modifyitems`), not pytest-xdist's most-tests-first."""

    def __init__(self, config: pytest.Config, log: Any = None) -> None:
        super().__init__(config, log)
        config.option.loadscopereorder = False  # the collection is already in order

    def _split_scope(self, nodeid: str) -> str:
        return unit_of(nodeid)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "load":
        return None  # an explicit --dist wins
    return SharedServerScheduling(config, log)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The hardening tests' figures (see tests/server/support/figures.py), even without `-s`."""
    write_summary(terminalreporter)
