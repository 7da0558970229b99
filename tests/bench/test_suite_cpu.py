"""The suite's CPU bench counts what a process's orphans used, and keeps the command's exit."""

from __future__ import annotations

import re
import subprocess
import sys

ORPHAN_BURNS = 0.3
"""CPU seconds the orphan spends: reached by its own clock, so a loaded machine only
makes it take longer."""
LEAVES_A_BUSY_ORPHAN = f"""
import os, sys, time
if os.fork() == 0:
    while time.process_time() < {ORPHAN_BURNS}:
        pass
    os._exit(0)
sys.exit(3)
"""


def bench(*command: str) -> str:
    done = subprocess.run([sys.executable, "-m", "bench.suite_cpu", "--", *command],
                          capture_output=True, text=True, timeout=60, check=False)
    return done.stderr


def test_an_orphans_cpu_is_counted_and_the_commands_exit_is_kept() -> None:
    report = bench(sys.executable, "-c", LEAVES_A_BUSY_ORPHAN)
    found = re.search(r"exit (\d+), wall [\d.]+ s, CPU of the command's processes ([\d.]+) s "
                      r"\((\d+) orphans reaped\)", report)
    assert found, report
    assert int(found[1]) == 3
    assert float(found[2]) >= ORPHAN_BURNS
    assert int(found[3]) == 1


def test_a_command_is_required() -> None:
    report = bench()
    assert "name the command after `--`" in report
