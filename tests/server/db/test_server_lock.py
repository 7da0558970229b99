"""`server.db.server_lock`: one process at a time holds a SQLite file.

Rules: a second claim on a held file is refused at once and names the holder's pid; a
released or dead holder's lock is free again, even though its file (with its pid) stays.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from server.db.server_lock import ServerLock, ServerRunning, lock_path


def test_a_held_database_is_refused_with_the_holders_pid(tmp_path: Path) -> None:
    database = tmp_path / "prismatic.db"
    with ServerLock(database):
        with pytest.raises(ServerRunning) as refused:
            ServerLock(database).acquire()
        assert refused.value.pid == os.getpid()
    with ServerLock(database):  # released: free again
        pass


def test_a_killed_holders_lock_file_does_not_block(tmp_path: Path) -> None:
    database = tmp_path / "prismatic.db"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; from pathlib import Path;"
         "from server.db.server_lock import ServerLock;"
         f"lock = ServerLock(Path({str(database)!r})).acquire(); print('held', flush=True);"
         "time.sleep(120)"],
        stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[3])
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(ServerRunning) as refused:
            ServerLock(database).acquire()
        assert refused.value.pid == holder.pid
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
        if holder.stdout is not None:
            holder.stdout.close()
    assert lock_path(database).read_text().strip() == str(holder.pid)  # stale, left behind
    with ServerLock(database):
        assert lock_path(database).read_text().strip() == str(os.getpid())
