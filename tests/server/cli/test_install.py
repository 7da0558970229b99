"""Installed like a user installs it: a wheel in a fresh venv, run from a folder that is not
the checkout, must migrate its database and serve the pages.

Why it is slow and offline: building the wheel and starting a real server takes ~30 s. The
fresh venv gets the wheel with `--no-deps` and borrows the test venv's libraries through a
`.pth` path line (only the path: the checkout's editable-install hook in that folder is not
run, so `import server` can only find the wheel's copy, which the test checks). The test
venv also holds the optional extras (PostgreSQL's driver, the test tools), which a plain
`pip install prismatic` does not: the fresh venv cannot import them.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import sysconfig
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.slow


def run(*args: str | Path, cwd: Path) -> str:
    result = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True,
                            check=False, timeout=240)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def request(url: str, body: dict[str, Any] | None = None) -> tuple[int, str]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if body is not None else {}
    req = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as refused:
        refused.close()  # it holds the socket, which would warn in whichever test runs next
        raise


def wait_for_health(base: str, server: subprocess.Popen[bytes], log: Path,
                    seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"prismatic serve exited: {log.read_text()}")
        try:
            if request(f"{base}/healthz")[0] == 200:
                return
        except OSError:
            time.sleep(0.3)
    raise AssertionError("no /healthz answer")


def optional_modules() -> set[str]:
    """Import names of the extras' packages that a plain install does not have."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

    def names(requirements: list[str]) -> set[str]:
        return {re.split(r"[\[<>=!~ ;]", line, maxsplit=1)[0].lower().replace("-", "_")
                for line in requirements}

    extras = set().union(*(names(r) for r in project["optional-dependencies"].values()))
    return extras - names(project["dependencies"])


def installed_venv(tmp: Path) -> Path:
    wheels = tmp / "wheels"
    run(sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "-q", "-w", wheels, cwd=tmp)
    (wheel,) = wheels.glob("prismatic-*.whl")
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
        "-q", wheel, cwd=tmp)
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
               cwd=tmp).strip()
    (Path(site) / "borrowed_libraries.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # A `None` in sys.modules makes `import psycopg` raise ModuleNotFoundError, as it would
    # in a venv without the extras (a .pth line that starts with `import` is run at start).
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in sorted(optional_modules()))
    (Path(site) / "zz_without_extras.pth").write_text(f"import sys; {blocked}\n")
    return venv


def test_a_wheel_installed_outside_the_checkout_migrates_and_serves(tmp_path: Path) -> None:
    venv = installed_venv(tmp_path)
    where = run(venv / "bin" / "python", "-c", "import server; print(server.__file__)",
                cwd=tmp_path)
    assert where.startswith(str(venv)), where
    with pytest.raises(AssertionError, match="ModuleNotFoundError"):  # as without extras
        run(venv / "bin" / "python", "-c", "import psycopg", cwd=tmp_path)
    data_dir, port = tmp_path / "night", free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PRISMATIC_", "PYTHON"))}
    env["PRISMATIC_CARD_TEXT_ON_START"] = "0"  # no test asks the Internet
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        server = subprocess.Popen(
            [str(venv / "bin" / "prismatic"), "serve", "--data-dir", str(data_dir),
             "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
            cwd=tmp_path, env=env, stdout=output, stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_health(base, server, log)
        status, body = request(f"{base}/api/pods", {"set": "CLB", "seats": 2})
        pod = json.loads(body)
        assert status == 201
        status, body = request(f"{base}/api/pods/{pod['pod_id']}/seats", {"name": "Ann"})
        assert status == 201
        status, page = request(f"{base}/pods/{pod['pod_id']}/seat")
        assert status == 200 and "<html" in page
        status, script = request(f"{base}/static/js/seat.js")
        assert status == 200 and "import" in script
        assert any(data_dir.iterdir()), "the database lives in the data dir"
    finally:
        server.terminate()
        server.wait(timeout=30)
