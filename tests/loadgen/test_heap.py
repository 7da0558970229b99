"""The bench client's collector is off while its phones draft, and restored after."""

from __future__ import annotations

import gc
import weakref

from loadgen.heap import collector_paused


class Node:
    """A container that can sit in a reference cycle (and be weakly referenced)."""

    def __init__(self) -> None:
        self.other: Node | None = None


def test_no_collection_runs_inside_and_the_collector_is_back_after() -> None:
    collections: list[str] = []

    def seen(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(phase)

    assert gc.isenabled()
    gc.callbacks.append(seen)
    try:
        with collector_paused():
            assert not gc.isenabled()
            collections.clear()
            kept = [Node() for _ in range(50_000)]  # far past any young threshold
            assert collections == []
            del kept
        assert gc.isenabled()
    finally:
        gc.callbacks.remove(seen)


def test_cycles_made_inside_are_collected_when_it_ends() -> None:
    with collector_paused():
        first, second = Node(), Node()
        first.other, second.other = second, first
        gone = weakref.ref(first)
        del first, second
        assert gone() is not None  # reference counting alone cannot free a cycle
    assert gone() is None


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
