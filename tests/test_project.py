"""Project-wide rules: the README is the truth about how to run and test, and the code
passes its own linters and layer contracts."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_readme_quick_start_is_two_commands() -> None:
    commands = readme_commands()
    assert len(commands) == 2
    assert "prismatic serve" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert readme_commands()[1] in ci.splitlines()


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_finds_nothing() -> None:
    result = run_tool("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_passes_on_the_cores_and_the_server() -> None:
    result = run_tool("mypy", "draft", "pods", "server", "loadgen")
    assert result.returncode == 0, result.stdout + result.stderr


def test_import_contracts_hold() -> None:
    lint_imports = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint_imports, "import-linter is part of the test extras"
    result = subprocess.run(
        [lint_imports], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


CONFLICT_MARKER = re.compile(r"^(<<<<<<< |>>>>>>> |=======$)", re.MULTILINE)
TEXT_SUFFIXES = {".py", ".js", ".css", ".html", ".md", ".toml", ".po", ".pot", ".json", ".ini",
                 ".cfg", ".txt", ".mako", ".sh", ".yml", ".yaml"}


def test_no_file_holds_a_merge_conflict_marker() -> None:
    """A merge's conflict markers left in a module break it only where it runs: a browser
    module with them failed every page that imported it, and no Python check saw it."""
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        files = [p for p in ROOT.rglob("*") if ".venv" not in p.parts and ".git" not in p.parts]
    else:
        files = [ROOT / name for name in listed.stdout.splitlines()]
    marked = [str(path.relative_to(ROOT)) for path in files
              if path.suffix in TEXT_SUFFIXES and path.is_file()
              and CONFLICT_MARKER.search(path.read_text(encoding="utf-8", errors="replace"))]
    assert marked == []
