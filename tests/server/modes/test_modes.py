"""The server's mode is chosen once, at startup: one process unless started as a cluster
member, and nothing after asks which mode it is (`server.modes`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from server.app import build_runtime
from server.core.settings import Settings
from server.db.engine import DatabaseConfigError
from server.modes.one_process import OneProcess

SERVER = Path(__file__).resolve().parents[3] / "server"
CHOOSERS = {"app.py", "cli/serve_commands.py", "core/settings.py"}
"""Where the mode is chosen (`build_runtime`) or its setting is read and passed on."""
ASKING = re.compile(r"\bsettings\.cluster\b|\bCluster\(|\.cluster\b(?! import)")


def test_a_runtime_is_one_process_unless_started_as_a_cluster_member(tmp_path: Path) -> None:
    rt = build_runtime(Settings(data_dir=tmp_path))
    try:
        assert isinstance(rt.mode, OneProcess)
        assert rt.mode.keeps_time_left and rt.mode.acks_picks_in_views and rt.mode.sole_writer
        assert rt.mode.lock_rows is None
    finally:
        rt.engine.dispose()


def test_a_cluster_member_on_sqlite_is_refused_at_startup(tmp_path: Path) -> None:
    with pytest.raises(DatabaseConfigError, match="several server processes need PostgreSQL"):
        build_runtime(Settings(data_dir=tmp_path, cluster=True))


def test_no_part_of_the_server_but_startup_asks_which_mode_it_is() -> None:
    """The services, routes and views ask the mode what to do (`rt.mode`), never whether
    this process is a cluster member: that is decided in one place."""
    asking = []
    for path in sorted(SERVER.rglob("*.py")):
        relative = path.relative_to(SERVER).as_posix()
        if relative in CHOOSERS or relative.startswith(("cluster/", "modes/")):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if ASKING.search(code) and "server.cluster" not in code:
                asking.append(f"{relative}:{number}: {line.strip()}")
    assert asking == []


def test_a_cluster_member_never_takes_a_read_for_still_true_without_asking() -> None:
    """Another member may have committed meanwhile (`server.db.commits`): only one process
    alone with its database may keep a season's version in memory."""
    from server.cluster.node import Cluster

    assert Cluster.sole_writer is False
