"""Issue #46: the seat page as a store's cheapest phone meets it over a crowded Wi-Fi.

Chromium (Debian's) in a mobile context (390×844, scale 3, touch), its CPU throttled 4× and
its network emulated through the DevTools protocol (150 ms, 1.6 Mbit/s down, 0.75 up), opens
a pod's join link, takes a seat among bots and drafts a few picks. Per run it measures:
- join link → name form usable: the pod is described and the join page's script handles the
  form (ms since the navigation started, read in the page);
- submit name → lobby: from the tap on "Join" (the join page) to the seat page's lobby, both
  read on the browser's clock (`performance.timeOrigin + now()`), `TYPING_S` after the form
  was usable (a person types a name), and the sum of the two: join link → lobby, the typing
  left out;
- bytes of a cold seat page (a fresh context: nothing cached) and of a warm reload (the
  same context again), as the network layer counts them (`encodedDataLength`: headers and
  compressed bodies, sockets excluded);
- pick confirmed → next pack painted: from the tap on "Take these 2" to the first frame
  after the next pack is on screen, for each of `--picks` picks;
- last pick → builder: the rest of the draft goes through the API but for the last pick,
  which the phone makes; from its tap to the first frame with the builder on screen;
- builder Add/Remove → counts updated: from a tap on a row's Add (then Remove) to the first
  frame after the deck's count changed, `--picks` of each;
- replay cold load: a fresh context opens the seat's replay once the draft is over, from the
  navigation to the first frame with the pack (or the page's "not yet" rule) on screen;
- the bytes of a cold load and a warm reload of the join page and of the replay page.
It prints medians and p95 over `--runs` runs. `--before DIR` serves another checkout of the
project (e.g. `git worktree add DIR main`) in turn with this one, run after run
(interleaved, so the machine's load falls on both alike), and prints both side by side.

Usage: python -m bench.phone [--runs 5] [--picks 5] [--cpu 4] [--before DIR] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
LATENCY_MS = 150
DOWN_BITS = 1.6e6
UP_BITS = 0.75e6
TYPING_S = 2.0

# Usable: the pod is described and the page's script handles the form (a page that marks
# its form `data-script="waiting"` says so; one without the mark described it by script).
POD_DESCRIBED = """() => {
  const info = document.querySelector("#pod-info");
  const form = document.querySelector("#join-form");
  const ready = form && form.dataset.script !== "waiting";
  return info && info.textContent && ready ? performance.now() : null;
}"""
SUBMIT_NAME = """() => {
  sessionStorage.setItem("bench:submit", String(performance.timeOrigin + performance.now()));
  document.querySelector("button[type=submit]").click();
}"""
IN_LOBBY = """() => document.body?.dataset.phase === 'lobby'
  ? performance.timeOrigin + performance.now() - Number(sessionStorage.getItem("bench:submit"))
  : null"""
REPLAY_SHOWN = """() => new Promise((resolve) => {
  const check = () => {
    const shown = document.querySelector("#replay:not([hidden]) #replay-pack .card")
      || document.querySelector("#replay-hidden:not([hidden])");
    if (shown) {
      requestAnimationFrame(() => resolve([performance.now(), shown.id === "replay-hidden"]));
    } else {
      requestAnimationFrame(check);
    }
  };
  check();
})"""
JOIN_READY = """() => document.querySelector("#pod-info")?.textContent"""
REPLAY_READY = """() => document.querySelector(
  "#replay-pack .card, #replay-hidden:not([hidden])")"""
PICK_PAINTED = """(before) => new Promise((resolve) => {
  const started = performance.now();
  document.querySelector("#take").click();
  const check = () => {
    if (document.body.dataset.pick !== before && document.querySelector("#pack-grid .card")) {
      requestAnimationFrame(() => resolve(performance.now() - started));
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
})"""


LAST_PICK_PAINTED = """() => new Promise((resolve) => {
  const started = performance.now();
  document.querySelector("#take").click();
  const check = () => {
    const builder = document.querySelector("#builder");
    if (builder && !builder.hidden && document.querySelector("#deck-count")) {
      requestAnimationFrame(() => resolve(performance.now() - started));
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
})"""
COUNT_PAINTED = """(list) => new Promise((resolve) => {
  const count = document.querySelector("#deck-count");
  const before = count.textContent;
  const started = performance.now();
  document.querySelector(`#${list} .deck-row .row-actions button:last-child`).click();
  const check = () => {
    if (document.querySelector("#deck-count").textContent !== before) {
      requestAnimationFrame(() => resolve(performance.now() - started));
    } else {
      requestAnimationFrame(check);
    }
  };
  requestAnimationFrame(check);
})"""


def draft_all_but_the_last_pick(base: str, pod: str, token: str) -> int:
    """Every pick of the seat over the API, but its last (left to the phone); returns the
    last pick's number."""
    auth = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, headers=auth, timeout=30) as client:
        for _ in range(2000):
            view = client.get(f"/api/pods/{pod}/me").json()
            if view["phase"] != "drafting":
                raise SystemExit("the draft ended before its last pick")
            pack = view.get("pack")
            if not pack:
                time.sleep(0.05)
                continue
            needed = min(view["picks_needed"], len(pack))
            if view["round"] == view["rounds"] and len(pack) <= needed:
                return int(view["pick"])
            client.post(f"/api/pods/{pod}/picks", json={
                "pick": view["pick"], "cards": [card["id"] for card in pack[:needed]]})
    raise SystemExit("the draft did not come to its last pick")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve(data_dir: Path, port: int, code: Path) -> subprocess.Popen[bytes]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PRISMATIC_")}
    env.update({"PYTHONPATH": str(code), "PRISMATIC_IMAGES": "off",
                "PRISMATIC_CARD_TEXT_ON_START": "0",  # no download during the measure
                "PRISMATIC_PUBLIC_URL": f"http://127.0.0.1:{port}"})
    return subprocess.Popen(
        [sys.executable, "-c", "from server.cli import main; main()", "serve", "--host",
         "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir),
         "--db", f"sqlite:///{data_dir}/db.sqlite3", "--no-qr"],
        cwd=code, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_until_up(base: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.3)
    raise SystemExit(f"the server at {base} did not start")


class Phone:
    """A throttled mobile context and a count of the bytes its network moved."""

    def __init__(self, browser: Browser, cpu: float) -> None:
        self.context: BrowserContext = browser.new_context(
            viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True,
            has_touch=True)
        self.page: Page = self.context.new_page()
        self.bytes = 0
        cdp = self.context.new_cdp_session(self.page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": LATENCY_MS,
            "downloadThroughput": DOWN_BITS / 8, "uploadThroughput": UP_BITS / 8})
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        cdp.on("Network.loadingFinished", self._count)

    def _count(self, event: dict[str, Any]) -> None:
        self.bytes += int(event.get("encodedDataLength", 0))

    def settled_bytes(self) -> int:
        """The bytes moved once the page's loading has settled (no request for 1 s)."""
        self.page.wait_for_load_state("networkidle")
        return self.bytes

    def close(self) -> None:
        self.context.close()


def one_run(browser: Browser, base: str, cpu: float, picks: int) -> dict[str, Any]:
    created = httpx.post(f"{base}/api/pods", json={"seats": 8, "set": "CMR", "seed": 7},
                         timeout=30).json()
    pod, host = created["pod_id"], created["host_token"]
    phone = Phone(browser, cpu)
    try:
        page = phone.page
        page.goto(f"{base}/pods/{pod}/join", wait_until="commit")
        form_ms = float(page.wait_for_function(POD_DESCRIBED, timeout=60_000).json_value())
        page.fill("#f-name", "Ann")
        time.sleep(TYPING_S)  # a person types a name; neither figure counts it
        page.evaluate(SUBMIT_NAME)
        lobby_ms = float(page.wait_for_function(IN_LOBBY, timeout=60_000).json_value())
        token = page.evaluate(f"() => localStorage.getItem('prismatic:seat:{pod}')")
    finally:
        phone.close()
    cold = Phone(browser, cpu)
    try:
        seat_url = f"{base}/pods/{pod}/seat"
        cold.page.goto(f"{seat_url}#seat_token={token}" if token else seat_url)
        cold.page.wait_for_function("() => document.body?.dataset.phase === 'lobby'",
                                    timeout=60_000)
        cold_bytes = cold.settled_bytes()
        cold.bytes = 0
        cold.page.reload()
        cold.page.wait_for_function("() => document.body?.dataset.phase === 'lobby'",
                                    timeout=60_000)
        warm_bytes = cold.settled_bytes()
        httpx.post(f"{base}/api/pods/{pod}/start",
                   headers={"Authorization": f"Bearer {host}"}, timeout=30).raise_for_status()
        pick_ms = []
        for _ in range(picks):
            cold.page.wait_for_function(
                "() => document.body?.dataset.phase === 'drafting'"
                " && document.querySelectorAll('#pack-grid .card').length >= 2",
                timeout=60_000)
            before = cold.page.evaluate("() => document.body.dataset.pick")
            tiles = cold.page.locator("#pack-grid .card")
            tiles.nth(0).click()
            tiles.nth(1).click()
            pick_ms.append(float(cold.page.evaluate(PICK_PAINTED, before)))
        last = draft_all_but_the_last_pick(base, pod, str(token))
        page = cold.page
        page.wait_for_function("(pick) => document.body.dataset.pick === String(pick)"
                               " && document.querySelectorAll('#pack-grid .card').length > 0",
                               arg=last, timeout=60_000)
        for tile in page.locator("#pack-grid .card").all():
            if page.locator("#take").is_disabled():
                tile.click()
        last_ms = float(page.evaluate(LAST_PICK_PAINTED))
        page.wait_for_function("() => document.querySelectorAll('#sideboard .deck-row').length > 0",
                               timeout=60_000)
        edit_ms = []
        for _ in range(picks):
            edit_ms.append(float(page.evaluate(COUNT_PAINTED, "sideboard")))  # Add
        for _ in range(picks):
            edit_ms.append(float(page.evaluate(COUNT_PAINTED, "in-deck")))  # Remove
    finally:
        cold.close()
    replay_url = f"{base}/pods/{pod}/replay"
    replay = Phone(browser, cpu)
    try:
        replay.page.goto(f"{replay_url}#seat_token={token}", wait_until="commit")
        replay_ms, replay_hidden = replay.page.evaluate(REPLAY_SHOWN)
    finally:
        replay.close()
    join_cold, join_warm = page_bytes(browser, cpu, f"{base}/pods/{pod}/join", JOIN_READY)
    replay_cold, replay_warm = page_bytes(browser, cpu, f"{replay_url}#seat_token={token}",
                                          REPLAY_READY)
    return {"form_ms": form_ms, "lobby_ms": lobby_ms, "cold_bytes": cold_bytes,
            "warm_bytes": warm_bytes, "pick_ms": pick_ms, "last_ms": last_ms,
            "edit_ms": edit_ms, "replay_ms": float(replay_ms),
            "replay_hidden": bool(replay_hidden), "join_cold": join_cold,
            "join_warm": join_warm, "replay_cold": replay_cold, "replay_warm": replay_warm}


def page_bytes(browser: Browser, cpu: float, url: str, ready: str) -> tuple[int, int]:
    """The bytes of a cold load of `url` (a fresh context) and of a warm reload of it."""
    phone = Phone(browser, cpu)
    try:
        phone.page.goto(url)
        phone.page.wait_for_function(ready, timeout=60_000)
        cold = phone.settled_bytes()
        phone.bytes = 0
        phone.page.reload()
        phone.page.wait_for_function(ready, timeout=60_000)
        return cold, phone.settled_bytes()
    finally:
        phone.close()


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median": round(statistics.median(ordered), 1), "p95": round(p95, 1)}


def figures(runs: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    return {
        "join link → name form usable (ms)": summary([r["form_ms"] for r in runs]),
        "submit name → lobby (ms)": summary([r["lobby_ms"] for r in runs]),
        "join link → lobby, both (ms)": summary([r["form_ms"] + r["lobby_ms"] for r in runs]),
        "cold seat page (bytes)": summary([r["cold_bytes"] for r in runs]),
        "warm seat reload (bytes)": summary([r["warm_bytes"] for r in runs]),
        "pick confirmed → next pack painted (ms)": summary(
            [ms for r in runs for ms in r["pick_ms"]]),
        "last pick → builder (ms)": summary([r["last_ms"] for r in runs]),
        "builder: Add/Remove → counts updated (ms)": summary(
            [ms for r in runs for ms in r["edit_ms"]]),
        # "replay hidden" counts the runs whose replay showed its "not yet" rule instead.
        "replay cold load (ms)": summary([r["replay_ms"] for r in runs]),
        "replay hidden (runs)": summary([float(sum(r["replay_hidden"] for r in runs))]),
        "join page cold (bytes)": summary([r["join_cold"] for r in runs]),
        "join page warm (bytes)": summary([r["join_warm"] for r in runs]),
        "replay page cold (bytes)": summary([r["replay_cold"] for r in runs]),
        "replay page warm (bytes)": summary([r["replay_warm"] for r in runs]),
    }


def report(results: dict[str, dict[str, dict[str, float]]]) -> str:
    names = list(results)
    lines = [f"{'':42}" + "".join(f"{name:>24}" for name in names)]
    for figure in next(iter(results.values())):
        cells = "".join(f"{results[name][figure]['median']:>11} "
                        f"(p95 {results[name][figure]['p95']:>8})" for name in names)
        lines.append(f"{figure:42}{cells}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--picks", type=int, default=5)
    parser.add_argument("--cpu", type=float, default=4)
    parser.add_argument("--before", type=Path, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    codes = {"after": ROOT} if args.before is None else {"before": args.before, "after": ROOT}
    servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in codes}
    with tempfile.TemporaryDirectory(prefix="bench-phone-") as folder:
        try:
            for name, code in codes.items():
                data = Path(folder) / name
                data.mkdir()
                port = free_port()
                servers[name] = (serve(data, port, code), f"http://127.0.0.1:{port}")
            for _, base in servers.values():
                wait_until_up(base)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM)
                for _ in range(args.runs):
                    for name, (_, base) in servers.items():  # interleaved
                        runs[name].append(one_run(browser, base, args.cpu, args.picks))
                browser.close()
        finally:
            for process, _ in servers.values():
                process.terminate()
                process.wait(30)
    results = {name: figures(found) for name, found in runs.items()}
    print(json.dumps(results, indent=2, ensure_ascii=False) if args.json else report(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
