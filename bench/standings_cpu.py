"""The server's CPU per warm standings read, as the server's own /proc counters show it.

Why beside `bench.standings`: its readers' and the phone's latencies on a loaded 2-core
machine measure the load more than the server, and the readers' own brotli decoding is
the client's cost. What a read costs the server is its CPU time (every thread: the loop,
the standings' pool) divided by the reads, which waiting for a CPU does not inflate.

It starts `prismatic serve` (this checkout, or `--before DIR`'s code), imports the big
season of `bench.standings`, reads its standings once, then sends `--reads` reads, twenty
at a time, each of: brotli (httpx's default `Accept-Encoding`), gzip only (a phone on
plain HTTP), a matching `If-None-Match` (a phone that holds this version: 304), and
`/healthz` (the floor: any request's cost through the middleware).

Usage: python -m bench.standings_cpu [--before DIR] [--reads 400]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
from pathlib import Path

import httpx

from bench.standings import big_season, free_port, serve, wait_until_up

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime, every thread


async def measure(base: str, pid: int, reads: int) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=base, timeout=120) as client:
        await wait_until_up(client)
        imported = await client.post("/api/seasons/import", json=big_season(2000, 6000))
        url = f"/api/seasons/{imported.json()['season_id']}/standings"
        tag = (await client.get(url)).headers["etag"]
        await asyncio.sleep(2)  # the import's warm-up ends
        kinds = {"brotli": (url, {}), "gzip": (url, {"accept-encoding": "gzip"}),
                 "304": (url, {"if-none-match": tag}), "healthz floor": ("/healthz", {})}
        result = {}
        for name, (path, headers) in kinds.items():
            before = cpu_seconds(pid)
            for _ in range(reads // 20):
                replies = await asyncio.gather(*(client.get(path, headers=headers)
                                                 for _ in range(20)))
                assert replies[0].status_code in (200, 304), replies[0].text
            result[name] = round((cpu_seconds(pid) - before) / reads * 1000, 2)
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, default=None)
    parser.add_argument("--reads", type=int, default=400)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-standings-cpu-") as data_dir:
        port = free_port()
        server = serve(Path(data_dir), port, args.before)
        try:
            result = asyncio.run(measure(f"http://127.0.0.1:{port}", server.pid, args.reads))
        finally:
            server.terminate()
            server.wait(30)
    print("server CPU ms per read: " + ", ".join(f"{k} {v}" for k, v in result.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
