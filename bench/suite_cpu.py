"""The CPU of a command and of every process it starts, orphans included, and the machine's.

Why not `time` or `tests/cpu_meter.py`: a process counts its children's CPU only once it
has waited for them, and Chromium's renderers are the children of its zygote, which is
left running when the browser process exits and is then reaped by the system's first
process, not by anyone the suite can see. Over eight browser modules the pytest tree
counted 60 s of a 124 s run; the renderers were the rest (issue #43). This runs the
command as a child subreaper (`PR_SET_CHILD_SUBREAPER`), so every orphan below it is
re-parented here and reaped here, and its CPU is counted; and it reads `/proc/stat`
before and after, so another session's load on a shared machine shows as the difference
between the two totals.

Usage: python -m bench.suite_cpu [--repeat N] -- COMMAND [ARG ...]
e.g.   python -m bench.suite_cpu --repeat 2 -- .venv/bin/python -m pytest -q tests/browser
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

PR_SET_CHILD_SUBREAPER = 36
TICK = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Run:
    returncode: int
    wall: float
    tree_cpu: float
    """User + system CPU of the command and of every process below it, orphans included."""
    machine_busy: float
    """CPU every process of the machine used meanwhile (`/proc/stat`: user, nice, system,
    irq and softirq; not idle, iowait, or steal, the time the host gave to other machines)."""
    orphans: int


def machine_busy() -> float:
    with open("/proc/stat") as stat:
        user, nice, system, _idle, _iowait, irq, softirq = map(int, stat.readline().split()[1:8])
    return (user + nice + system + irq + softirq) / TICK


def become_subreaper() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")


def run(command: list[str]) -> Run:
    """Run `command`, reaping it and every orphan below it; what they cost."""
    before_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy_before, started = machine_busy(), time.monotonic()
    child = subprocess.Popen(command)
    returncode, orphans = 1, 0
    while True:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break  # the command and every orphan it left are reaped
        if pid == child.pid:
            returncode = os.waitstatus_to_exitcode(status)
            child.returncode = returncode  # so Popen does not wait for it again
        else:
            orphans += 1
    after_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    tree_cpu = ((after_children.ru_utime + after_children.ru_stime)
                - (before_children.ru_utime + before_children.ru_stime))
    return Run(returncode, time.monotonic() - started, tree_cpu,
               machine_busy() - busy_before, orphans)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.suite_cpu", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=1, help="runs, one after another")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="after `--`")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("name the command after `--`")
    become_subreaper()
    runs = []
    for number in range(1, args.repeat + 1):
        done = run(command)
        runs.append(done)
        print(f"run {number}: exit {done.returncode}, wall {done.wall:.1f} s, "
              f"CPU of the command's processes {done.tree_cpu:.1f} s "
              f"({done.orphans} orphans reaped), machine busy {done.machine_busy:.1f} s",
              file=sys.stderr)
    if len(runs) > 1:
        print(f"median: wall {statistics.median(r.wall for r in runs):.1f} s, "
              f"CPU {statistics.median(r.tree_cpu for r in runs):.1f} s, "
              f"machine busy {statistics.median(r.machine_busy for r in runs):.1f} s",
              file=sys.stderr)
    return max(r.returncode for r in runs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
