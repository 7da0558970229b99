"""Opt-in: CPU seconds by test module, the worker's own and every process it started.

Why: the suite is CPU-bound on a 2-core machine (issue #43), so what a module costs is its
CPU, not its wall time, and most of it is spent outside the test worker: in the servers
forked by the zygote (its children, not the worker's), in Playwright's node driver and in
Chromium (the driver's children, counted in the worker's once the driver is reaped, when
the worker's run of browser modules ends). Not counted: Chromium's renderers, whose
zygote outlives the browser process and is reaped by the system's first process;
`bench/suite_cpu.py` counts a whole run, orphans included. Off by default; load it with
`-p tests.cpu_meter` and name a folder:

    PRISMATIC_TEST_CPU_DIR=/tmp/cpu .venv/bin/python -m pytest -p tests.cpu_meter -n 0 tests/browser
    .venv/bin/python -m tests.cpu_meter /tmp/cpu [N]    # the table, most CPU first

Each test's share is the change, across its setup, call and teardown, of: this process's
user + system CPU, that of its reaped children (and theirs, once reaped), and what the
zygote reports for itself and the servers it reaped. A module-scoped fixture's start is
counted in the module's first test and its end in its last, so a module's sum is whole; a
process still running when a module ends (a server a test leaked) is counted when reaped.
Each worker writes `<worker>.json` into the folder at the end of its session.
"""

from __future__ import annotations

import json
import os
import resource
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.support.spawn import zygote_cpu

FOLDER_ENV = "PRISMATIC_TEST_CPU_DIR"


class CpuClock:
    """CPU seconds so far, in three parts: this worker, the processes it reaped (Chromium
    and its driver, a CLI run, the zygote at the worker's end), and what the zygote
    reports for itself and the servers it forked and reaped. The zygote's share is taken
    as a change, so a zygote restarted mid-session (its counters at zero) counts from zero."""

    PARTS = ("worker", "reaped", "servers")

    def __init__(self) -> None:
        self.zygote: object | None = None
        self.zygote_seconds = 0.0
        self.zygote_total = 0.0

    def seconds(self) -> tuple[float, float, float]:
        own = resource.getrusage(resource.RUSAGE_SELF)
        reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
        reported = zygote_cpu()
        if reported is not None:
            zygote, seconds = reported
            if zygote is not self.zygote:
                self.zygote, self.zygote_seconds = zygote, 0.0
            self.zygote_total += seconds - self.zygote_seconds
            self.zygote_seconds = seconds
        return (own.ru_utime + own.ru_stime, reaped.ru_utime + reaped.ru_stime,
                self.zygote_total)


class CpuMeter:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.clock = CpuClock()
        self.by_test: dict[str, list[float]] = {}

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[None]:
        before = self.clock.seconds()
        yield
        after = self.clock.seconds()
        self.by_test[item.nodeid] = [round(b - a, 4) for a, b in zip(before, after, strict=True)]

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        if not self.by_test:
            return  # xdist's controller runs no test
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / f"{worker}.json").write_text(json.dumps(self.by_test, indent=0))


def pytest_configure(config: pytest.Config) -> None:
    folder = os.environ.get(FOLDER_ENV)
    if not folder:
        raise pytest.UsageError(f"-p tests.cpu_meter needs {FOLDER_ENV}=<folder>")
    config.pluginmanager.register(CpuMeter(Path(folder)), "cpu_meter")


def by_module(folder: Path) -> dict[str, tuple[int, list[float]]]:
    """Tests and CPU seconds (worker, reaped, servers) by module, summed over every
    worker's file in `folder`."""
    modules: dict[str, tuple[int, list[float]]] = {}
    for path in sorted(folder.glob("*.json")):
        for nodeid, parts in json.loads(path.read_text()).items():
            module = nodeid.split("::", 1)[0]
            tests, sums = modules.get(module, (0, [0.0, 0.0, 0.0]))
            modules[module] = (tests + 1, [s + p for s, p in zip(sums, parts, strict=True)])
    return modules


def main(argv: list[str]) -> None:
    modules = by_module(Path(argv[0]))
    limit = int(argv[1]) if len(argv) > 1 else len(modules)
    print(f"{'CPU s':>8} {'worker':>7} {'reaped':>7} {'servers':>7} {'tests':>6}  module")
    totals, count = [0.0, 0.0, 0.0], 0
    ranked = sorted(modules.items(), key=lambda kv: -sum(kv[1][1]))
    for rank, (module, (tests, parts)) in enumerate(ranked):
        totals = [t + p for t, p in zip(totals, parts, strict=True)]
        count += tests
        if rank < limit:
            print(f"{sum(parts):8.1f} {parts[0]:7.1f} {parts[1]:7.1f} {parts[2]:7.1f} "
                  f"{tests:6d}  {module}")
    print(f"{sum(totals):8.1f} {totals[0]:7.1f} {totals[1]:7.1f} {totals[2]:7.1f} "
          f"{count:6d}  total")


if __name__ == "__main__":
    main(sys.argv[1:])
