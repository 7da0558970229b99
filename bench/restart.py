"""Issue #41's restart goal: from kill -9 to answering `/healthz` in at most 2 s, with a data
dir that holds a season of 10 nights; and `prismatic --help` in under 0.5 s.

Why these figures together: a phone retries a tap for a few seconds while the server is
down, so what counts is the whole gap a kill opens (the new process's imports, the engine,
migrations on an up-to-date database, card data, restoring pods). `import server.app` and
`--help` are printed beside it because imports are most of a start.

The season is built through the HTTP API of a real `prismatic serve` (each night 8 players
draft one pod of CMR, split tables and record a game's winner); the last night is left
playing, as a kill mid-night finds it. Each figure is the median of `--runs` fresh processes.

Usage: python -m bench.restart [--runs 5] [--nights 10] [--data-dir DIR]
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
UP_SECONDS = 120.0
"""A guard against a hang, not a figure: a start that takes longer ends the bench."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PRISMATIC_IMAGES": "local", "PRISMATIC_CARD_TEXT_ON_START": "0",
           "PRISMATIC_PUBLIC_URL": "http://prismatic.test"}
    return subprocess.Popen(
        [sys.executable, "-m", "server", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data-dir", str(data_dir), "--no-qr"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_until_up(port: int, process: subprocess.Popen[bytes]) -> float:
    """Seconds until `/healthz` answers 200 (polled every 10 ms)."""
    started = time.perf_counter()
    while time.perf_counter() - started < UP_SECONDS:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with {process.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return time.perf_counter() - started
        except httpx.TransportError:
            time.sleep(0.01)
    raise SystemExit("the server did not start")


def kill(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait(30)


def kill_to_healthz(data_dir: Path, runs: int) -> list[float]:
    """Each run: a server up, then kill -9, and the seconds from the kill to a new
    process answering `/healthz` on the same port."""
    port = free_port()
    process = serve(data_dir, port)
    wait_until_up(port, process)
    gaps = []
    for _ in range(runs):
        killed = time.perf_counter()
        kill(process)
        process = serve(data_dir, port)
        wait_until_up(port, process)
        gaps.append(time.perf_counter() - killed)
    kill(process)
    return gaps


def process_seconds(argv: list[str], runs: int) -> list[float]:
    """Wall seconds of a fresh Python process running `argv` to its end."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, *argv], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return times


def ok(response: httpx.Response) -> Any:
    if response.status_code >= 300:
        raise SystemExit(f"{response.request.method} {response.request.url}: "
                         f"{response.status_code} {response.text[:300]}")
    return response.json()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def draft(client: httpx.Client, pod_id: str, tokens: list[str]) -> None:
    """Every seat takes the first cards of its pack until the draft ends."""
    views = [ok(client.get(f"/api/pods/{pod_id}/me", headers=bearer(t))) for t in tokens]
    while any(view["phase"] == "drafting" for view in views):
        for index, token in enumerate(tokens):
            view = views[index]
            if view["phase"] != "drafting" or not view["pack"]:
                views[index] = ok(client.get(f"/api/pods/{pod_id}/me", headers=bearer(token)))
                continue
            cards = [card["id"] for card in view["pack"][: view["picks_needed"]]]
            views[index] = ok(client.post(f"/api/pods/{pod_id}/picks", headers=bearer(token),
                                          json={"pick": view["pick"], "cards": cards}))


def play_night(client: httpx.Client, season: dict[str, Any], seed: int, finish: bool) -> None:
    """One night of the season: 8 players, one pod drafted, tables split, a game won."""
    night = ok(client.post("/api/events", headers=bearer(season["host_token"]),
                           json={"set": "CMR", "seed": seed,
                                 "season_id": season["season_id"]}))
    host = bearer(night["host_token"])
    event = f"/api/events/{night['event_id']}"
    tokens = {name: ok(client.post(f"{event}/players", json={"name": name}))["player_token"]
              for name in PLAYERS}
    formed = ok(client.post(f"{event}/pods", headers=host, json={"policy": "balanced"}))
    ok(client.post(f"{event}/start", headers=host))
    for pod in formed["pods"]:
        pod_id = pod["pod_id"]
        draft(client, pod_id, [tokens[p["name"]] for p in pod["players"]])
        ok(client.post(f"/api/pods/{pod_id}/tables", headers=host,
                       json={"without_decks": True}))
        if not finish:
            continue
        game = ok(client.get(f"/api/pods/{pod_id}/games/1", headers=host))
        winner = game["players"][seed % len(game["players"])]["player_id"]
        ok(client.post(f"/api/pods/{pod_id}/games/1/winner", headers=host,
                       json={"player_id": winner}))
        ok(client.post(f"/api/pods/{pod_id}/games/1/next", headers=host))


def build_season(data_dir: Path, nights: int) -> None:
    port = free_port()
    process = serve(data_dir, port)
    try:
        wait_until_up(port, process)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
            season = ok(client.post("/api/seasons", json={"name": "Bench League",
                                                          "scoring": "win-draw-loss"}))
            for night in range(nights):
                play_night(client, season, seed=100 + night, finish=night < nights - 1)
    finally:
        kill(process)


def median_line(label: str, values: list[float]) -> str:
    shown = ", ".join(f"{v:.2f}" for v in values)
    return f"{label:<44} median {statistics.median(values):6.2f} s   ({shown})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--nights", type=int, default=10)
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="a season's data dir to reuse (built there when empty)")
    args = parser.parse_args(argv)
    lines = [
        median_line("prismatic --help", process_seconds(["-m", "server", "--help"], args.runs)),
        median_line("python -c 'import server.app'",
                    process_seconds(["-c", "import server.app"], args.runs)),
    ]
    with tempfile.TemporaryDirectory(prefix="bench-restart-") as scratch:
        empty = Path(scratch) / "empty"
        lines.append(median_line("kill -9 -> /healthz, empty data dir",
                                 kill_to_healthz(empty, args.runs)))
        season_dir = args.data_dir or Path(scratch) / "season"
        if not (season_dir / "prismatic.db").exists():
            started = time.perf_counter()
            build_season(season_dir, args.nights)
            print(f"(built a season of {args.nights} nights in "
                  f"{time.perf_counter() - started:.0f} s)", file=sys.stderr)
        lines.append(median_line(f"kill -9 -> /healthz, season of {args.nights} nights",
                                 kill_to_healthz(season_dir, args.runs)))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
