"""`prismatic serve`: one clear line for a bad database or data directory; links on start."""

from __future__ import annotations

import socket
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.server.support.spawn import run_cli

ROOT = Path(__file__).resolve().parents[3]


def serve(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(["serve", "--port", "1", *args])


def assert_one_line_error(result: subprocess.CompletedProcess[str], words: str) -> None:
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("prismatic: error:") and words in lines[0]
    assert "Traceback" not in result.stderr


def test_bad_database_url_is_one_line(tmp_path: Path) -> None:
    assert_one_line_error(serve("--db", "nonsense://x", "--data-dir", str(tmp_path)),
                          "database")
    assert_one_line_error(serve("--db", "not a url", "--data-dir", str(tmp_path)), "database")


def test_unreachable_postgres_is_one_line(tmp_path: Path) -> None:
    result = serve("--db", "postgresql+psycopg://u:p@127.0.0.1:1/x", "--data-dir",
                   str(tmp_path))
    assert_one_line_error(result, "cannot connect to the database")


def test_unwritable_data_dir_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    assert_one_line_error(serve("--data-dir", str(blocker / "data")), "data directory")


@pytest.mark.slow
def test_serve_prints_the_links_and_a_qr_code(live_server: Any) -> None:
    server = live_server(qr=True, PRISMATIC_PUBLIC_URL="")
    with server.client() as client:
        pod_id = client.post("/api/pods", json={"seats": 2}).json()["pod_id"]
    server.restart()
    output = server.output()
    assert f"Host link (this laptop): http://127.0.0.1:{server.port}/" in output
    assert f"/pods/{pod_id}/join" in output
    join_line = next(line for line in output.splitlines() if line.startswith("Join link"))
    assert f":{server.port}/" in join_line
    assert "█" in output or "▀" in output  # the QR code, drawn with block characters


@pytest.mark.slow
def test_a_port_in_use_is_one_line_before_any_link_or_qr_code(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli(["serve", "--host", "127.0.0.1", "--port", str(port),
                          "--data-dir", str(tmp_path)])
    assert_one_line_error(result, f"port {port} on 127.0.0.1 is already in use")
    assert f"--port {port + 1}" in result.stderr and "another Prismatic" in result.stderr
    assert "Join link" not in result.stdout and "Scan to open" not in result.stdout
