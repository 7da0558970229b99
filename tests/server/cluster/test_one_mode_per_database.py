"""One PostgreSQL database is served either by cluster members together or by one plain
process alone.

Rule: a process that would share the database the other way (a plain `serve` beside
cluster members, a cluster member beside a plain process, or a second plain process)
refuses to start with one clear line, instead of serving a memory that diverges from the
others'. A SIGKILLed process's claim goes with its connection (the restart tests cover it).
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.cluster.members import CLUSTER
from tests.server.support.live import START_SECONDS, LiveServer, free_port
from tests.server.support.spawn import run_cli


def refused(postgres_url: str, data_dir: Path, *flags: str) -> str:
    """Start `serve` beside the running process; its one-line refusal (it must exit)."""
    try:
        result = run_cli(
            ["serve", "--host", "127.0.0.1", "--port", str(free_port()), "--db", postgres_url,
             "--data-dir", str(data_dir), "--no-qr", *flags], timeout=START_SECONDS)
    except subprocess.TimeoutExpired as error:
        raise AssertionError("the second process started serving the database") from error
    assert result.returncode != 0
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def running(request: pytest.FixtureRequest, postgres_url: str,
            tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(postgres_url, tmp_path / "first", env=request.param)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.slow
@pytest.mark.parametrize("running", [CLUSTER], indirect=True)
def test_a_plain_process_beside_cluster_members_refuses_to_start(
    running: LiveServer, postgres_url: str, tmp_path: Path
) -> None:
    line = refused(postgres_url, tmp_path / "plain")
    assert "--cluster" in line and "another Prismatic process" in line
    with running.client() as client:  # the member serves on, undisturbed
        assert client.get("/healthz").status_code == 200


@pytest.mark.slow
@pytest.mark.parametrize("running", [{}], indirect=True)
def test_a_cluster_member_or_a_second_process_beside_a_plain_one_refuses_to_start(
    running: LiveServer, postgres_url: str, tmp_path: Path
) -> None:
    line = refused(postgres_url, tmp_path / "member", "--cluster")
    assert "without --cluster" in line
    line = refused(postgres_url, tmp_path / "plain")
    assert "another Prismatic process" in line
    with running.client() as client:
        assert client.get("/healthz").status_code == 200
