"""The pacer that keeps every request to Scryfall at least its interval apart."""

from __future__ import annotations

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
