"""The pacer that keeps every request to Scryfall at least its interval apart."""

from __future__ import annotations

import itertools
import threading

from server.cards.scryfall import Pacer, search_url


class Clock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 3))
        self.now += seconds


def test_requests_in_a_row_wait_out_the_interval() -> None:
    clock = Clock()
    pacer = Pacer(0.1, clock=lambda: clock.now, sleep=clock.sleep)
    for _ in range(4):
        pacer.wait()
    assert clock.slept == [0.1, 0.1, 0.1]


def test_a_request_after_a_pause_does_not_wait() -> None:
    clock = Clock()
    pacer = Pacer(0.1, clock=lambda: clock.now, sleep=clock.sleep)
    pacer.wait()
    clock.now += 5
    pacer.wait()
    assert clock.slept == []


def test_a_late_wake_up_pushes_the_next_request_back() -> None:
    """A busy machine may wake a sleeper late. The next request then waits a whole
    interval from when this one really left, not from when it was due."""
    clock = Clock()
    oversleep = [0.03]

    def late_sleep(seconds: float) -> None:
        clock.sleep(seconds + (oversleep.pop() if oversleep else 0.0))

    pacer = Pacer(0.1, clock=lambda: clock.now, sleep=late_sleep)
    starts = []
    for _ in range(3):
        pacer.wait()
        starts.append(clock.now)
    gaps = [round(b - a, 6) for a, b in itertools.pairwise(starts)]
    assert gaps == [0.13, 0.1]


def test_threads_share_one_pace() -> None:
    clock = Clock()
    lock = threading.Lock()

    def sleep(seconds: float) -> None:
        with lock:
            clock.sleep(seconds)

    pacer = Pacer(0.05, clock=lambda: clock.now, sleep=sleep)
    threads = [threading.Thread(target=pacer.wait) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(clock.slept) == 7 and clock.now >= 100 + 7 * 0.05 - 1e-9


def test_the_search_asks_for_every_printing_of_the_set_in_order() -> None:
    assert search_url("https://api.scryfall.com/", "CMR") == (
        "https://api.scryfall.com/cards/search?q=e%3Acmr&unique=prints&order=set")
