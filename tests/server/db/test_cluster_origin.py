"""A process's name in its cluster notices is its own, even in a forked copy.

Why it matters: a process skips the notices that carry its own name; a fork that kept its
parent's name would skip every change its parent made (the suite forks its servers from
one warm parent, `tests/server/support/zygote.py`)."""

from __future__ import annotations

import os

from server.db import cluster_repo


def test_a_forked_process_names_itself_anew() -> None:
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child reports through the pipe)
        os.write(write, cluster_repo.ORIGIN.encode())
        os._exit(0)
    os.close(write)
    named = os.read(read, 64).decode()
    os.close(read)
    os.waitpid(child, 0)
    assert named and named != cluster_repo.ORIGIN
