"""A real, tiny filesystem for disk-full tests: a tmpfs of a few MiB, and a filler file
that takes every free block of it.

Why a real filesystem and not an injected driver error: only the real thing shows what
SQLite does when its WAL cannot grow, whether the error reaches the phone as "try again",
and whether the server, its `-wal` and `-shm` files survive it. Mounting needs root (CI
runs as root); elsewhere the tests skip, and in CI (`CI` set) they fail instead.
"""

from __future__ import annotations

import errno
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def tiny_filesystem(where: Path, size: str = "2m") -> Iterator[Path]:
    """Mount a tmpfs of `size` at `where` for the block; unmounted afterwards."""
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755",
                              "tmpfs", str(where)], capture_output=True, text=True)
    if mounted.returncode != 0:
        reason = f"cannot mount a tmpfs (needs root): {mounted.stderr.strip()}"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    try:
        yield where
    finally:
        subprocess.run(["umount", "--lazy", str(where)], check=True)


def fill(where: Path) -> Path:
    """Write a filler file until the filesystem has no free byte left; returns its path."""
    filler = where / "filler"
    with open(filler, "wb", buffering=0) as out:
        for chunk in (1 << 20, 1 << 12, 1):
            try:
                while True:
                    out.write(b"\0" * chunk)
            except OSError as error:
                if error.errno != errno.ENOSPC:
                    raise
    return filler


def free_bytes(where: Path) -> int:
    stats = os.statvfs(where)
    return stats.f_bavail * stats.f_frsize
