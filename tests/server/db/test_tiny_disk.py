"""A real full disk: the server's SQLite database on a tiny tmpfs that a filler file fills.

Rule: when the disk is full, a pick or a game tap is refused with a name for it (503
`disk_full`, or the socket `error` `disk_full`: "the laptop's disk is full — free some
space; no pick is lost"), is stored not at all, and changes nothing the phones see but
the banner on the host's screen and the phones; the server keeps serving; once space is
freed, the same pick or tap succeeds (a tap exactly once), the banner goes, and the night
goes on without a restart. A server started on a full disk,
and a checkpoint that cannot grow the database file, lose nothing.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.db.test_db_faults import assert_memory_is_the_replay, pick_body
from tests.server.realtime.test_sockets import receive, receive_until
from tests.server.services.test_restore import stored_log
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    join,
    me,
    new_pod,
    play_tables,
    start,
)
from tests.server.support.live import LiveServer
from tests.server.support.tiny_disk import fill, free_bytes, tiny_filesystem


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with tiny_filesystem(tmp_path / "disk", "2m") as where:
        yield where


def server_on(disk: Path, tmp_path: Path) -> LiveServer:
    """The real server with its database (and WAL, -shm) on the tiny disk."""
    server = LiveServer(f"sqlite:///{disk / 'prismatic.db'}", tmp_path / "data")
    server.start()
    return server


def drafting_pod(client: httpx.Client) -> tuple[PodHandle, SeatHandle]:
    pod = new_pod(client, seats=2, seed=11, pick_timer_seconds=60)
    ann = join(client, pod, "Ann")
    start(client, pod)
    return pod, ann


def without_version(view: dict[str, Any]) -> dict[str, Any]:
    """The view as the phone draws it (the socket's connect and close bump the version)."""
    return {key: value for key, value in view.items() if key != "version"}


def without_deadline(view: dict[str, Any]) -> dict[str, Any]:
    """The view less the seat's deadline (a restart gives the time left back from anew)."""
    return {key: value for key, value in view.items() if key != "deadline"}


def moment(iso: str) -> datetime:
    return datetime.fromisoformat(iso.replace("Z", "+00:00"))


def refused_everywhere(server: LiveServer, client: httpx.Client, pod: PodHandle,
                       ann: SeatHandle, body: dict[str, Any]) -> None:
    """The pick is 503 `disk_full` over HTTP and `error` `disk_full` over the socket."""
    refused = client.post(pod.url("/picks"), headers=ann.auth, json=body)
    assert refused.status_code == 503, refused.text
    assert refused.json()["error"]["code"] == "disk_full"
    assert "free some space" in refused.json()["error"]["message"]
    with connect(server.ws_url(pod.pod_id, ann.token)) as ws:
        receive(ws)
        ws.send(json.dumps({"type": "pick", **body, "ref": "full"}))
        answer = receive_until(ws, "error")
    assert answer["code"] == "disk_full" and answer["ref"] == "full"
    seen_leaving(client, ann)


def seen_leaving(client: httpx.Client, seat: SeatHandle, seconds: float = 10) -> None:
    """Wait until the server has handled the socket's close (the seat shows as not
    connected again): the close reaches the server after the client returns, so a view
    read at once may still show the phone connected (it did once in CI, under load)."""
    deadline = time.monotonic() + seconds
    while any(player["connected"] for player in me(client, seat)["players"]
              if player["name"] == seat.name):
        assert time.monotonic() < deadline, f"{seat.name}'s closed socket still counts"
        time.sleep(0.02)


@pytest.mark.slow
def test_a_pick_on_a_full_disk_is_refused_then_succeeds_once_space_is_freed(
    disk: Path, tmp_path: Path
) -> None:
    server = server_on(disk, tmp_path)
    db_url = server.db_url
    try:
        with server.client() as client:
            pod, ann = drafting_pod(client)
            before = me(client, ann)
            filler = fill(disk)
            assert free_bytes(disk) == 0
            refused_everywhere(server, client, pod, ann, pick_body(before))
            assert without_version(me(client, ann)) == {**without_version(before),
                                                          "disk_full": True}
            assert client.get("/healthz").status_code == 200
            assert client.get(pod.url("/host"), headers=pod.host).json()["disk_full"] is True
            assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 1
            _players, log = stored_log(db_url, pod.pod_id)
            assert all(seat != before["me"]["seat"] for seat, _cards in log)
            assert "database or disk is full" in server.output()

            filler.unlink()
            retried = client.post(pod.url("/picks"), headers=ann.auth, json=pick_body(before))
            assert retried.status_code == 200, retried.text
            assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 2
            assert client.get(pod.url("/host"), headers=pod.host).json()["disk_full"] is False
            following = client.post(pod.url("/picks"), headers=ann.auth,
                                    json=pick_body(me(client, ann)))
            assert following.status_code == 200  # the draft goes on
            assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 3
    finally:
        server.stop()


@pytest.mark.slow
def test_a_restart_on_a_full_disk_serves_and_a_failed_checkpoint_loses_nothing(
    disk: Path, tmp_path: Path
) -> None:
    """The WAL holds the picks (the database file is one page); with the disk full, a
    restart must still read them, and the checkpoint SQLite tries when the last
    connection closes (it must grow the database file) fails without losing any."""
    server = server_on(disk, tmp_path)
    db_url, path = server.db_url, disk / "prismatic.db"
    try:
        with server.client() as client:
            pod, ann = drafting_pod(client)
            for _ in range(3):
                assert client.post(pod.url("/picks"), headers=ann.auth,
                                   json=pick_body(me(client, ann))).status_code == 200
            log = stored_log(db_url, pod.pod_id)
            server.kill()
            assert (disk / "prismatic.db-wal").stat().st_size > path.stat().st_size
            filler = fill(disk)
            server.start()
            view = assert_memory_is_the_replay(client, db_url, pod, ann)
            assert view["pick"] == 4
            refused_everywhere(server, client, pod, ann, pick_body(view))
            server.stop()  # graceful: the last close tries to checkpoint into a full disk
            checkpoint = sqlite3.connect(path)
            try:
                _busy, wal_pages, _moved = checkpoint.execute(
                    "PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            except sqlite3.OperationalError as error:
                assert "full" in str(error)
            else:
                assert wal_pages > 0  # the WAL was kept: nothing of it is gone
            assert checkpoint.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            checkpoint.close()
            assert stored_log(db_url, pod.pod_id) == log

            server.start()
            assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 4
            filler.unlink()
            assert client.post(pod.url("/picks"), headers=ann.auth,
                               json=pick_body(view)).status_code == 200
            assert assert_memory_is_the_replay(client, db_url, pod, ann)["pick"] == 5
    finally:
        server.stop()


def test_a_game_tap_on_a_full_disk_is_refused_and_applies_once_when_resent(
    tmp_path: Path
) -> None:
    with tiny_filesystem(tmp_path / "disk", "16m") as disk:
        server = server_on(disk, tmp_path)
        try:
            with server.client() as client:
                pod, seats = play_tables(client)
                ann = seats["Ann"]
                board = client.get(pod.url("/games/1"), headers=ann.auth).json()
                bob = next(p["player_id"] for p in board["players"] if p["name"] == "Bob")
                tap = {"kind": "life", "target": bob, "delta": -3, "ref": "ann-1"}
                filler = fill(disk)
                refused = client.post(pod.url("/games/1"), headers=ann.auth, json=tap)
                assert refused.status_code == 503 and refused.json()["error"]["code"] \
                    == "disk_full"
                with connect(server.ws_url(pod.pod_id, ann.token)) as ws:
                    receive(ws)
                    ws.send(json.dumps({"type": "adjust", **tap}))
                    assert receive_until(ws, "error")["code"] == "disk_full"
                assert client.get(pod.url("/games/1"), headers=ann.auth).json() == board
                filler.unlink()
                first = client.post(pod.url("/games/1"), headers=ann.auth, json=tap)
                again = client.post(pod.url("/games/1"), headers=ann.auth, json=tap)
            assert first.status_code == again.status_code == 200
            assert again.json()["applied"] == 1 and again.json()["seq"] == 1
            assert next(p["life"] for p in again.json()["players"] if p["player_id"] == bob) \
                == 37
        finally:
            server.stop()


@pytest.mark.slow
def test_a_start_that_cannot_create_the_shm_file_says_the_disk_is_full(
    disk: Path, tmp_path: Path
) -> None:
    """Without its `-shm` file (deleted, or never written after a crash) SQLite must
    create one to open the database; on a full disk it only says "disk I/O error"."""
    server = server_on(disk, tmp_path)
    try:
        with server.client() as client:
            _pod, ann = drafting_pod(client)
            view = me(client, ann)
        server.kill()
        (disk / "prismatic.db-shm").unlink()
        filler = fill(disk)
        with pytest.raises(RuntimeError, match="is full: 0 bytes free; free some space"):
            server.start()
        filler.unlink()
        server.start()
        with server.client() as client:
            after = me(client, ann)
        # A restart gives the seat the time it had left, from the new start: the deadline
        # moves by the time the server was down, and nothing else of the view changes.
        assert without_deadline(without_version(after)) == without_deadline(
            without_version(view))
        assert moment(after["deadline"]) >= moment(view["deadline"])
        assert moment(after["deadline"]) <= datetime.now(UTC) + timedelta(seconds=60)
    finally:
        server.stop()
