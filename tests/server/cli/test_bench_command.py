"""`prismatic bench --pods 1 --json` (`--spawn`, or `--url` of a running server): a smoke test of
the load generator (not speed)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.support import migrated
from tests.server.support.live import LiveServer
from tests.server.support.spawn import run_cli

KEYS = {"pods", "seats", "think_ms", "picks", "picks_per_s", "latency_ms", "baseline_ms",
        "ratio_p50", "ratio_p99", "server_rss_mb", "errors", "pools_ok",
        "server_cpu_ms_per_pick", "echo_server_cpu_ms_per_round_trip",
        "server_loop_cpu_ms_per_pick", "server_threads_cpu_ms_per_pick",
        "server_user_cpu_ms_per_pick", "server_system_cpu_ms_per_pick"}


def bench_one_pod(*options: str) -> dict[str, Any]:
    """The JSON figures of `prismatic bench --pods 1` with `options` (default `--spawn`)."""
    where = () if "--url" in options else ("--spawn",)
    result = run_cli(["bench", *where, "--pods", "1", "--json", *options], timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    figures: dict[str, Any] = json.loads(result.stdout)
    return figures


@pytest.fixture
def warm_server(sqlite_template: Path, tmp_path: Path) -> Iterator[LiveServer]:
    """A server for the bench's `--url`, with its echo on, forked from the test zygote on
    a copy of the migrated template. Why: `--spawn` starts a cold interpreter that imports
    the server and migrates a new database (about 3 s of CPU before the first pick), and a
    test whose rule is the bench's figures or the phones' (how they pick, how they come
    back) needs a server, not that start. `--spawn` keeps its own test: the staggered one,
    whose server trace only a server the bench spawned writes."""
    server = LiveServer(migrated.sqlite_copy(sqlite_template, tmp_path), tmp_path / "data",
                        env={"PRISMATIC_BENCH_ECHO": "1"})
    server.start()
    try:
        yield server
    finally:
        server.stop()


def bench_against(server: LiveServer, *options: str) -> dict[str, Any]:
    """`bench_one_pod` against a running `server`, its CPU and memory measured by pid."""
    assert server.process is not None
    return bench_one_pod("--url", server.base_url, "--server-pid", str(server.process.pid),
                         *options)


@pytest.mark.slow
def test_one_pod_drafts_to_full_pools_with_no_errors(warm_server: LiveServer) -> None:
    figures = bench_against(warm_server, "--idle-pods", "1")
    assert set(figures) >= KEYS
    assert figures["pools_ok"] is True and figures["errors"] == 0
    assert figures["pods"] == 1 and figures["seats"] == 8 and figures["picks"] == 240
    assert set(figures["latency_ms"]) == {"p50", "p95", "p99", "max"}
    assert set(figures["baseline_ms"]) == {"p50", "p95", "p99"}
    assert figures["server_rss_mb"] > 0 and figures["idle_kb_per_pod"] is not None
    # The echo's CPU is its round trips' alone: a server CPU figure, measured (not None).
    # The kernel counts a process's CPU in 10 ms ticks, so one pod's few echoes on a fast
    # run may read 0; the figure's size is the bench's business, not this test's.
    assert figures["echo_server_cpu_ms_per_round_trip"] >= 0
    # Updates carry only the pool cards added since the last view (a 60-card pool alone is
    # ~18 KiB), and the phones checked every merged pool against the server's count.
    assert 0 < figures["view_kb_avg"] < 8


@pytest.mark.slow
def test_phones_may_pick_over_http_as_the_phone_page_does(warm_server: LiveServer) -> None:
    figures = bench_against(warm_server, "--picks-over", "http")
    assert figures["picks_over"] == "http" and figures["picks"] == 240
    assert figures["pools_ok"] is True and figures["errors"] == 0


@pytest.mark.slow
def test_a_server_started_by_hand_is_measured_through_its_pid(warm_server: LiveServer) -> None:
    """`--url` with `--server-pid`: the CPU figures of a server the bench did not start
    (another checkout's, one under a profiler), the event loop's thread apart."""
    figures = bench_against(warm_server)
    assert figures["pools_ok"] is True and figures["errors"] == 0
    total = figures["server_cpu_ms_per_pick"]
    loop = figures["server_loop_cpu_ms_per_pick"]
    threads = figures["server_threads_cpu_ms_per_pick"]
    assert total > 0 and loop > 0 and threads >= 0
    assert abs(loop + threads - total) < 0.002  # the two parts make the whole
    user, kernel = figures["server_user_cpu_ms_per_pick"], figures["server_system_cpu_ms_per_pick"]
    assert user > 0 and kernel >= 0
    assert abs(user + kernel - total) < 0.002  # so do user space and the kernel


def test_a_server_pid_without_one_url_is_refused() -> None:
    result = run_cli(["bench", "--server-pid", "1", "--json"])
    assert result.returncode == 2 and "--server-pid needs exactly one --url" in result.stderr


@pytest.mark.slow
def test_a_router_reboot_cuts_every_phone_and_every_phone_comes_back_losing_no_pick(
        warm_server: LiveServer) -> None:
    figures = bench_against(warm_server, "--think-ms", "100-300", "--drop-all-at", "1.5")
    drop = figures["drop"]
    assert drop["phones_cut"] == 8, "the draft ended before the cut: think longer"
    assert drop["phones_back"] == 8 and drop["picks_lost"] == 0
    assert set(drop["back_ms"]) == {"p50", "p95", "p99", "max"}
    assert figures["pools_ok"] is True and figures["errors"] == 0


def test_staggered_pods_draft_whole_and_the_slow_picks_are_split_by_cause() -> None:
    """`--stagger-s` starts the pods spread over that many seconds; `--trace` splits the
    slow picks by cause, with the spawned server's own trace beside them."""
    figures = bench_one_pod("--pods", "2", "--stagger-s", "0.5", "--trace",
                            "--slow-ms", "0.1")
    assert figures["pools_ok"] is True and figures["errors"] == 0 and figures["picks"] == 480
    tail = figures["tail"]
    assert tail["server_traced"] is True and tail["server_batches"] > 0
    assert tail["all"]["picks"] == 480 and tail["slow"]["picks"] <= 480
    assert sum(tail["all"]["causes"].values()) == 480
    assert tail["all"]["batch_writes_max"] >= 1
