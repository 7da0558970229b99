"""Instructions the server executes per table-pace pick, counted by callgrind (issue #45).

Why instructions and not CPU time: on this shared 2-core machine the load runs from 1 to
17, and CPU per pick moved more with the load (picks queued under load share a commit and
a wake-up) than with any change to the code. Instructions executed by the server process,
every thread, counted by `valgrind --tool=callgrind`, do not depend on the load when the
work itself does not: one pick at a time, each waited for before the next, so that no two
picks ever share a commit, a wake-up or a frame.

What is counted: a fresh `prismatic serve` (SQLite, `synchronous=FULL`, the acknowledgement
after the commit, as served) starts under callgrind with its instrumentation off (the
start-up is not counted, and runs ~5x faster). Then, each window zeroed before and dumped
after with `callgrind_control` (every thread of the server, all of its work: the socket
stack, the engine, the writer, the views, and the timers that ran meanwhile):
- `echo`: N WebSocket echo round trips, one at a time, each followed by the same pause as
  a pick: the floor of the socket stack (uvicorn, websockets, the loop);
- `idle`: every seat's socket open and nothing sent, for as long as the picks' pauses last
  in all: what the timers cost while people think;
- `picks`: one pod of eight phones drafting through the real WebSocket path, one pick at
  a time (the lowest seat that has a pack picks the first cards of it), each followed by a
  pause in which its views reach the other phones.

Usage (two runs of one commit to show it repeats, then another checkout with its .venv):
    python -m bench.pick_instructions [--picks 240] [--pause-s 0.1] [--json]
    python -m bench.pick_instructions --server-checkout ../before
Python under callgrind runs ~50x slower: a full pod (240 picks) takes several minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection

from loadgen.phones import open_pod, open_socket, start_pod, ws_url
from loadgen.run import free_port

START_SECONDS = 900
"""A server's start under valgrind (imports, migrations), even uninstrumented, on a
saturated machine: minutes."""

TIMEOUT_S = 300.0
"""The longest wait for one message from the server under callgrind."""


def _callgrind_control(pid: int, *options: str) -> None:
    """One command to the running callgrind (through vgdb); it returns once done."""
    subprocess.run(["callgrind_control", *options, str(pid)], check=True,
                   capture_output=True, timeout=TIMEOUT_S)


def instructions(dump: Path) -> int:
    """The `summary:` (or `totals:`) of a callgrind dump: instructions executed (Ir)."""
    for line in dump.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"{dump} has no summary line")


@dataclass
class Server:
    """A `prismatic serve` under callgrind: its URL, its valgrind pid and its dumps."""

    base: str
    pid: int
    out_dir: Path
    opened_at: float = 0.0
    seconds: list[float] = field(default_factory=list)
    """Each window's length in seconds, in order: the timers' share of it is per second."""

    def instrument(self) -> None:
        """Count from now on (the warm-up before ran uninstrumented, ~10x faster)."""
        _callgrind_control(self.pid, "--instr=on")

    def window_start(self) -> None:
        _callgrind_control(self.pid, "--zero")
        self.opened_at = time.monotonic()

    def window_end(self) -> int:
        """Dump what was counted since `window_start`; its instruction count."""
        before = set(self.out_dir.glob("callgrind.out.*"))
        _callgrind_control(self.pid, "--dump")
        self.seconds.append(time.monotonic() - self.opened_at)
        made = sorted(set(self.out_dir.glob("callgrind.out.*")) - before,
                      key=lambda p: p.stat().st_mtime)
        if not made:
            raise RuntimeError("callgrind wrote no dump")
        return instructions(made[-1])


@contextlib.contextmanager
def served(checkout: Path | None, data_dir: Path) -> Iterator[Server]:
    """A fresh server of `checkout` (its own .venv), or of this one, under callgrind."""
    port = free_port()
    root = checkout or Path(__file__).resolve().parent.parent
    python = str(root / ".venv" / "bin" / "python") if checkout else sys.executable
    out_dir = data_dir / "callgrind"
    out_dir.mkdir()
    command = ["valgrind", "--tool=callgrind", "--instr-atstart=no",
               f"--callgrind-out-file={out_dir}/callgrind.out.%p",
               python, "-m", "server", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--data-dir", str(data_dir / "data")]
    log = data_dir / "server.log"
    env = {**os.environ, "PRISMATIC_BENCH_ECHO": "1", "PRISMATIC_CARD_TEXT_ON_START": "0"}
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, cwd=root,
                                   env=env)
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_healthy(base, process, log)
            yield Server(base, process.pid, out_dir)
        finally:
            process.terminate()
            try:
                process.wait(timeout=120)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_healthy(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited at start:\n{log.read_text()[-2000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/healthz", timeout=5).status_code == 200:
                return
        time.sleep(0.5)
    raise RuntimeError(f"the server did not answer within {START_SECONDS} s")


async def echo_window(server: Server, round_trips: int, pause_s: float,
                      count: bool = True) -> int | None:
    """Instructions of `round_trips` echo round trips, one at a time, each with a pause
    (with `count` false: a warm-up, not counted)."""
    async with await open_socket(ws_url(server.base, "/ws/echo"), TIMEOUT_S) as ws:
        payload = json.dumps({"type": "pick", "pick": 1, "cards": [1, 2], "ref": "x"})
        if count:
            server.window_start()
        for _ in range(round_trips):
            await ws.send(payload)
            await asyncio.wait_for(ws.recv(), TIMEOUT_S)
            await asyncio.sleep(pause_s)
        return server.window_end() if count else None


@dataclass
class Phone:
    """One seat's socket and the last view it was shown."""

    ws: ClientConnection
    view: dict[str, Any] = field(default_factory=dict)
    sent_pick: int = 0
    acks: int = 0
    frames: int = 0
    errors: list[str] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def listen(self) -> None:
        """Keep the last view and count acknowledgements until the socket closes."""
        async for raw in self.ws:
            self.frames += 1
            message = json.loads(raw)
            kind = message.get("type")
            self.acks += len(message.get("acks") or ()) + (kind == "ack")
            if kind == "error":
                self.errors.append(str(message.get("code")))
            elif kind in ("snapshot", "update"):
                if kind == "update" and "pack" not in message["view"] and self.view:
                    self.view = {**self.view, **message["view"]}
                else:
                    self.view = message["view"]
            self.changed.set()

    def pack_ready(self) -> bool:
        view = self.view
        return (view.get("phase") == "drafting" and bool(view.get("pack"))
                and view["pick"] > self.sent_pick)


async def picks_window(server: Server, pause_s: float, limit: int,
                       idle_s: float | None, count: bool = True) -> dict[str, Any]:
    """One pod of eight drafting one pick at a time; with `idle_s`, first an idle window
    of that length with every socket open. Returns the counts and the checks (with
    `count` false: a warm-up, nothing counted)."""
    async with httpx.AsyncClient(base_url=server.base, timeout=TIMEOUT_S) as client:
        host, seats = await open_pod(client, 8, "CMR")
        await start_pod(client, seats[0].pod_id, host)
    phones = [Phone(await open_socket(ws_url(server.base,
                                             f"/ws/pods/{s.pod_id}?token={s.token}"),
                                      TIMEOUT_S, max_size=2**22)) for s in seats]
    listeners = [asyncio.create_task(p.listen()) for p in phones]
    try:
        while not all(p.view for p in phones):
            await asyncio.sleep(0.05)
        idle = counted = None
        if idle_s and count:
            server.window_start()
            await asyncio.sleep(idle_s)
            idle = server.window_end()
        if count:
            server.window_start()
        frames = sum(p.frames for p in phones)
        picks = await _draft_serially(phones, pause_s, limit)
        if count:
            counted = server.window_end()
        frames = sum(p.frames for p in phones) - frames
    finally:
        for phone in phones:
            await phone.ws.close()
        await asyncio.gather(*listeners, return_exceptions=True)
    done = all(p.view.get("phase") != "drafting" for p in phones)
    return {"picks": picks, "instructions": counted, "idle_instructions": idle,
            "frames": frames,
            "acks": sum(p.acks for p in phones),
            "errors": sorted({e for p in phones for e in p.errors}),
            "pools": [p.view.get("pool_count") for p in phones] if done else None}


async def _draft_serially(phones: list[Phone], pause_s: float, limit: int) -> int:
    """Pick one card at a time until the draft ends or `limit` picks were made: the
    lowest seat with a pack picks, waits for its acknowledgement, then the pause."""
    picks = 0
    while picks < limit:
        ready = next((p for p in phones if p.pack_ready()), None)
        if ready is None:
            if all(p.view.get("phase") != "drafting" for p in phones):
                return picks
            waits = [asyncio.create_task(p.changed.wait()) for p in phones]
            for phone in phones:
                phone.changed.clear()
            done, pending = await asyncio.wait(waits, timeout=TIMEOUT_S,
                                               return_when=asyncio.FIRST_COMPLETED)
            for task in pending:
                task.cancel()
            if not done:
                raise RuntimeError("no seat was shown a pack")
            continue
        view, acks = ready.view, ready.acks
        cards = [card["id"] for card in view["pack"][: view["picks_needed"]]]
        ready.sent_pick = view["pick"]
        await ready.ws.send(json.dumps({"type": "pick", "pick": view["pick"], "cards": cards,
                                        "ref": f"p{picks}"}))
        picks += 1
        deadline = time.monotonic() + TIMEOUT_S
        while ready.acks == acks:
            if time.monotonic() > deadline:
                raise RuntimeError(f"pick {picks} was not acknowledged")
            await asyncio.sleep(0.005)
        await asyncio.sleep(pause_s)
    return picks


WARM_UP_PAUSE_S = 0.02


async def _measure(server: Server, picks: int, pause_s: float) -> dict[str, Any]:
    """A warm-up uninstrumented (a whole pod and a few echoes: every module the draft
    imports lazily, the caches the server fills once), then the counted windows."""
    await echo_window(server, 5, WARM_UP_PAUSE_S, count=False)
    warm = await picks_window(server, WARM_UP_PAUSE_S, 10_000, None, count=False)
    if warm["errors"] or warm["pools"] is None:
        raise RuntimeError(f"the warm-up pod did not draft: {warm}")
    server.instrument()
    echo = await echo_window(server, picks, pause_s)
    pod = await picks_window(server, pause_s, picks, idle_s=picks * pause_s)
    assert echo is not None and pod["instructions"] is not None
    made, idle = pod["picks"], pod["idle_instructions"]
    echo_s, idle_s, picks_s = server.seconds
    per_s = idle / idle_s
    return {
        "picks": made, "pause_s": pause_s,
        "instructions_per_pick": round(pod["instructions"] / made),
        "echo_instructions_per_round_trip": round(echo / picks),
        # The timers' instructions per second while nothing is sent: a window's share of
        # them depends on its length, which the machine's load stretches.
        "idle_instructions_per_s": round(per_s),
        "net_instructions_per_pick": round((pod["instructions"] - per_s * picks_s) / made),
        "net_echo_instructions_per_round_trip": round((echo - per_s * echo_s) / picks),
        "window_seconds": {"echo": round(echo_s, 1), "idle": round(idle_s, 1),
                           "picks": round(picks_s, 1)},
        # Frames the phones received in the picks window (views, acks): a frame is a
        # system call on the server, which these instructions do not count.
        "frames_per_pick": round(pod["frames"] / made, 2),
        "acks": pod["acks"], "errors": pod["errors"], "pools": pod["pools"],
        "load_avg_1m": round(os.getloadavg()[0], 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--picks", type=int, default=240,
                        help="picks to count (240: a whole pod of eight; also the echo "
                             "round trips)")
    parser.add_argument("--pause-s", type=float, default=0.1,
                        help="seconds after each acknowledgement before the next pick")
    parser.add_argument("--server-checkout", type=Path, default=None,
                        help="serve another checkout (a directory with its own .venv)")
    parser.add_argument("--keep", type=Path, default=None,
                        help="keep the callgrind dumps in this directory")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.picks < 1 or args.pause_s < 0:
        parser.error("--picks must be at least 1 and --pause-s not negative")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="prismatic-callgrind-") as tmp:
        with served(args.server_checkout, Path(tmp)) as server:
            figures = asyncio.run(_measure(server, args.picks, args.pause_s))
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            for dump in (Path(tmp) / "callgrind").glob("callgrind.out.*"):
                dump.replace(args.keep / dump.name)
    figures["checkout"] = str(args.server_checkout or ".")
    figures["seconds"] = round(time.monotonic() - started)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{figures['checkout']}: {figures['picks']} picks, "
              f"{figures['instructions_per_pick']:,} instructions per pick "
              f"({figures['net_instructions_per_pick']:,} net of the idle timers); echo "
              f"{figures['echo_instructions_per_round_trip']:,} per round trip "
              f"({figures['net_echo_instructions_per_round_trip']:,} net); idle "
              f"{figures['idle_instructions_per_s']:,} per s; windows "
              f"{figures['window_seconds']} s; frames per pick {figures['frames_per_pick']}; "
              f"acks {figures['acks']}, errors {figures['errors']}, pools {figures['pools']}; "
              f"load {figures['load_avg_1m']}, {figures['seconds']} s")
    return 0 if not figures["errors"] and figures["acks"] == figures["picks"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
