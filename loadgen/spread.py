"""A benchmark over several servers of one cluster: phones spread round robin.

Why a separate run from `loadgen.run`: there is no single server to compare with an echo
baseline; what matters is the throughput of the cluster and the CPU each process spends
per pick (the processes share the pick work of a pod: its picker's process computes and
commits the pick, the others catch up from the database when they follow the pod). Pods
are created on the first server and a seat's phone talks to server `i % n`, like a
balancer that does not pin clients; or, with pod affinity (`by_pod`), pod `k` is created
on server `k % n` and all its phones talk to that one.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx

from loadgen.phones import RunStats, Seat, create_pod, draft_seat
from loadgen.run import POOL_SIZE, BenchConfig, cpu_seconds, spawned_server
from loadgen.stats import summary_ms


@contextmanager
def spawned_cluster(db_url: str, processes: int,
                    checkout: Path | None = None) -> Iterator[list[tuple[str, int]]]:
    """`processes` fresh `prismatic serve --cluster` over `db_url` (of `checkout`, see
    `spawned_server`); yields (URL, pid)s."""
    with ExitStack() as stack, tempfile.TemporaryDirectory(prefix="prismatic-spread-") as tmp:
        yield [stack.enter_context(spawned_server(db_url, env={"PRISMATIC_CLUSTER": "1"},
                                                  data_dir=f"{tmp}/{i}", checkout=checkout))
               for i in range(processes)]


async def _known_everywhere(bases: list[str], pods: list[list[Seat]], timeout: float) -> None:
    """Until every server serves every pod (the others hear of a new pod by NOTIFY)."""
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(timeout=timeout) as client:
        for base in bases:
            for pod in pods:
                while (await client.get(f"{base}/api/pods/{pod[0].pod_id}")).status_code != 200:
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"{base} never heard of pod {pod[0].pod_id}")
                    await asyncio.sleep(0.02)


async def run_spread(config: BenchConfig, servers: Sequence[tuple[str, int | None]],
                     progress: Callable[[str], None], by_pod: bool = False) -> dict[str, Any]:
    """`by_pod`: all of pod `k`'s phones go to server `k % n` (a balancer with pod
    affinity) instead of seat `i`'s to server `i % n`."""
    bases = [base.rstrip("/") for base, _pid in servers]
    rng = random.Random(config.seed)
    pods = []
    # With pod affinity a pod is made, joined and started on the server its phones use
    # (a balancer hashing on the pod id sends every request of it there), and only that
    # server is asked for it: a request makes a process follow the pod for a while.
    homes = [bases[k % len(bases)] if by_pod else bases[0] for k in range(config.pods)]
    progress(f"creating {config.pods} pods of {config.seats} on "
             + (f"{len(bases)} servers" if by_pod else bases[0]))
    for home in homes:
        async with httpx.AsyncClient(base_url=home, timeout=config.timeout) as client:
            pods.append(await create_pod(client, config.seats, config.set_code))
    if by_pod:
        for home, pod in zip(homes, pods, strict=True):
            await _known_everywhere([home], [pod], config.timeout)
    else:
        await _known_everywhere(bases, pods, config.timeout)
    stats = RunStats()
    seats = [seat for pod in pods for seat in pod]
    where = [k if by_pod else i for i, (k, _seat) in enumerate(
        (k, seat) for k, pod in enumerate(pods) for seat in pod)]
    progress(f"drafting: {len(seats)} phones over {len(bases)} servers")
    before = [cpu_seconds(pid) for _base, pid in servers]
    started = time.perf_counter()
    results = await asyncio.gather(
        *(draft_seat(bases[where[i] % len(bases)], seat, config.think, random.Random(rng.random()),
                     stats, config.timeout, config.picks_over == "http")
          for i, seat in enumerate(seats)),
        return_exceptions=True,
    )
    picking = (stats.last_ack_at or time.perf_counter()) - started
    after = [cpu_seconds(pid) for _base, pid in servers]
    stats.errors.extend(repr(r) for r in results if isinstance(r, BaseException))
    per_process = []
    for (base, pid), was, now in zip(servers, before, after, strict=True):
        spent = None if was is None or now is None else now - was
        per_process.append({
            "url": base, "pid": pid,
            "cpu_ms_per_pick": (round(1000 * spent / stats.picks_sent, 3)
                                if spent is not None and stats.picks_sent else None),
            "cpu_pct": round(100 * spent / picking, 1) if spent is not None and picking else None,
        })
    return {
        "servers": len(bases), "spread_by": "pod" if by_pod else "seat",
        "pods": config.pods, "seats": config.seats,
        "think_ms": config.think_text, "picks_over": config.picks_over,
        "picks": len(stats.latencies),
        "picks_per_s": round(stats.picks_sent / picking, 1) if picking > 0 else None,
        "latency_ms": summary_ms(stats.latencies),
        "errors": len(stats.errors), "error_samples": sorted(set(stats.errors))[:5],
        "pools_ok": len(stats.pools) == len(seats)
        and all(size == POOL_SIZE for size in stats.pools) and stats.acks == stats.picks_sent,
        "processes": per_process,
        "load_avg_1m": round(os.getloadavg()[0], 2),
    }


def spread(config: BenchConfig, urls: list[str], processes: int,
           progress: Callable[[str], None], by_pod: bool = False) -> dict[str, Any]:
    """Against running servers `urls` (CPU unknown), or `processes` spawned ones."""
    if urls:
        return asyncio.run(run_spread(config, [(url, None) for url in urls], progress,
                                      by_pod))
    if not config.db_url or not config.db_url.startswith("postgresql"):
        raise RuntimeError("several spawned servers need --db postgresql+psycopg://...")
    with spawned_cluster(config.db_url, processes, config.server_checkout) as servers:
        progress("spawned " + ", ".join(f"pid {pid} at {base}" for base, pid in servers))
        return asyncio.run(run_spread(config, servers, progress, by_pod))
