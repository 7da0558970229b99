"""The store's screen in every phase of a night, at 1280×720 and 1920×1080, for docs/screen.md.

    python scripts/screen_screenshots.py              # write docs/images/screen-*.png
    python scripts/screen_screenshots.py --out DIR    # write them elsewhere

Why a script and not the browser tests: the tests take their screenshots where each rule is
checked, from nights built for that rule, into a git-ignored folder. The documentation wants
one night, told from its first player to its last result, the way a room sees it. This
drives a seeded night of a season over HTTP on a server of its own (SQLite in a temporary
folder, the Internet cut off), with Chromium at both TV sizes:

    season-between  the season's screen before its first night (its standings)
    joining         players arrive (the join QR code, the link, the names)
    drafting        the pods pick (the pick timer)
    building        decks are built (the deckbuilding countdown)
    playing         round 1 at its tables (the round clock the last split started)
    between-rounds  round 2 seated: "Find your table", names in order
    results         the night's end: tonight's results
    season          the night's end: the season's standings under its name

It checks nothing: the browser tests do (`tests/browser/test_screen_layout.py`). Look at
the pictures after a change to the layout, then commit them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, running_server  # noqa: E402
from tests.browser.support import new_context  # noqa: E402

TVS = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}
MOMENTS = ("season-between", "joining", "drafting", "building", "playing", "between-rounds",
           "results", "season")
"""What `run` shoots, in the night's order (docs/screen.md shows each at both sizes)."""
NAMES = ("Alessandra", "Boris", "Chiara", "Dmitri", "Elena", "Federico", "Galina", "Hugo",
         "Irina", "Jonas", "Katya", "Lorenzo")
"""Twelve players: two pods of six, three tables of four in round 1."""


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def ok(response: httpx.Response, status: int = 200) -> Any:
    if response.status_code != status:
        raise SystemExit(f"{response.request.method} {response.request.url}: "
                         f"{response.status_code} {response.text}")
    return response.json()


class Night:
    """A seeded night of a season, driven over HTTP as its host and players would."""

    def __init__(self, http: httpx.Client) -> None:
        self.http = http
        season = ok(http.post("/api/seasons", json={"name": "Friday League",
                                                    "scoring": "placement"}), 201)
        self.season_id, self.season_host = season["season_id"], auth(season["host_token"])
        self.season_screen = ok(http.get(f"/api/seasons/{self.season_id}/host",
                                         headers=self.season_host))["screen_url"]
        self.event_id = ""
        self.host: dict[str, str] = {}
        self.screen = ""
        self.tokens: dict[str, str] = {}
        self.pod_ids: list[str] = []

    def open(self) -> None:
        created = ok(self.http.post("/api/events", headers=self.season_host, json={
            "set": "CMR", "seed": 7, "season_id": self.season_id, "pick_timer_seconds": 600}),
            201)
        self.event_id, self.host = created["event_id"], auth(created["host_token"])
        self.screen = ok(self.http.get(self.url("/host"), headers=self.host))["screen_url"]

    def url(self, suffix: str) -> str:
        return f"/api/events/{self.event_id}{suffix}"

    def join(self) -> None:
        for name in NAMES:
            joined = ok(self.http.post(self.url("/players"), json={"name": name}), 201)
            self.tokens[name] = joined["player_token"]

    def start(self) -> None:
        formed = ok(self.http.post(self.url("/pods"), headers=self.host,
                                   json={"policy": "balanced"}))
        self.pod_ids = [pod["pod_id"] for pod in formed["pods"]]
        ok(self.http.post(self.url("/start"), headers=self.host))

    def pod_of(self, name: str) -> str:
        return str(ok(self.http.get(self.url("/me"), headers=auth(self.tokens[name])))["pod_id"])

    def pick(self, rounds: int | None = None) -> None:
        """Every seat takes the first cards it is passed: `rounds` times, or to the end."""
        seats = [(self.pod_of(name), token) for name, token in self.tokens.items()]
        done = 0
        while rounds is None or done < rounds:
            views = [(pod, token, ok(self.http.get(f"/api/pods/{pod}/me", headers=auth(token))))
                     for pod, token in seats]
            if not any(view["phase"] == "drafting" for _pod, _token, view in views):
                return
            for pod, token, view in views:
                if view["phase"] == "drafting" and view["pack"]:
                    cards = [card["id"] for card in view["pack"][:view["picks_needed"]]]
                    self.http.post(f"/api/pods/{pod}/picks", headers=auth(token),
                                   json={"pick": view["pick"], "cards": cards})
            done += 1

    def clock(self, **body: Any) -> None:
        ok(self.http.post(self.url("/clock"), headers=self.host, json=body))

    def split(self, minutes: int) -> None:
        for pod_id in self.pod_ids:
            ok(self.http.post(f"/api/pods/{pod_id}/tables", headers=self.host,
                              json={"without_decks": True, "clock_minutes": minutes}))

    def tap_lives(self) -> None:
        """A few turns in: each table's first player loses some life to the second."""
        seen: set[str] = set()
        for name, token in self.tokens.items():
            game = ok(self.http.get(f"/api/pods/{self.pod_of(name)}/me",
                                    headers=auth(token)))["game"]
            if game is None or game["game_id"] in seen:
                continue
            seen.add(game["game_id"])
            for n, player in enumerate(game["players"]):
                self.http.post(f"/api/pods/{self.pod_of(name)}/games/{game['table']}",
                               headers=auth(token), json={"kind": "life",
                                                          "target": player["player_id"],
                                                          "delta": -(3 + 4 * n)})

    def win_every_table(self, winner: Callable[[list[str]], str]) -> None:
        """Each current game is won by `winner(its players' names)`."""
        seen: set[str] = set()
        for name, token in self.tokens.items():
            pod = self.pod_of(name)
            game = ok(self.http.get(f"/api/pods/{pod}/me", headers=auth(token)))["game"]
            if game is None or game["game_id"] in seen:
                continue
            seen.add(game["game_id"])
            chosen = winner([p["name"] for p in game["players"]])
            player_id = next(p["player_id"] for p in game["players"] if p["name"] == chosen)
            ok(self.http.post(f"/api/pods/{pod}/games/{game['table']}/winner",
                              headers=self.host, json={"player_id": player_id}))

    def next_round(self, number: int, minutes: int) -> None:
        ok(self.http.post(self.url("/rounds"), headers=self.host,
                          json={"round": number, "clock_minutes": minutes}))

    def end(self) -> None:
        """Every pod ends, the night's first pod last: it holds the later round's tables."""
        for pod_id in reversed(self.pod_ids):
            ok(self.http.post(f"/api/pods/{pod_id}/end", headers=self.host))


def shoot(browser: Browser, url: str, out: Path, moment: str,
          ready: Callable[[Page], None], panel: str | None = None) -> None:
    """`moment` at both sizes: open `url`, wait for `ready`, turn to `panel` if named."""
    if moment not in MOMENTS:
        raise ValueError(f"{moment!r} is not one of MOMENTS (docs/screen.md shows those)")
    for tv, viewport in TVS.items():
        context = new_context(browser, viewport=viewport)
        page = context.new_page()
        page.goto(url)
        ready(page)
        if panel is not None:
            # Stop the page turner where the panel is: turn with the screen's own button.
            target = page.locator(f".slide[data-panel={panel}]").first
            for _ in range(int(page.locator("body").get_attribute("data-pages") or "1")):
                if target.is_visible():
                    break
                page.locator("#next-page").click()
            expect(target).to_be_visible()
        page.wait_for_timeout(300)  # the last frame's fonts and QR image painted
        path = out / f"screen-{moment}-{tv}.png"
        page.screenshot(path=str(path))
        print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
              f"  {path.stat().st_size // 1024} KB")
        context.close()


def run(base: str, browser: Browser, out: Path) -> None:
    with httpx.Client(base_url=base, timeout=60) as http:
        night = Night(http)
        shoot(browser, night.season_screen, out, "season-between",
              lambda page: expect(page.locator("body")).to_have_attribute("data-phase",
                                                                           "between"))
        night.open()
        night.join()
        shoot(browser, night.screen, out, "joining", lambda page: expect(
            page.locator("[data-panel=joining]").first).to_contain_text(NAMES[-1]))
        night.start()
        night.pick(rounds=3)
        shoot(browser, night.screen, out, "drafting",
              lambda page: expect(page.locator(".time-left").first).to_be_visible())
        night.pick()
        night.clock(action="start", round=0, minutes=25)
        shoot(browser, night.screen, out, "building",
              lambda page: expect(page.locator("#round-clock")).to_be_visible())
        night.split(minutes=50)
        night.tap_lives()
        shoot(browser, night.screen, out, "playing",
              lambda page: expect(page.locator("[data-panel=table] .life").first).to_be_visible())
        night.win_every_table(lambda names: names[0])
        night.next_round(2, minutes=50)
        shoot(browser, night.screen, out, "between-rounds",
              lambda page: expect(page.locator("[data-panel=pairings]")).to_be_visible(),
              panel="pairings")
        night.win_every_table(lambda names: names[-1])
        night.end()
        shoot(browser, night.screen, out, "results",
              lambda page: expect(page.locator(".result-line").first).to_be_visible(),
              panel="results")
        shoot(browser, night.screen, out, "season",
              lambda page: expect(page.locator(".result-line").first).to_be_visible(),
              panel="season")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, running_server(Path(data)) as base, \
            sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox", "--disable-gpu",
                                                   "--disable-dev-shm-usage"])
        try:
            run(base, browser, out)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
