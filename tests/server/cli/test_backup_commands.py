"""`prismatic backup` and `prismatic restore`: a season outlives the laptop.

Rules: a backup taken mid-night, while the server runs and keeps committing picks, restores
into a fresh data dir where a server shows the same pods, picks, pools, games and night
summary; restore never replaces the database under a running server, accepts once it
stopped, refuses what is not a Prismatic database this version can open, and keeps the
database it replaces; on PostgreSQL both commands say what to run instead and exit non-zero.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from server.core.settings import Settings
from server.db.backup import check_backup
from server.db.engine import create_db_engine
from server.db.migrate import alembic_config, upgrade_to_head
from tests.server.support.builders import (
    PodHandle,
    SeatHandle,
    join,
    me,
    new_pod,
    play_tables,
    start,
    take_first,
)
from tests.server.support.live import LiveServer
from tests.server.support.nights import Night, night_at_tables
from tests.server.support.spawn import run_cli

ENGLISH = {"LANG": "C.UTF-8"}


def prismatic(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items()
            if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG") and
            not k.startswith("PRISMATIC_")}
    return run_cli(args, env={**base, "PRISMATIC_CARD_TEXT_ON_START": "0", **(env or ENGLISH)},
                   timeout=120)


def sqlite_server(data_dir: Path) -> LiveServer:
    data_dir.mkdir(parents=True, exist_ok=True)
    return LiveServer(f"sqlite:///{data_dir / 'prismatic.db'}", data_dir)


@pytest.fixture
def servers() -> Iterator[list[LiveServer]]:
    started: list[LiveServer] = []
    yield started
    for server in started:
        server.stop()


def running(servers: list[LiveServer], data_dir: Path) -> LiveServer:
    server = sqlite_server(data_dir)
    server.start()
    servers.append(server)
    return server


def migrated_database(data_dir: Path, revision: str = "head") -> Path:
    """A Prismatic database at `revision` in `data_dir` (as `serve` leaves it)."""
    from alembic import command

    data_dir.mkdir(parents=True, exist_ok=True)
    engine = create_db_engine(Settings(data_dir=data_dir, db_url=None))
    try:
        if revision == "head":
            upgrade_to_head(engine)
        else:
            config = alembic_config()
            with engine.begin() as connection:
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
    finally:
        engine.dispose()
    return data_dir / "prismatic.db"


# --- mid-night: backup while the server writes, restore, same views ----------------------


def _pick_until(base_url: str, seats: list[SeatHandle], stop: threading.Event,
                picks: list[int]) -> None:
    """A pod drafting on and on while the backup copies: the server keeps writing."""
    with httpx.Client(base_url=base_url, timeout=10) as client:
        while not stop.is_set():
            for seat in seats:
                view = me(client, seat)
                if view["phase"] != "drafting":
                    return
                if view["pack"] and take_first(client, seat, view).status_code == 200:
                    picks.append(1)


def _views(client: httpx.Client, pod: PodHandle, seats: list[SeatHandle],
           games: bool) -> dict[str, Any]:
    """What the host and every seat see of `pod`, minus this process's view counters."""
    views: dict[str, Any] = {"host": client.get(pod.url("/host"), headers=pod.host).json()}
    views["seats"] = [me(client, seat) for seat in seats]
    if games:
        views["game"] = client.get(pod.url("/games/1"), headers=pod.host).json()
        views["summary"] = client.get(pod.url("/summary"), headers=pod.host).json()
        views["summary.txt"] = client.get(pod.url("/summary?format=text"),
                                          headers=pod.host).text
    for view in (views["host"], *views["seats"]):
        view.pop("version")
    return views


def _season_night(client: httpx.Client) -> tuple[Night, str]:
    """A season's night at its tables with a result at each pod's first table."""
    night = night_at_tables(client, season={"name": "Fridays", "scoring": "placement"})
    for pod_id in night.pod_ids:
        game = client.get(f"/api/pods/{pod_id}/games/1", headers=night.host).json()
        winner = {"player_id": game["players"][0]["player_id"]}
        assert client.post(f"/api/pods/{pod_id}/games/1/winner", headers=night.host,
                           json=winner).status_code == 200
    standings = client.get(f"/api/events/{night.event_id}/standings").json()
    return night, standings["season_id"]


def _standings(client: httpx.Client, night: Night, season_id: str) -> dict[str, Any]:
    """The night's and the season's standings, and the season's CSV."""
    season = f"/api/seasons/{season_id}/standings"
    return {"night": client.get(f"/api/events/{night.event_id}/standings").json(),
            "season": client.get(season).json(),
            "csv": client.get(season, params={"format": "csv"}).text}


def _pools(client: httpx.Client, seats: list[SeatHandle]) -> list[list[int]]:
    return [[card["id"] for card in me(client, seat)["pool"]] for seat in seats]


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_backup_taken_mid_night_restores_the_same_night(
        tmp_path: Path, servers: list[LiveServer]) -> None:
    server = running(servers, tmp_path / "data")
    with server.client() as client:
        drafting = new_pod(client, seats=4, seed=21)
        drafters = [join(client, drafting, "Ann"), join(client, drafting, "Bob")]
        start(client, drafting)
        for _ in range(3):
            for seat in drafters:
                view = me(client, seat)
                if view["pack"]:
                    assert take_first(client, seat, view).status_code == 200
        playing, people = play_tables(client, seed=9)
        bob = next(p for p in client.get(playing.url("/games/1"), headers=playing.host)
                   .json()["players"] if p["name"] == "Bob")
        for delta in (-3, -5, 2):
            tap = {"kind": "life", "target": bob["player_id"], "delta": delta}
            assert client.post(playing.url("/games/1"), headers=people["Ann"].auth,
                               json=tap).status_code == 200
        night, season_id = _season_night(client)
        standings_before = _standings(client, night, season_id)
        assert len(standings_before["season"]["standings"]) == 10
        busy = new_pod(client, seats=8, seed=33)
        busy_seats = [join(client, busy, name) for name in ("Dee", "Eve", "Fay")]
        start(client, busy)
        before = {"drafting": _views(client, drafting, drafters, games=False),
                  "playing": _views(client, playing, list(people.values()), games=True)}
    stop, picks = threading.Event(), []
    picker = threading.Thread(target=_pick_until, args=(server.base_url, busy_seats, stop, picks))
    picker.start()
    try:
        while not picks and picker.is_alive():
            stop.wait(0.01)
        backup = prismatic("backup", "--to", str(tmp_path / "night.db"),
                           "--db", server.db_url, "--data-dir", str(server.data_dir))
        picks_after_backup = len(picks)
    finally:
        stop.set()
        picker.join(60)
    assert backup.returncode == 0, backup.stderr
    assert f"Backup written: {tmp_path / 'night.db'}" in backup.stdout
    assert picks_after_backup > 0, "the busy pod made no pick while the backup ran"
    with server.client() as client:
        busy_pools = _pools(client, busy_seats)

    restored = prismatic("restore", str(tmp_path / "night.db"),
                         "--data-dir", str(tmp_path / "fresh"))
    assert restored.returncode == 0, restored.stderr
    server.stop()
    fresh = running(servers, tmp_path / "fresh")
    with fresh.client() as client:
        after = {"drafting": _views(client, drafting, drafters, games=False),
                 "playing": _views(client, playing, list(people.values()), games=True)}
        restored_pools = _pools(client, busy_seats)
        standings_after = _standings(client, night, season_id)
    assert after == before
    assert standings_after == standings_before
    # The busy pod is as it was at one moment of the copy: every pool a prefix of its pool
    # once the picking stopped.
    for pool, final in zip(restored_pools, busy_pools, strict=True):
        assert pool == final[:len(pool)]


# --- restore: the running server, bad files, the kept database ---------------------------


@pytest.mark.slow
def test_restore_refuses_while_a_server_runs_and_accepts_once_it_stopped(
        tmp_path: Path, servers: list[LiveServer]) -> None:
    backup = migrated_database(tmp_path / "elsewhere")
    server = running(servers, tmp_path / "data")
    with server.client() as client:
        pod = new_pod(client, seats=4, seed=3)
    database = tmp_path / "data" / "prismatic.db"
    refused = prismatic("restore", str(backup), "--data-dir", str(tmp_path / "data"))
    assert refused.returncode == 1
    assert f"a Prismatic server (process {server.process.pid}) is using {database}" in \
        refused.stderr  # type: ignore[union-attr]
    with server.client() as client:  # untouched: the server serves its pod on
        assert client.get(pod.url("/host"), headers=pod.host).status_code == 200
    server.stop()

    accepted = prismatic("restore", str(backup), "--data-dir", str(tmp_path / "data"))
    assert accepted.returncode == 0, accepted.stderr
    kept = next((tmp_path / "data" / "backups").glob("replaced-*.db"))
    assert f"The replaced database is kept in {kept}" in accepted.stdout
    assert _pod_ids(kept) == [pod.pod_id]
    assert _pod_ids(database) == []


@pytest.mark.slow
def test_a_server_killed_with_sigkill_does_not_block_restore(
        tmp_path: Path, servers: list[LiveServer]) -> None:
    backup = migrated_database(tmp_path / "elsewhere")
    server = running(servers, tmp_path / "data")
    server.kill()  # its lock file stays behind, with its pid
    assert (tmp_path / "data" / "prismatic.db.lock").exists()
    restored = prismatic("restore", str(backup), "--data-dir", str(tmp_path / "data"))
    assert restored.returncode == 0, restored.stderr


@pytest.mark.slow
def test_a_second_server_on_the_same_database_refuses_to_start(
        tmp_path: Path, servers: list[LiveServer]) -> None:
    server = running(servers, tmp_path / "data")
    second = prismatic("serve", "--host", "127.0.0.1", "--port", "1", "--no-qr",
                       "--db", server.db_url, "--data-dir", str(server.data_dir))
    assert second.returncode == 1
    lines = [line for line in second.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "another Prismatic process" in lines[0], second.stderr
    assert "Join link" not in second.stdout


def _pod_ids(database: Path) -> list[str]:
    connection = sqlite3.connect(database)
    try:
        return [row[0] for row in connection.execute("SELECT id FROM pod")]
    finally:
        connection.close()


@pytest.fixture
def current(tmp_path: Path) -> Path:
    """A data dir with a database holding one row the tests check survives."""
    database = migrated_database(tmp_path / "data")
    connection = sqlite3.connect(database)
    connection.execute("CREATE TABLE keepsake (note TEXT)")
    connection.execute("INSERT INTO keepsake VALUES ('the season so far')")
    connection.commit()
    connection.close()
    return database


def test_restore_refuses_a_file_that_is_not_a_database(tmp_path: Path, current: Path) -> None:
    before = current.read_bytes()
    junk = tmp_path / "notes.db"
    junk.write_text("these are not the pages you are looking for\n" * 200)
    result = prismatic("restore", str(junk), "--data-dir", str(current.parent))
    assert result.returncode == 2
    assert f"{junk} is not a SQLite database" in result.stderr
    assert current.read_bytes() == before
    assert not (current.parent / "backups").exists()


def test_restore_refuses_a_sqlite_file_of_another_program(tmp_path: Path,
                                                         current: Path) -> None:
    other = tmp_path / "other.db"
    connection = sqlite3.connect(other)
    connection.execute("CREATE TABLE t (x)")
    connection.commit()
    connection.close()
    result = prismatic("restore", str(other), "--data-dir", str(current.parent))
    assert result.returncode == 2
    assert "is a SQLite database, but not Prismatic's" in result.stderr


def test_restore_refuses_a_database_of_a_newer_prismatic_in_every_language(
        tmp_path: Path, current: Path) -> None:
    newer = migrated_database(tmp_path / "future")
    connection = sqlite3.connect(newer)
    connection.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    connection.commit()
    connection.close()
    before = current.read_bytes()
    messages = {
        "C.UTF-8": "comes from a newer Prismatic (schema 0099_from_the_future): update "
                   "Prismatic before restoring it",
        "ru_RU.UTF-8": "создан более новой версией Prismatic (схема 0099_from_the_future)",
        "it_IT.UTF-8": "viene da un Prismatic più recente (schema 0099_from_the_future)",
    }
    for lang, message in messages.items():
        result = prismatic("restore", str(newer), "--data-dir", str(current.parent),
                           env={"LANG": lang})
        assert result.returncode == 2
        assert message in result.stderr, result.stderr
    assert current.read_bytes() == before


def test_an_older_backup_is_migrated_and_the_replaced_database_kept(
        tmp_path: Path, current: Path) -> None:
    older = migrated_database(tmp_path / "last-year", revision="0010_bots_apart")
    result = prismatic("restore", str(older), "--data-dir", str(current.parent))
    assert result.returncode == 0, result.stderr
    assert check_backup(current).older is False
    assert "from schema 0010_bots_apart to" in result.stdout
    kept = next((current.parent / "backups").glob("replaced-*.db"))
    connection = sqlite3.connect(kept)
    assert connection.execute("SELECT note FROM keepsake").fetchall() == [("the season so far",)]
    connection.close()


def test_backup_writes_a_timestamped_copy_in_the_data_dirs_backups_folder(
        tmp_path: Path, current: Path) -> None:
    result = prismatic("backup", "--data-dir", str(current.parent))
    assert result.returncode == 0, result.stderr
    [copy] = (current.parent / "backups").glob("backup-*.db")
    assert f"Backup written: {copy} (" in result.stdout and " MB)" in result.stdout
    assert check_backup(copy).older is False
    connection = sqlite3.connect(copy)
    assert connection.execute("SELECT note FROM keepsake").fetchall() == [("the season so far",)]
    connection.close()


def test_backup_never_writes_over_the_database_itself(tmp_path: Path, current: Path) -> None:
    before = current.read_bytes()
    result = prismatic("backup", "--to", str(current), "--data-dir", str(current.parent))
    assert result.returncode == 2
    assert f"{current} is the server's database itself" in result.stderr
    assert current.read_bytes() == before


def test_a_bad_database_url_is_one_line() -> None:
    for command in (("backup",), ("restore", "x.db")):
        result = prismatic(*command, "--db", "not a url")
        assert result.returncode == 2
        assert result.stderr.strip() == "prismatic: error: cannot parse database URL 'not a url'"


def test_backup_of_a_missing_database_says_where_it_looked(tmp_path: Path) -> None:
    result = prismatic("backup", "--data-dir", str(tmp_path / "empty"))
    assert result.returncode == 2
    assert f"no database at {tmp_path / 'empty' / 'prismatic.db'}" in result.stderr


# --- PostgreSQL: say what to run, never pretend -------------------------------------------

POSTGRES = "postgresql+psycopg://season:s3cret-pw@db.local:5433/store"


def test_backup_on_postgresql_prints_the_pg_dump_command_and_fails() -> None:
    result = prismatic("backup", "--db", POSTGRES)
    assert result.returncode == 1
    assert "pg_dump --format=custom --file=prismatic-" in result.stderr
    assert "--host=db.local --port=5433 --username=season store" in result.stderr
    assert "s3cret-pw" not in result.stderr + result.stdout
    assert "Backup written" not in result.stdout
    named = prismatic("backup", "--db", POSTGRES, "--to", "friday.dump")
    assert "pg_dump --format=custom --file=friday.dump " in named.stderr


def test_restore_on_postgresql_prints_the_pg_restore_command_and_fails(tmp_path: Path) -> None:
    result = prismatic("restore", str(tmp_path / "store.dump"), "--db", POSTGRES)
    assert result.returncode == 1
    assert ("pg_restore --clean --if-exists --no-owner --host=db.local --port=5433 "
            f"--username=season --dbname=store {tmp_path / 'store.dump'}") in result.stderr
    assert "s3cret-pw" not in result.stderr + result.stdout


@pytest.fixture
def postgres_data(request: pytest.FixtureRequest) -> str:
    url: str = request.getfixturevalue("postgres_url")
    return url


def test_backup_against_the_running_postgresql_gives_guidance_not_a_copy(
        postgres_data: str, tmp_path: Path) -> None:
    result = prismatic("backup", "--db", postgres_data, "--data-dir", str(tmp_path))
    assert result.returncode == 1
    url = sa.make_url(postgres_data)
    assert f"--username={url.username} {url.database}" in result.stderr
    assert f":{url.password}@" not in result.stderr
    assert not (tmp_path / "backups").exists()

