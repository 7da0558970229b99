"""One benchmark run: optionally spawn a server, measure the baseline, then draft P pods.

Why the baseline in the same run: this machine is shared and noisy, so an absolute
latency means little on its own. A WebSocket echo through the same server stack, at the
same concurrency and pace, is the physical floor; the ratio pick / echo is the figure of
merit, comparable across runs and machines.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import InvalidStatus

from loadgen.drop import Drop
from loadgen.heap import collector_paused
from loadgen.phones import (
    RunStats,
    Seat,
    create_pod,
    draft_seat,
    echo_socket,
    hold_idle_seats,
    open_pod,
    start_pod,
)
from loadgen.stats import summary_ms
from loadgen.tail import LagSampler, read_trace, split

POOL_SIZE = 60


@dataclass(frozen=True)
class BenchConfig:
    """What to run: how many pods and seats, how fast phones pick, against which server."""

    pods: int = 1
    seats: int = 8
    think: tuple[float, float] = (0.0, 0.0)
    think_text: str = "0"
    set_code: str = "CMR"
    url: str | None = None
    db_url: str | None = None
    idle_pods: int = 0
    timeout: float = 120.0
    seed: int = 1
    picks_over: str = "socket"  # or "http", as the phone UI picks
    server_pid: int | None = None  # with `url`: a local server's pid, for its CPU figures
    drop_all_at: float | None = None  # seconds into the draft: cut every phone's socket
    stagger_s: float = 0.0  # pods start spread over this many seconds (0: all at once)
    trace: bool = False  # split slow picks by cause (`loadgen.tail`)
    slow_ms: float = 50.0  # what a slow pick is, for that split
    server_checkout: Path | None = None  # spawn the server of this checkout (its .venv)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def spawned_server(db_url: str | None, env: dict[str, str] | None = None,
                   data_dir: str | None = None,
                   checkout: Path | None = None) -> Iterator[tuple[str, int]]:
    """A fresh `prismatic serve` on a free loopback port; yields (base URL, pid).

    With `checkout` (a directory with its own `.venv`) the server is that checkout's, so
    that one bench client measures two versions of the server alike."""
    with contextlib.ExitStack() as stack:
        if data_dir is None:
            data_dir = stack.enter_context(
                tempfile.TemporaryDirectory(prefix="prismatic-bench-"))
        Path(data_dir).mkdir(parents=True, exist_ok=True)
        yield stack.enter_context(_serve(db_url, env or {}, data_dir, checkout))


@contextmanager
def _serve(db_url: str | None, env: dict[str, str], data_dir: str,
           checkout: Path | None) -> Iterator[tuple[str, int]]:
    port = free_port()
    python = str(checkout / ".venv" / "bin" / "python") if checkout else sys.executable
    command = [
        python, "-m", "server", "serve", "--host", "127.0.0.1",
        "--port", str(port), "--data-dir", data_dir,
    ]
    if db_url:
        command += ["--db", db_url]
    log = Path(data_dir) / "server.log"
    with log.open("wb") as out:
        # `python -m` imports from the working directory first: run in the checkout.
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=checkout,
                                   env={**os.environ, "PRISMATIC_BENCH_ECHO": "1",
                                        "PRISMATIC_CARD_TEXT_ON_START": "0", **env})
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_healthy(base, process, log)
            yield base, process.pid
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


START_SECONDS = 120
"""How long a spawned server may take to answer: on a shared, saturated machine a cluster
member's start (imports, migrations, the listener's first sweep) took over 30 s."""


def _wait_healthy(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited at start:\n{log.read_text()[-2000:]}")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the server did not become healthy within {START_SECONDS} s")


def rss_mb(pid: int | None, field: str = "VmRSS") -> float | None:
    """Resident memory of a local process from /proc (`VmHWM` is the peak)."""
    if pid is None:
        return None
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def runqueue_wait_seconds(pid: int | None) -> float | None:
    """Time the process's threads were ready to run but waited for a CPU (/proc schedstat):
    on a shared machine this says whether latency came from our work or from others'."""
    if pid is None:
        return None
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError, IndexError, ValueError):
                total += int((task / "schedstat").read_text().split()[1])
    except OSError:
        return None
    return total / 1e9


def cpu_seconds(pid: int | None, thread: int | None = None) -> float | None:
    """User + system CPU time of a local process from /proc (all its threads), or of one
    of its threads (`thread=pid`: the main thread, which runs the server's event loop)."""
    split = cpu_split(pid, thread)
    return None if split is None else split[0] + split[1]


def cpu_split(pid: int | None, thread: int | None = None) -> tuple[float, float] | None:
    """(user, system) CPU seconds of a local process (or one thread) from /proc. Why apart:
    Python per pick is user time; the sends, wake-ups and the commit's fsync are the
    kernel's, which instruction counts never see (issue #45)."""
    if pid is None:
        return None
    stat = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    try:
        fields = Path(stat).read_text().rpartition(")")[2].split()
    except OSError:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def _part(split: tuple[float, float] | None, index: int) -> float | None:
    return None if split is None else split[index]


def _delta(after: float | None, before: float | None) -> float | None:
    return None if after is None or before is None else after - before


def _per_pick(seconds: float | None, picks: int) -> float | None:
    return None if seconds is None or not picks else round(1000 * seconds / picks, 3)


def _pct(seconds: float | None, elapsed: float) -> float | None:
    return None if seconds is None or not elapsed else round(100 * seconds / elapsed, 1)


async def _echo_round_trips_cpu(pid: int | None, connected: asyncio.Barrier,
                                echoes: list[asyncio.Task[None]]) -> float | None:
    """Server CPU seconds of the echo round trips alone: from when every echo socket is
    connected to when the last round trip ended (the handshakes are left out)."""
    ready: asyncio.Task[Any] = asyncio.create_task(connected.wait())
    done, _ = await asyncio.wait([ready, *echoes], return_when=asyncio.FIRST_COMPLETED)
    if ready not in done:  # an echo socket failed before all were connected
        ready.cancel()
        for task in echoes:
            task.cancel()
        await asyncio.gather(*echoes, return_exceptions=True)
        for task in done:
            task.result()  # raises the failure
    before = cpu_seconds(pid)
    await asyncio.gather(*echoes)
    return _delta(cpu_seconds(pid), before)


async def run_bench(
    config: BenchConfig, base: str, pid: int | None, progress: Callable[[str], None],
    trace_path: Path | None = None,
) -> dict[str, Any]:
    """Baseline, then the draft, then (optionally) idle memory; returns the figures.
    With `config.trace`, the slow picks split by cause (with the server's own trace from
    `trace_path` when it writes one: a server spawned by this bench)."""
    rng = random.Random(config.seed)
    sockets = config.pods * config.seats
    rounds = 3 * 10  # a seat's picks in a Commander Draft
    progress(f"baseline: {sockets} echo sockets x {rounds} round trips")
    baseline: list[float] = []
    connected = asyncio.Barrier(sockets + 1)
    echoes = [asyncio.create_task(echo_socket(base, rounds, config.think,
                                              random.Random(rng.random()), baseline,
                                              config.timeout, connected))
              for _ in range(sockets)]
    try:
        echo_cpu = await _echo_round_trips_cpu(pid, connected, echoes)
    except InvalidStatus as error:
        raise RuntimeError(f"{base} refuses the echo socket ({error}): start that server "
                           "with PRISMATIC_BENCH_ECHO=1 to bench it") from None
    async with httpx.AsyncClient(base_url=base, timeout=config.timeout) as client:
        progress(f"creating {config.pods} pods of {config.seats}")
        opened = [await open_pod(client, config.seats, config.set_code)
                  for _ in range(config.pods)]
        if not config.stagger_s:
            for host, pod in opened:
                await start_pod(client, pod[0].pod_id, host)
    stats = RunStats()
    pods = [pod for _host, pod in opened]
    seats = [seat for pod in pods for seat in pod]
    progress(f"drafting: {len(seats)} phones"
             + (f", pods starting over {config.stagger_s:g} s" if config.stagger_s else ""))
    lag = LagSampler() if config.trace else None
    if lag is not None:
        lag.start()
    started = time.perf_counter()
    client_cpu, server_split = time.process_time(), cpu_split(pid)
    loop_cpu = cpu_seconds(pid, thread=pid)
    waits = [runqueue_wait_seconds(pid), runqueue_wait_seconds(os.getpid())]
    ticker = asyncio.create_task(_report_progress(stats, len(seats) * rounds, progress))
    drop = Drop(config.drop_all_at) if config.drop_all_at is not None else None
    cutter = asyncio.create_task(drop.run()) if drop is not None else None
    rngs = [random.Random(rng.random()) for _ in seats]

    async def draft(seat: Seat, seat_rng: random.Random) -> None:
        await draft_seat(base, seat, config.think, seat_rng, stats, config.timeout,
                         config.picks_over == "http", drop)

    with collector_paused():  # the client's collector must not stall every phone at once
        if config.stagger_s:
            results = await _staggered(config, base, opened, rngs, draft)
        else:
            results = await asyncio.gather(*(draft(seat, r)
                                             for seat, r in zip(seats, rngs, strict=True)),
                                           return_exceptions=True)
    if cutter is not None:
        cutter.cancel()
    elapsed = time.perf_counter() - started
    picking = (stats.last_ack_at or started + elapsed) - started
    client_cpu = time.process_time() - client_cpu
    split_after = cpu_split(pid)
    loop_cpu = _delta(cpu_seconds(pid, thread=pid), loop_cpu)
    user_spent, system_spent = (_delta(_part(split_after, i), _part(server_split, i))
                                for i in (0, 1))
    server_spent = None if user_spent is None or system_spent is None \
        else user_spent + system_spent
    waited = [_delta(runqueue_wait_seconds(p), w) for p, w in zip((pid, os.getpid()), waits,
                                                                 strict=True)]
    ticker.cancel()
    stats.errors.extend(repr(r) for r in results if isinstance(r, BaseException))
    figures: dict[str, Any] = {
        "pods": config.pods,
        "seats": config.seats,
        "think_ms": config.think_text,
        "picks_over": config.picks_over,
        "picks": len(stats.latencies),
        # Up to the last acknowledgement: closing 400 sockets afterwards is not picking.
        "picks_per_s": round(stats.picks_sent / picking, 1) if picking > 0 else None,
        "latency_ms": summary_ms(stats.latencies),
        "baseline_ms": {k: v for k, v in summary_ms(baseline).items() if k != "max"},
        # The floor of the socket stack: one small frame in and one out, no draft work.
        "echo_server_cpu_ms_per_round_trip": (round(1000 * echo_cpu / len(baseline), 3)
                                              if echo_cpu is not None and baseline else None),
        "server_rss_mb": rss_mb(pid, "VmHWM"),
        "errors": len(stats.errors),
        "client_cpu_pct": round(100 * client_cpu / elapsed, 1) if elapsed else None,
        "client_cpu_ms_per_pick": (round(1000 * client_cpu / stats.picks_sent, 3)
                                   if stats.picks_sent else None),
        "server_cpu_ms_per_pick": _per_pick(server_spent, stats.picks_sent),
        # The event loop's thread, and the rest (the group writer, reads off the loop).
        "server_loop_cpu_ms_per_pick": _per_pick(loop_cpu, stats.picks_sent),
        "server_threads_cpu_ms_per_pick": _per_pick(_delta(server_spent, loop_cpu),
                                                    stats.picks_sent),
        # The same CPU, split into user space (Python, orjson, SQLite's library) and the
        # kernel (socket reads and writes, wake-ups, the commit's fsync).
        "server_user_cpu_ms_per_pick": _per_pick(user_spent, stats.picks_sent),
        "server_system_cpu_ms_per_pick": _per_pick(system_spent, stats.picks_sent),
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "server_runqueue_wait_pct": _pct(waited[0], elapsed),
        "client_runqueue_wait_pct": _pct(waited[1], elapsed),
        "server_cpu_pct": _pct(server_spent, elapsed),
        "pools_ok": len(stats.pools) == len(seats)
        and all(size == POOL_SIZE for size in stats.pools)
        and stats.acks == stats.picks_sent,
    }
    base_p50, base_p99 = figures["baseline_ms"]["p50"], figures["baseline_ms"]["p99"]
    figures["ratio_p50"] = round(figures["latency_ms"]["p50"] / base_p50, 2) if base_p50 else None
    figures["ratio_p99"] = round(figures["latency_ms"]["p99"] / base_p99, 2) if base_p99 else None
    figures["acks"] = stats.acks
    figures["views_per_pick"] = (round(stats.views / stats.picks_sent, 2)
                                 if stats.picks_sent else None)
    # Frames out of the server per pick, and the views among them that only moved a
    # waiting seat's `waiting_on` (issue #45's fourth pass).
    figures["frames_per_pick"] = (round(stats.frames / stats.picks_sent, 2)
                                  if stats.picks_sent else None)
    figures["waiting_views_per_pick"] = (round(stats.waiting_views / stats.picks_sent, 2)
                                         if stats.picks_sent else None)
    figures["view_kb_avg"] = (round(stats.view_bytes / stats.views / 1024, 2)
                              if stats.views else None)
    figures["error_samples"] = sorted(set(stats.errors))[:5]
    if drop is not None:
        figures["drop"] = drop.figures()
    if lag is not None:
        await lag.stop()
        await asyncio.sleep(1.0)  # the server writes its trace every half second
        events = read_trace(trace_path)
        figures["tail"] = split(stats.samples, events, lag.spans, config.slow_ms / 1000)
        figures["tail"]["server_traced"] = bool(events["batch"] or events["lag"])
    if config.idle_pods:
        figures["idle_kb_per_pod"] = await idle_memory(config, base, pid, progress)
    return figures


async def idle_memory(
    config: BenchConfig, base: str, pid: int | None, progress: Callable[[str], None]
) -> float | None:
    """RSS growth per idle pod with every seat connected, in KiB."""
    if pid is None:
        return None
    before = rss_mb(pid)
    progress(f"idle memory: {config.idle_pods} pods with {config.seats} connected seats")
    async with httpx.AsyncClient(base_url=base, timeout=config.timeout) as client:
        pods = [await create_pod(client, config.seats, config.set_code)
                for _ in range(config.idle_pods)]
    ready, release = asyncio.Event(), asyncio.Event()
    holder = asyncio.create_task(hold_idle_seats(
        base, [s for pod in pods for s in pod], ready, release, config.timeout
    ))
    await asyncio.wait_for(ready.wait(), config.timeout)
    await asyncio.sleep(1.0)
    after = rss_mb(pid)
    release.set()
    await holder
    if before is None or after is None:
        return None
    return round((after - before) * 1024 / config.idle_pods, 1)


async def _report_progress(stats: RunStats, total: int, progress: Callable[[str], None]) -> None:
    while True:
        await asyncio.sleep(1.0)
        progress(f"  {stats.picks_sent}/{total} picks sent, {len(stats.errors)} errors")


async def _staggered(config: BenchConfig, base: str, opened: list[tuple[str, list[Seat]]],
                     rngs: list[random.Random],
                     draft: Callable[[Seat, random.Random], Any]) -> list[Any]:
    """Pod `k` starts (and its phones draft) `k * stagger_s / pods` seconds in, as the
    tables of a real night sit down over some minutes: their pack changes spread out."""
    async with httpx.AsyncClient(base_url=base, timeout=config.timeout) as client:

        async def pod_night(k: int, host: str, pod: list[Seat]) -> list[Any]:
            await asyncio.sleep(k * config.stagger_s / len(opened))
            await start_pod(client, pod[0].pod_id, host)
            first = k * config.seats
            return await asyncio.gather(
                *(draft(seat, rngs[first + i]) for i, seat in enumerate(pod)),
                return_exceptions=True)

        nights = await asyncio.gather(*(pod_night(k, host, pod)
                                        for k, (host, pod) in enumerate(opened)),
                                      return_exceptions=True)
    results: list[Any] = []
    for night in nights:
        results.extend(night if isinstance(night, list) else [night])
    return results


def bench(config: BenchConfig, progress: Callable[[str], None]) -> dict[str, Any]:
    """Run against `config.url`, or against a freshly spawned server."""
    if config.url:
        return asyncio.run(run_bench(config, config.url.rstrip("/"), config.server_pid,
                                     progress))
    with tempfile.TemporaryDirectory(prefix="prismatic-bench-") as data_dir:
        trace = Path(data_dir) / "trace.jsonl" if config.trace else None
        env = {"PRISMATIC_TRACE_PATH": str(trace)} if trace is not None else {}
        with spawned_server(config.db_url, env, data_dir, config.server_checkout) as (base,
                                                                                      pid):
            progress(f"spawned server pid {pid} at {base} "
                     f"(db: {config.db_url or 'SQLite, temp'})")
            return asyncio.run(run_bench(config, base, pid, progress, trace))
