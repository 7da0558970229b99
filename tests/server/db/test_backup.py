"""`server.db.backup`: the online copy and the check of a file before a restore.

Rules: a copy taken in many small steps while another connection keeps committing
finishes, passes SQLite's integrity check and holds exactly the rows of one moment (no
restart, no torn page); it is one self-contained file, private to its owner; a failed copy
leaves nothing under the target's name. A file is restorable only when it is a sound
SQLite database carrying a schema revision this code knows.
"""

from __future__ import annotations

import sqlite3
import stat
import threading
from pathlib import Path

import pytest

from server.db import backup
from server.db.backup import NotRestorable, check_backup, copy_database, put_in_place


def wal_database(path: Path, rows: int = 2000) -> Path:
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("CREATE TABLE pick (seq INTEGER PRIMARY KEY, card BLOB)")
    connection.executemany("INSERT INTO pick (card) VALUES (randomblob(900))",
                           [()] * rows)
    connection.commit()
    connection.close()
    return path


def test_a_copy_in_small_steps_under_steady_commits_is_one_moment(tmp_path: Path) -> None:
    source = wal_database(tmp_path / "live.db")
    stop, written = threading.Event(), [0]

    def commit_forever() -> None:
        writer = sqlite3.connect(source, isolation_level=None)
        while not stop.is_set():
            writer.execute("INSERT INTO pick (card) VALUES (randomblob(900))")
            written[0] += 1
        writer.close()

    thread = threading.Thread(target=commit_forever)
    thread.start()
    steps: list[tuple[int, int]] = []
    try:
        while written[0] < 20:  # the writer is going before the copy starts
            stop.wait(0.001)
        size = copy_database(source, tmp_path / "copy.db",
                             progress=lambda done, total: steps.append((done, total)),
                             pages=4)
    finally:
        stop.set()
        thread.join(10)
    copy = sqlite3.connect(tmp_path / "copy.db")
    assert copy.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    count, last = copy.execute("SELECT count(*), max(seq) FROM pick").fetchone()
    copy.close()
    assert count == last  # every row up to one commit, none after it
    total = steps[-1][1]
    assert steps[-1] == (total, total) and len(steps) >= total // 4
    assert size == (tmp_path / "copy.db").stat().st_size
    assert stat.S_IMODE((tmp_path / "copy.db").stat().st_mode) == 0o600
    assert not (tmp_path / "copy.db-wal").exists()


def test_a_failed_copy_leaves_no_file_under_the_target_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = wal_database(tmp_path / "live.db", rows=50)
    target = tmp_path / "copy.db"

    def full(_path: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backup, "_sync", full)
    with pytest.raises(OSError, match="No space"):
        copy_database(source, target)
    assert list(tmp_path.iterdir()) == [source]


def test_a_missing_source_is_not_created(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        copy_database(tmp_path / "nothing.db", tmp_path / "copy.db")
    assert list(tmp_path.iterdir()) == []


def test_check_tells_each_kind_of_unrestorable_file(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"x" * 4096)
    foreign = wal_database(tmp_path / "foreign.db", rows=1)
    reasons = {}
    for path in (junk, foreign):
        with pytest.raises(NotRestorable) as refused:
            check_backup(path)
        reasons[path.name] = refused.value.reason
    assert reasons == {"junk.db": "not_a_database", "foreign.db": "not_prismatic"}


def test_check_refuses_a_damaged_database(tmp_path: Path) -> None:
    path = wal_database(tmp_path / "damaged.db", rows=400)
    copy_database(path, tmp_path / "plain.db")  # rollback-journal: pages all in the file
    data = bytearray((tmp_path / "plain.db").read_bytes())
    page = 4096
    data[page * 3:page * 3 + 64] = b"\xff" * 64  # scribble over a b-tree page header
    (tmp_path / "plain.db").write_bytes(bytes(data))
    with pytest.raises(NotRestorable) as refused:
        check_backup(tmp_path / "plain.db")
    assert refused.value.reason in ("damaged", "not_a_database")


def test_put_in_place_drops_the_old_databases_wal(tmp_path: Path) -> None:
    old = wal_database(tmp_path / "prismatic.db", rows=10)
    keeper = sqlite3.connect(old)  # holds the WAL open: a -wal file with commits in it
    keeper.execute("INSERT INTO pick (card) VALUES (x'00')")
    keeper.commit()
    new = wal_database(tmp_path / "new.db", rows=3)
    copy_database(new, tmp_path / "backup.db")
    keeper.close()
    # A crash would leave the -wal behind; simulate it with a stale copy.
    (tmp_path / "prismatic.db-wal").write_bytes(b"stale")
    put_in_place(tmp_path / "backup.db", old)
    assert not (tmp_path / "prismatic.db-wal").exists()
    connection = sqlite3.connect(old)
    assert connection.execute("SELECT count(*) FROM pick").fetchone() == (3,)
    connection.close()
