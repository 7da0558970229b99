"""The server's own snapshot after every night the host ends.

Rules: ending a night leaves a copy of the SQLite database in the data dir's `backups/`
folder, holding that night as ended, and the host's view says where; only the newest 10
snapshots stay (the host's own backups are never removed); a snapshot that fails (a full
disk) is logged and shown to the host, and the night is ended all the same. PostgreSQL
takes no snapshot (pg_dump is the host's tool there).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from server.core.settings import Settings
from server.db.backup import check_backup, sqlite_file
from server.services.night import snapshots
from tests.server.support.builders import new_pod


def end(client: TestClient, seed: int = 7) -> dict[str, Any]:
    pod = new_pod(client, seats=4, seed=seed)
    response = client.post(pod.url("/end"), headers=pod.host)
    assert response.status_code == 200, response.text
    return dict(response.json())


def stored_phases(database: Path) -> dict[str, str]:
    connection = sqlite3.connect(database)
    try:
        return dict(connection.execute("SELECT id, phase FROM pod").fetchall())
    finally:
        connection.close()


def test_ending_a_night_snapshots_the_database_with_that_night_ended(
        client: TestClient, settings: Settings) -> None:
    view = end(client)
    backups = settings.data_dir / "backups"
    if not settings.database_url().startswith("sqlite"):
        assert view["snapshot"] is None and not backups.exists()
        return
    snapshot = view["snapshot"]
    assert snapshot["error"] is None and snapshot["disk_full"] is False
    path = Path(snapshot["file"])
    assert path.parent == backups and path.name.startswith("snapshot-")
    assert snapshot["bytes"] == path.stat().st_size
    assert check_backup(path).older is False
    assert stored_phases(path) == {view["pod_id"]: "done"}


@pytest.fixture
def sqlite_only(settings: Settings) -> Settings:
    if not settings.database_url().startswith("sqlite"):
        pytest.skip("snapshots are SQLite's; PostgreSQL's rule is the test above")
    return settings


def test_only_the_newest_ten_snapshots_stay_and_backups_are_never_pruned(
        client: TestClient, sqlite_only: Settings) -> None:
    backups = sqlite_only.data_dir / "backups"
    backups.mkdir(parents=True)
    own = backups / "backup-20200101-000000-000000.db"
    own.write_bytes(b"the host's own backup")
    ended = [end(client, seed=seed) for seed in range(12)]
    kept = snapshots.snapshots(backups)
    assert [path.name for path in kept] == [
        Path(view["snapshot"]["file"]).name for view in ended[-10:]]
    assert own.read_bytes() == b"the host's own backup"
    # The newest holds every night ended so far.
    assert set(stored_phases(kept[-1])) == {view["pod_id"] for view in ended}


def test_prune_keeps_the_newest_by_name(tmp_path: Path) -> None:
    names = [f"snapshot-2026120{day}-200000-000000.db" for day in range(1, 10)]
    for name in reversed(names):
        (tmp_path / name).write_bytes(b"")
    removed = snapshots.prune(tmp_path, keep=3)
    assert [path.name for path in removed] == names[:6]
    assert [path.name for path in snapshots.snapshots(tmp_path)] == names[6:]


def test_a_failed_snapshot_does_not_fail_ending_the_night(
        sqlite_only: Settings, app_client: Callable[..., Any],
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def full(_source: Path, target: Path, *_args: Any) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    with monkeypatch.context() as patch, app_client(sqlite_only) as client:
        patch.setattr(snapshots, "copy_database", full)
        view = end(client)
    assert view["phase"] == "done"
    assert view["snapshot"] == {"file": None, "bytes": 0, "disk_full": True,
                                "error": "OperationalError: database or disk is full"}
    assert "snapshot after pod" in caplog.text
    assert snapshots.snapshots(sqlite_only.data_dir / "backups") == []
    database = sqlite_file(sqlite_only.database_url())
    assert database is not None
    assert stored_phases(database) == {view["pod_id"]: "done"}  # the end itself is stored


def test_a_backups_folder_that_cannot_be_made_is_reported_too(
        client: TestClient, sqlite_only: Settings) -> None:
    sqlite_only.data_dir.mkdir(parents=True, exist_ok=True)
    (sqlite_only.data_dir / "backups").write_text("a file where the folder should be")
    view = end(client)
    assert view["phase"] == "done"
    assert view["snapshot"]["file"] is None and view["snapshot"]["disk_full"] is False
    assert view["snapshot"]["error"].startswith(("FileExistsError", "NotADirectoryError"))
