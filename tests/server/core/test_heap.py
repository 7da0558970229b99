"""The serving process's collector settings (`server/core/heap.py`)."""

from __future__ import annotations

import gc

import pytest

from server.core.heap import YOUNG_THRESHOLD, settle_heap


@pytest.mark.usefixtures("restored_gc")
def test_settling_freezes_the_start_up_heap_and_raises_the_young_threshold() -> None:
    assert gc.get_freeze_count() == 0
    settle_heap()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD


@pytest.mark.usefixtures("restored_gc")
def test_cycles_made_after_settling_are_still_collected() -> None:
    settle_heap()

    class Node:
        other: object = None

    first, second = Node(), Node()
    first.other, second.other = second, first
    del first, second
    assert gc.collect() >= 2
