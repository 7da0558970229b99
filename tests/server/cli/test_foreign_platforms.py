"""`prismatic serve` as a host meets it on Windows and on macOS, played on Linux.

Why a simulation: CI runs on Linux only. A subprocess with `tests/server/foreign_platform`
on its path (its `sitecustomize` says what it changes) cannot import what that system
lacks (`resource` and `fcntl` on Windows, `uvloop` on both), locks files with `msvcrt` on
Windows, reads `sys.platform` and `platform.system()` as the other system and sees that
system's network interfaces. The server must start, print a join link with the
Wi-Fi's address, serve a pod and its seat page; and every module must import there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.server.cli.test_install import free_port, request, wait_for_health

ROOT = Path(__file__).resolve().parents[3]
SHIM = ROOT / "tests" / "server" / "foreign_platform"
PACKAGES = ("draft", "pods", "server", "loadgen")
WIFI_ADDRESS = {"Windows": "192.168.1.57", "Darwin": "192.168.1.58"}
"""The Wi-Fi's address among each system's faked interfaces (see the shim's INTERFACES)."""
pytestmark = pytest.mark.slow


def environment(system: str, **settings: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PRISMATIC_", "PYTHON"))}
    env.update(PYTHONPATH=str(SHIM), FOREIGN_PLATFORM=system, PRISMATIC_CARD_TEXT_ON_START="0",
               **settings)
    if system == "Windows":  # a console redirected to a file: the ANSI code page
        env["PYTHONIOENCODING"] = "cp1252"
    return env


def prismatic(*args: str) -> list[str]:
    return [str(Path(sys.executable).parent / "prismatic"), *args]


@contextmanager
def serving(system: str, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The README's `prismatic serve` (every address, default settings) on a free port."""
    port, log = free_port(), tmp_path / "serve.log"
    with log.open("wb") as output:
        server = subprocess.Popen(prismatic("serve", "--port", str(port), "--data-dir",
                                            str(tmp_path / "data")),
                                  cwd=tmp_path, env=environment(system), stdout=output,
                                  stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_health(base, server, log)
        yield base, log
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.mark.parametrize("system", ["Windows", "Darwin"])
def test_serve_starts_prints_the_wifi_join_link_and_serves_a_pod(
    system: str, tmp_path: Path
) -> None:
    with serving(system, tmp_path) as (base, log):
        port = base.rsplit(":", 1)[1]
        output = log.read_text()
        assert f"Join link (phones on this Wi-Fi): http://{WIFI_ADDRESS[system]}:{port}/" \
            in output
        assert "Traceback" not in output
        if system == "Windows":  # cp1252 has no blocks to draw the QR code with
            assert "This terminal cannot draw the QR code: the host screen" in output
            assert "Open-file limit" not in output  # no `resource` to raise it with
        else:
            assert "Scan to open" in output
        status, body = request(f"{base}/api/pods", {"seats": 2})
        assert status == 201
        pod = json.loads(body)
        assert pod["join_url"] == f"http://{WIFI_ADDRESS[system]}:{port}/pods/{pod['pod_id']}/join"
        assert request(f"{base}/api/pods/{pod['pod_id']}/seats", {"name": "Ann"})[0] == 201
        status, page = request(f"{base}/pods/{pod['pod_id']}/seat")
        assert status == 200 and "<html" in page
        assert request(f"{base}/pods/{pod['pod_id']}/qr.svg")[0] == 200


def test_on_windows_workers_say_in_one_line_that_they_need_linux_or_macos(
    tmp_path: Path
) -> None:
    result = subprocess.run(prismatic("serve", "--workers", "2", "--port", str(free_port()),
                                      "--data-dir", str(tmp_path)),
                            cwd=tmp_path, env=environment("Windows"), capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode != 0
    assert result.stderr.strip().splitlines() == [
        "prismatic: error: --workers needs Linux or macOS: this system has no SO_REUSEPORT "
        "to share the port between processes (serve without --workers)"]


def test_on_windows_an_explicit_uvloop_says_in_one_line_that_it_is_missing(
    tmp_path: Path
) -> None:
    result = subprocess.run(prismatic("serve", "--port", str(free_port()), "--data-dir",
                                      str(tmp_path)),
                            cwd=tmp_path, env=environment("Windows", PRISMATIC_EVENT_LOOP="uvloop"),
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode != 0
    (line,) = result.stderr.strip().splitlines()
    assert "uvloop is not installed" in line and "use auto or asyncio" in line


IMPORT_ALL = """
import importlib, pkgutil, sys
failed = []
for package in sys.argv[1:]:
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        if info.name.endswith(".__main__"):  # runs the command line
            continue
        try:
            importlib.import_module(info.name)
        except Exception as error:
            failed.append(f"{info.name}: {type(error).__name__}: {error}")
assert sys.platform in ("win32", "darwin")
assert sys.platform != "win32" or sys.modules["resource"] is None
print("\\n".join(failed) or "all imported")
"""


@pytest.mark.parametrize("system", ["Windows", "Darwin"])
def test_every_module_imports(system: str, tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-c", IMPORT_ALL, *PACKAGES], cwd=ROOT,
                            env=environment(system), capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "all imported"
